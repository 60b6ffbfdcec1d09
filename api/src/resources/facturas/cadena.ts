// The VeriFactu chain: one per issuer, across all its series. A record is appended with the
// issuer's chain row locked, so two emissions at once never both take the same previous huella.
import type { Knex } from 'knex';
import { lockRow } from '../../db/filas.js';
import { fechaHoraConHuso } from '../../base/tiempo.js';
import { mensajes } from '../../mensajes.js';
import type { Escritor, Facturacion } from '../../base/types.js';
import { esNumSerieFactura, fechaExpedicion, PATRON_NUM_SERIE_FACTURA, importeDecimal, numSerieFactura } from './formato.js';
import { nuevaRemision, remisionDe, type Operacion } from './remision.js';
import { huella, textoAlta, textoAnulacion } from './verifactu.js';

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

/** Takes the issuer's chain for the rest of the transaction (SQLite has one writer anyway). */
async function lockCadena(trx: Db, emisorNif: string) {
  await trx('cadenas').insert({ emisorNif }).onConflict('emisorNif').ignore();
  await lockRow(trx, 'cadenas', { emisorNif }, 'emisorNif');
}

/** The record of an invoice that follows `huellaAnterior` in its issuer's chain, as stored. */
function registroDe(factura: Row, tipo: 'alta' | 'anulacion', huellaAnterior: string, f: Pick<Facturacion, 'timeZone'>, ahora: Date): Row {
  const comun = {
    idEmisorFactura: String(factura.emisorNif),
    numSerieFactura: numSerieFactura(factura.serie, factura.numero),
    fechaExpedicionFactura: fechaExpedicion(factura.fecha, f.timeZone),
    huellaAnterior,
    fechaHoraHusoGenRegistro: fechaHoraConHuso(ahora, f.timeZone),
  };
  const registro =
    tipo === 'alta'
      ? { ...comun, tipoFactura: factura.tipo, cuotaTotal: importeDecimal(Number(factura.cuotaIva)), importeTotal: importeDecimal(Number(factura.total)) }
      : { ...comun, tipoFactura: null, cuotaTotal: null, importeTotal: null };
  const texto = tipo === 'alta' ? textoAlta(registro as Parameters<typeof textoAlta>[0]) : textoAnulacion(comun);
  return { tipo, facturaId: factura.id, ...registro, huella: huella(texto) };
}

/** The last huella of the issuer's chain, with the chain taken for the rest of the transaction. */
async function ultimaHuella(trx: Db, emisorNif: string): Promise<string> {
  await lockCadena(trx, emisorNif);
  const anterior = (await trx('registros').where('idEmisorFactura', emisorNif).orderBy('id', 'desc').first('huella')) as Row | undefined;
  return anterior?.huella ?? '';
}

/**
 * Appends the alta or anulación record of an issued invoice to its issuer's chain, and queues it
 * for the AEAT in the same transaction (a correction says which record it corrects and how).
 */
export async function appendRegistro(
  w: Escritor,
  factura: Row,
  tipo: 'alta' | 'anulacion',
  f: Pick<Facturacion, 'timeZone'>,
  ahora = new Date(),
  correccion?: Operacion & { corrigeId: number },
): Promise<Row> {
  const fila = registroDe(factura, tipo, await ultimaHuella(w.db, String(factura.emisorNif)), f, ahora);
  const id = await w.create('registros', fila);
  await w.create('remisiones', await remisionDe(w.db, { id, facturaId: Number(factura.id), tipo }, correccion));
  return { id, ...fila };
}

export interface Verificacion {
  ok: boolean;
  registros: number;
  /** The first record that does not follow: its id, what is wrong and what was expected. */
  rotura?: { id: number; numSerieFactura: string; motivo: string; esperado: string; encontrado: string };
}

const textoDe = (r: Row) =>
  r.tipo === 'alta'
    ? textoAlta(r as Parameters<typeof textoAlta>[0])
    : textoAnulacion(r as Parameters<typeof textoAnulacion>[0]);

/**
 * Recomputes every record's huella from its own fields and checks each one names the previous
 * record's huella of its issuer, that its invoice's identifier is one the server writes (a serie
 * saved as free text before series were checked, « A-1», reads as another invoice's), and that
 * it still says what its invoice says. Reads in pages by id, so a long chain is not loaded at once.
 */
export async function verifyCadena(db: Db, f: Pick<Facturacion, 'timeZone'>): Promise<Verificacion> {
  const ultima = new Map<string, string>();
  let vistos = 0;
  let desde = 0;
  for (;;) {
    const pagina = (await db('registros as r')
      .leftJoin('facturas as f', 'f.id', 'r.facturaId')
      .where('r.id', '>', desde)
      .orderBy('r.id')
      .limit(1000)
      .select('r.*', 'f.serie', 'f.numero', 'f.fecha', 'f.tipo as tipoDeFactura', 'f.cuotaIva', 'f.total', 'f.emisorNif')) as Row[];
    for (const r of pagina) {
      const breakCadena = (motivo: string, esperado: string, encontrado: string): Verificacion => ({
        ok: false,
        registros: vistos,
        rotura: { id: Number(r.id), numSerieFactura: r.numSerieFactura, motivo, esperado, encontrado },
      });
      const previa = ultima.get(r.idEmisorFactura) ?? '';
      if (r.huellaAnterior !== previa) return breakCadena(mensajes.facturacion.verificacion.encadenamiento, previa, r.huellaAnterior);
      const calculada = huella(textoDe(r));
      if (calculada !== r.huella) return breakCadena(mensajes.facturacion.verificacion.huella, calculada, r.huella);
      if (!esNumSerieFactura(r.numSerieFactura)) return breakCadena(mensajes.facturacion.verificacion.identificador, PATRON_NUM_SERIE_FACTURA, r.numSerieFactura);
      const factura =
        r.tipo === 'alta'
          ? `${r.emisorNif}|${numSerieFactura(r.serie, r.numero)}|${fechaExpedicion(r.fecha, f.timeZone)}|${r.tipoDeFactura}|${importeDecimal(Number(r.cuotaIva))}|${importeDecimal(Number(r.total))}`
          : `${r.emisorNif}|${numSerieFactura(r.serie, r.numero)}|${fechaExpedicion(r.fecha, f.timeZone)}`;
      const registrado =
        r.tipo === 'alta'
          ? `${r.idEmisorFactura}|${r.numSerieFactura}|${r.fechaExpedicionFactura}|${r.tipoFactura}|${r.cuotaTotal}|${r.importeTotal}`
          : `${r.idEmisorFactura}|${r.numSerieFactura}|${r.fechaExpedicionFactura}`;
      if (factura !== registrado) return breakCadena(mensajes.facturacion.verificacion.factura, registrado, factura);
      ultima.set(r.idEmisorFactura, r.huella);
      vistos++;
    }
    if (pagina.length < 1000) return { ok: true, registros: vistos };
    desde = Number(pagina[pagina.length - 1].id);
  }
}

/**
 * Invoices issued before the chain existed (the demo data, a database from before this version)
 * get their records, in order of issue, with the configured issuer where they name none; their
 * series' counters catch up. Runs at start-up, in the Escritor's transaction (the server's);
 * finds nothing to do once done.
 */
export async function chainEmitidas(w: Escritor, f: Facturacion): Promise<number> {
  const trx = w.db;
  const sinAlta = (await trx('facturas')
    .whereNotNull('numero')
    .whereNot('estado', 'borrador')
    .whereNotExists(trx('registros').whereRaw('"registros"."facturaId" = "facturas"."id"').where('registros.tipo', 'alta'))
    .orderBy([{ column: 'fecha' }, { column: 'id' }])
    .select('*')) as Row[];
  const sinAnulacion = (await trx('facturas')
    .where('estado', 'anulada')
    .whereNotExists(trx('registros').whereRaw('"registros"."facturaId" = "facturas"."id"').where('registros.tipo', 'anulacion'))
    .orderBy([{ column: 'updatedAt' }, { column: 'id' }])
    .select('*')) as Row[];
  if (!sinAlta.length && !sinAnulacion.length) return 0;
  // Those that name no issuer take the configured one.
  const emisor = { emisorNif: f.emisor.nif, emisorNombre: f.emisor.nombre, emisorDomicilio: f.emisor.domicilio };
  const sinEmisor = [...new Set([...sinAlta, ...sinAnulacion].filter((x) => !x.emisorNif).map((x) => Number(x.id)))];
  if (sinEmisor.length) await w.updateWhere('facturas', { id: sinEmisor }, emisor);
  // A database from before the chain may hold hundreds of thousands: each issuer's chain is
  // taken once, followed in memory and written in batches, not read back per record.
  const ultimas = new Map<string, string>();
  const filas: Row[] = [];
  const ahora = new Date();
  for (const [factura, tipo] of [...sinAlta.map((x) => [x, 'alta'] as const), ...sinAnulacion.map((x) => [x, 'anulacion'] as const)]) {
    const emisorNif = String(factura.emisorNif ?? emisor.emisorNif);
    if (!ultimas.has(emisorNif)) ultimas.set(emisorNif, await ultimaHuella(trx, emisorNif));
    const fila = registroDe({ ...factura, emisorNif }, tipo, ultimas.get(emisorNif)!, f, ahora);
    ultimas.set(emisorNif, fila.huella);
    filas.push(fila);
  }
  const ids = await w.createMany('registros', filas);
  // In chain order, as the sender takes them.
  await w.createMany('remisiones', ids.map((id, i) => nuevaRemision({ id, facturaId: Number(filas[i].facturaId) })));
  const series = (await trx('facturas').whereNotNull('numero').groupBy('serie').select('serie').max({ n: 'numero' }).max({ fecha: 'fecha' })) as Row[];
  for (const s of series) {
    await trx('contadores').insert({ serie: s.serie, ultimoNumero: 0, ultimaFecha: null }).onConflict('serie').ignore();
    await trx('contadores').where('serie', s.serie).where('ultimoNumero', '<', Number(s.n)).update({ ultimoNumero: Number(s.n), ultimaFecha: s.fecha });
  }
  return sinAlta.length;
}
