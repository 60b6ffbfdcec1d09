// «Ingresos»: money in and money back per day, week or month, every interval present.
import { mensajes } from '../../mensajes.js';
import { porIntervalos } from '../calculos.js';
import { defineInforme } from '../definir.js';
import * as q from '../queries.js';
import type { PuntoIngresos } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;

export default defineInforme<PuntoIngresos>({
  nombre: 'ingresos',
  ...mensajes.informes.catalogo.ingresos,
  parametros: ['desde', 'hasta', 'agrupacion'],
  filas: 'serie',
  columnas: [
    { clave: 'clave', etiqueta: c.intervalo, tipo: 'texto' },
    { clave: 'pagos', etiqueta: c.pagosCobrados, tipo: 'entero' },
    { clave: 'ingresos', etiqueta: c.ingresos, tipo: 'dinero' },
    { clave: 'reembolsos', etiqueta: c.reembolsos, tipo: 'entero' },
    { clave: 'importeReembolsado', etiqueta: c.importeReembolsado, tipo: 'dinero' },
    { clave: 'ingresosNetos', etiqueta: c.ingresosNetos, tipo: 'dinero' },
    { clave: 'ticketMedio', etiqueta: c.ticketMedio, tipo: 'dinero' },
  ],
  compute: porIntervalos(q.ingresos),
});
