// What the admin shows of the remission (Orden art. 16.4 asks that the pending
// count be shown while an incident keeps records from reaching the AEAT).
import type { Knex } from 'knex';
import type { EstadoRemision } from '../../../contrato/verifactu.js';
import type { Config } from '../config/index.js';
import { fechaEs } from './certificado.js';
import { getFinRelevo, MAX_REGISTROS, RETRASO_MS } from './remitente.js';
import { ERRORES_DEL_CLIENTE } from '../resources/facturas/subsanar.js';

type Row = Record<string, any>;

const cuenta = async (q: Knex.QueryBuilder) => Number(((await q.count({ n: '*' })) as Row[])[0].n);

export async function estadoRemision(db: Knex, config: Pick<Config, 'verifactu' | 'env'>, ahora = new Date()): Promise<EstadoRemision> {
  const v = config.verifactu;
  const fila = (await db('verifactu').where('id', 1).first()) as Row;
  const pendientes = await cuenta(db('remisiones').where('estado', 'pendiente'));
  const antiguo = (await db('remisiones').where('estado', 'pendiente').orderBy('registroId').first('createdAt')) as Row | undefined;
  const retrasados = await cuenta(db('remisiones').where('estado', 'pendiente').where('createdAt', '<', new Date(ahora.getTime() - RETRASO_MS).toISOString()));
  const rechazados = await cuenta(db('remisiones').where({ estado: 'incorrecto', vigente: true }));
  const conErrores = await cuenta(db('remisiones').where({ estado: 'aceptadoConErrores', vigente: true }));
  const ultimo = (await db('envios').orderBy('id', 'desc').first()) as Row | undefined;
  const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

  let siguienteEnvio: string | null = null;
  const bloqueado = Boolean(fila.bloqueoHuella);
  if (v.modo !== 'desactivado' && pendientes && !bloqueado) {
    const porFlujo = fila.ultimoEnvio && pendientes < MAX_REGISTROS ? new Date(fila.ultimoEnvio).getTime() + Number(fila.tiempoEspera) * 1000 : 0;
    const porFallo = fila.siguienteEnvio ? new Date(fila.siguienteEnvio).getTime() : 0;
    siguienteEnvio = new Date(Math.max(porFlujo, porFallo, getFinRelevo(ultimo, v.timeoutMs), ahora.getTime())).toISOString();
  }
  return {
    modo: v.modo,
    avisoDesactivado: v.modo === 'desactivado' && config.env === 'production',
    pendientes,
    retrasados,
    pendienteMasAntiguo: iso(antiguo?.createdAt),
    rechazados,
    conErrores,
    ultimoEnvio: ultimo
      ? { inicio: iso(ultimo.inicio)!, fin: iso(ultimo.fin), estado: ultimo.estado, estadoEnvio: ultimo.estadoEnvio, csv: ultimo.csv, registros: Number(ultimo.registros), error: ultimo.error }
      : null,
    siguienteEnvio,
    tiempoEspera: Number(fila.tiempoEspera),
    fallosSeguidos: Number(fila.fallosSeguidos),
    bloqueo: bloqueado ? { codigo: fila.bloqueoCodigo === null ? null : Number(fila.bloqueoCodigo), texto: fila.bloqueoTexto, desde: iso(fila.bloqueoDesde)! } : null,
    certificado: v.certificado ? { titular: v.certificado.titular, caduca: v.certificado.caduca.toISOString(), caducaEs: fechaEs(v.certificado.caduca) } : null,
    erroresDelCliente: [...ERRORES_DEL_CLIENTE],
  };
}

/** Lifts a refused message's block and a failure's pause: the sender tries at its next look. */
export async function reintentar(db: Knex): Promise<void> {
  await db('verifactu').where('id', 1).update({ bloqueoCodigo: null, bloqueoTexto: null, bloqueoDesde: null, bloqueoHuella: null, siguienteEnvio: null, fallosSeguidos: 0 });
}
