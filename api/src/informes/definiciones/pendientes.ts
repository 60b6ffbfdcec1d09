// «Dinero pendiente»: money stuck now — old pagos pendientes, pagos completados without an
// invoice, facturas no pago settles — as three lists, and in the CSV as one sheet whose first
// column tells them apart.
import { mensajes } from '../../mensajes.js';
import { dias } from '../calculos.js';
import { defineInforme } from '../definir.js';
import { DIAS_PENDIENTE, parseDias, parsePeriodoAbierto } from '../parametros.js';
import * as q from '../queries.js';
import type { PagoPendiente, Pendientes } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;
/** At most this many of each list, the oldest: a longer list is chased from its section. */
const LIMITE_LISTA = 100;

interface Linea {
  tipo: string;
  id: number;
  fecha: string | null;
  usuario: string;
  concepto: string;
  importe: number;
}

const lista = (fila: object) => ({ type: 'object', properties: { total: { type: 'integer' }, importe: { type: 'integer' }, filas: { type: 'array', items: fila } } });

export default defineInforme<Linea>({
  nombre: 'pendientes',
  ...mensajes.informes.catalogo.pendientes,
  parametros: ['desde', 'hasta', 'dias'],
  columnas: [
    { clave: 'tipo', etiqueta: c.tipo, tipo: 'texto' },
    { clave: 'id', etiqueta: c.id, tipo: 'entero' },
    { clave: 'fecha', etiqueta: c.fecha, tipo: 'fecha' },
    { clave: 'usuario', etiqueta: c.usuario, tipo: 'texto' },
    { clave: 'concepto', etiqueta: c.concepto, tipo: 'texto' },
    { clave: 'importe', etiqueta: c.importe, tipo: 'dinero' },
  ],
  async compute({ db, timeZone, query, ahora }) {
    const p = parsePeriodoAbierto(query, timeZone, ahora);
    const n = parseDias(query, DIAS_PENDIENTE);
    const antesDe = new Date(ahora.getTime() - n * 86_400_000).toISOString();
    const listas = await q.pendientes(db, { rango: p, antesDe, limite: LIMITE_LISTA });
    return { cuerpo: { periodo: dias(p), dias: n, limite: LIMITE_LISTA, ...listas }, periodo: p };
  },
  respuesta: () => {
    const pago = { type: 'object', properties: { id: { type: 'integer' }, fecha: { type: 'string', format: 'date-time' }, usuario: { type: 'string' }, curso: { type: 'string', nullable: true }, importe: { type: 'integer' } } };
    const factura = { type: 'object', properties: { id: { type: 'integer' }, serie: { type: 'string' }, numero: { type: 'integer', nullable: true }, cliente: { type: 'string' }, total: { type: 'integer' } } };
    return { dias: { type: 'integer' }, limite: { type: 'integer' }, pagosPendientes: lista(pago), pagosSinFactura: lista(pago), facturasSinPago: lista(factura) };
  },
  filasCsv(cuerpo) {
    const l = cuerpo as unknown as Pendientes;
    const pago = (tipo: string) => (p: PagoPendiente): Linea => ({ tipo, id: p.id, fecha: p.fecha, usuario: p.usuario, concepto: p.curso ?? '', importe: p.importe });
    return [
      ...l.pagosPendientes.filas.map(pago(c.pagoPendiente)),
      ...l.pagosSinFactura.filas.map(pago(c.pagoSinFactura)),
      ...l.facturasSinPago.filas.map((f) => ({
        tipo: c.facturaSinPago,
        id: f.id,
        fecha: f.fecha,
        usuario: f.cliente,
        concepto: `${f.serie}${f.numero === null ? '' : `-${f.numero}`} ${f.concepto}`,
        importe: f.total,
      })),
    ];
  },
});
