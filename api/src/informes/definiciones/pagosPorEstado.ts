// «Pagos por estado»: every estado, even at zero, with its count and amount.
import { mensajes } from '../../mensajes.js';
import { porPeriodo } from '../calculos.js';
import { defineInforme } from '../definir.js';
import * as q from '../queries.js';
import type { PagosEstado } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;

export default defineInforme<PagosEstado>({
  nombre: 'pagos-por-estado',
  ...mensajes.informes.catalogo.pagosPorEstado,
  parametros: ['desde', 'hasta'],
  filas: 'estados',
  columnas: [
    { clave: 'estado', etiqueta: c.estado, tipo: 'texto' },
    { clave: 'pagos', etiqueta: c.pagos, tipo: 'entero' },
    { clave: 'importe', etiqueta: c.importe, tipo: 'dinero' },
  ],
  compute: porPeriodo('estados', q.pagosPorEstado),
});
