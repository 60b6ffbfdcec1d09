// The remission queue, in the database, as the sender reads it: every record gets its
// `remisiones` row, `pendiente`, in the transaction that writes it (resources/facturas/remision.ts);
// the sender takes the pending ones in chain order and builds each one's XML from the record and
// its invoice the first time it sends it.
import type { Knex } from 'knex';
import type { Operacion } from '../resources/facturas/remision.js';
import { registroXml, type DatosRegistro, type RegistroGuardado, type SistemaInformatico } from './xml.js';

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

/** A pending record as the sender handles it: its queue row, its record, and the key its answer line names. */
export interface Pendiente {
  remisionId: number;
  registroId: number;
  facturaId: number;
  tipo: 'alta' | 'anulacion';
  idEmisorFactura: string;
  /** IDFactura + TipoOperacion: what the AEAT's RespuestaLinea names the record by. */
  clave: string;
  xml: string | null;
  respuestaPerdida: boolean;
  intentos: number;
  /** When the record was generated: one sent more than an hour later goes as an incidence. */
  generado: string;
  operacion: Operacion;
}

export const claveDe = (idEmisor: string, numSerie: string, fecha: string, tipo: 'alta' | 'anulacion' | 'Alta' | 'Anulacion') =>
  `${idEmisor}|${numSerie}|${fecha}|${tipo.toLowerCase()}`;

/**
 * The next message: up to `max` pending records of one issuer (a message has one ObligadoEmision),
 * oldest first in chain order. A record whose key already is in the message waits for the next,
 * so every answer line names exactly one record.
 */
export async function siguienteLote(db: Db, max = 1000): Promise<Pendiente[]> {
  const filas = (await db('remisiones as m')
    .join('registros as r', 'r.id', 'm.registroId')
    .where('m.estado', 'pendiente')
    .orderBy('m.registroId')
    .limit(max)
    .select(
      'm.id as remisionId', 'm.registroId', 'm.facturaId', 'm.xml', 'm.respuestaPerdida', 'm.intentos',
      'm.subsanacion', 'm.rechazoPrevio', 'm.sinRegistroPrevio',
      'r.tipo', 'r.idEmisorFactura', 'r.numSerieFactura', 'r.fechaExpedicionFactura', 'r.createdAt',
    )) as Row[];
  const lote: Pendiente[] = [];
  const claves = new Set<string>();
  for (const f of filas) {
    if (f.idEmisorFactura !== filas[0].idEmisorFactura) continue;
    const clave = claveDe(f.idEmisorFactura, f.numSerieFactura, f.fechaExpedicionFactura, f.tipo);
    if (claves.has(clave)) break;
    claves.add(clave);
    lote.push({
      remisionId: Number(f.remisionId),
      registroId: Number(f.registroId),
      facturaId: Number(f.facturaId),
      tipo: f.tipo,
      idEmisorFactura: f.idEmisorFactura,
      clave,
      xml: f.xml ?? null,
      respuestaPerdida: Boolean(f.respuestaPerdida),
      intentos: Number(f.intentos),
      generado: new Date(f.createdAt).toISOString(),
      operacion: { subsanacion: f.subsanacion ?? null, rechazoPrevio: f.rechazoPrevio ?? null, sinRegistroPrevio: f.sinRegistroPrevio ?? null },
    });
  }
  return lote;
}

/** Reads in slices, so a thousand ids never make one statement with a thousand parameters too many. */
async function porTrozos<T>(ids: number[], leer: (trozo: number[]) => Promise<T[]>): Promise<T[]> {
  const todos: T[] = [];
  for (let i = 0; i < ids.length; i += 500) todos.push(...(await leer(ids.slice(i, i + 500))));
  return todos;
}

/**
 * What each record's XML is built from: the record, the one before it in its issuer's chain
 * (found by the index on idEmisorFactura, id), its invoice as it is now, and the invoice a
 * rectificativa corrects. Three reads for the whole message, whatever its size.
 */
export async function datosDeRegistros(db: Db, registroIds: number[], operaciones: Map<number, Operacion> = new Map()): Promise<Map<number, DatosRegistro>> {
  const registros = await porTrozos(registroIds, (ids) =>
    db('registros as r')
      .whereIn('r.id', ids)
      .select(
        'r.*',
        db.raw(`(SELECT MAX(p."id") FROM "registros" p WHERE p."idEmisorFactura" = r."idEmisorFactura" AND p."id" < r."id") AS "anteriorId"`),
      ) as Promise<Row[]>,
  );
  const anteriorIds = registros.map((r) => Number(r.anteriorId)).filter((id) => id > 0);
  const anteriores = new Map(
    (await porTrozos(anteriorIds, (ids) => db('registros').whereIn('id', ids).select('id', 'idEmisorFactura', 'numSerieFactura', 'fechaExpedicionFactura', 'huella') as Promise<Row[]>)).map(
      (a) => [Number(a.id), a],
    ),
  );
  const facturaIds = [...new Set(registros.map((r) => Number(r.facturaId)))];
  const facturas = new Map((await porTrozos(facturaIds, (ids) => db('facturas').whereIn('id', ids).select('*') as Promise<Row[]>)).map((f) => [Number(f.id), f]));
  const rectificadaIds = [...new Set([...facturas.values()].map((f) => Number(f.rectificaId)).filter((id) => id > 0))];
  const rectificadas = new Map(
    (await porTrozos(rectificadaIds, (ids) => db('facturas').whereIn('id', ids).select('id', 'emisorNif', 'serie', 'numero', 'fecha') as Promise<Row[]>)).map((f) => [Number(f.id), f]),
  );
  const datos = new Map<number, DatosRegistro>();
  for (const r of registros) {
    const f = facturas.get(Number(r.facturaId))!;
    const o = f.rectificaId ? rectificadas.get(Number(f.rectificaId)) : undefined;
    datos.set(Number(r.id), {
      registro: r as RegistroGuardado,
      anterior: r.anteriorId ? anteriores.get(Number(r.anteriorId)) as DatosRegistro['anterior'] : undefined,
      factura: {
        emisorNombre: f.emisorNombre,
        clienteNombre: f.clienteNombre,
        clienteNif: f.clienteNif,
        concepto: f.concepto,
        base: Number(f.base),
        tipoIva: Number(f.tipoIva),
        cuotaIva: Number(f.cuotaIva),
        // Until rectificativas por sustitución exist, every rectificativa is por diferencias.
        tipoRectificativa: f.tipoRectificativa ?? null,
        baseRectificada: f.baseRectificada ?? null,
        cuotaRectificada: f.cuotaRectificada ?? null,
        fechaOperacion: f.fechaOperacion ? new Date(f.fechaOperacion).toISOString() : null,
      },
      rectificada: o ? { emisorNif: o.emisorNif, serie: o.serie, numero: Number(o.numero), fecha: new Date(o.fecha).toISOString() } : null,
      operacion: operaciones.get(Number(r.id)),
    });
  }
  return datos;
}

/** The XML of each record of the message that has none stored yet (a record resent keeps its own). */
export async function buildXml(db: Db, lote: Pendiente[], sistema: SistemaInformatico, timeZone: string): Promise<Map<number, string>> {
  const nuevos = lote.filter((p) => !p.xml);
  const datos = await datosDeRegistros(db, nuevos.map((p) => p.registroId), new Map(nuevos.map((p) => [p.registroId, p.operacion])));
  return new Map(nuevos.map((p) => [p.remisionId, registroXml(datos.get(p.registroId)!, sistema, timeZone)]));
}

