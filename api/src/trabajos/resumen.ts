// What the administrator's page shows of each kind of background work: whether it runs here at
// all, how its last run went, when the next is due, how many wait, and the recent failures with
// their reason, each one retryable. The answer's shape is the contract's (contrato/trabajos.ts).
import type { Knex } from 'knex';
import type { Ejecucion, EstadoTipo, Fallo, ResumenTipo } from '../../../contrato/trabajos.js';
import type { Trabajo } from './definir.js';
import { CLAVE_PERIODICA } from './desenlace.js';

type Fila = Record<string, any>;

const MAX_FALLOS = 5;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

function buildEjecucion(f: Fila): Ejecucion {
  return {
    id: Number(f.id),
    inicio: iso(f.inicio),
    fin: f.estado === 'ejecutando' ? null : iso(f.fin),
    resultado: f.estado === 'ejecutando' ? 'ejecutando' : f.error ? 'error' : 'hecho',
    error: f.estado === 'ejecutando' ? null : (f.error ?? null),
    intentos: Number(f.intentos),
  };
}

export async function readResumen(db: Knex, tipos: Trabajo[], activo: (t: Trabajo) => boolean, ahora = Date.now()): Promise<ResumenTipo[]> {
  const cuentas = (await db('trabajos')
    .whereIn('tipo', tipos.map((t) => t.nombre))
    .groupBy('tipo', 'estado')
    .select('tipo', 'estado')
    .count({ n: '*' })
    .min({ proximo: 'ejecutarEn' })
    .select(db.raw('SUM(CASE WHEN ?? IS NULL THEN 0 ELSE 1 END) AS ??', ['error', 'conError']))
    .select(db.raw('SUM(CASE WHEN ?? = ? THEN 1 ELSE 0 END) AS ??', ['clave', CLAVE_PERIODICA, 'agenda']))) as Fila[];
  const resumenes: ResumenTipo[] = [];
  for (const t of tipos) {
    const de = (estado: string) => cuentas.find((c) => c.tipo === t.nombre && c.estado === estado);
    // A recurring kind's own row is its schedule (`proxima`), not work waiting.
    const pendientes = Number(de('pendiente')?.n ?? 0) - Number(de('pendiente')?.agenda ?? 0);
    const ejecutando = Number(de('ejecutando')?.n ?? 0);
    const fallidos = Number(de('fallido')?.n ?? 0);
    const reintentando = Number(de('pendiente')?.conError ?? 0);
    const enMarcha = (await db('trabajos').where({ tipo: t.nombre, estado: 'ejecutando' }).orderBy('inicio', 'desc').first()) as Fila | undefined;
    const terminada = enMarcha ?? ((await db('trabajos').where('tipo', t.nombre).whereNotNull('fin').orderBy('fin', 'desc').first()) as Fila | undefined);
    const fallos = (await db('trabajos').where({ tipo: t.nombre, estado: 'fallido' }).orderBy([{ column: 'fin', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(MAX_FALLOS)) as Fila[];
    const proxima = iso(de('pendiente')?.proximo);
    // Due already and not yet taken: waiting for room (or for a runner, if none is running).
    const enCola = proxima !== null && Date.parse(proxima) <= ahora;
    const estado: EstadoTipo = !activo(t) ? 'desactivado' : fallidos ? 'conFallos' : reintentando ? 'reintentando' : ejecutando ? 'ejecutando' : enCola ? 'enCola' : 'alDia';
    resumenes.push({
      tipo: t.nombre,
      etiqueta: t.etiqueta,
      activo: activo(t),
      cadaMs: t.cada ?? null,
      unoALaVez: t.unoALaVez,
      estado,
      pendientes,
      ejecutando,
      fallidos,
      ultima: terminada ? buildEjecucion(terminada) : null,
      proxima,
      fallos: fallos.map((f) => ({ id: Number(f.id), clave: f.clave ?? null, error: f.error ?? null, intentos: Number(f.intentos), fin: iso(f.fin) })),
    });
  }
  return resumenes;
}
