// «Pagos por método»: every método, even at zero, with what was paid and what was completed.
import { mensajes } from '../../mensajes.js';
import { porPeriodo } from '../calculos.js';
import { defineInforme } from '../definir.js';
import * as q from '../queries.js';
import type { PagosMetodo } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;

export default defineInforme<PagosMetodo>({
  nombre: 'pagos-por-metodo',
  ...mensajes.informes.catalogo.pagosPorMetodo,
  parametros: ['desde', 'hasta'],
  filas: 'metodos',
  columnas: [
    { clave: 'metodo', etiqueta: c.metodo, tipo: 'texto' },
    { clave: 'pagos', etiqueta: c.pagos, tipo: 'entero' },
    { clave: 'importe', etiqueta: c.importe, tipo: 'dinero' },
    { clave: 'completados', etiqueta: c.completados, tipo: 'entero' },
    { clave: 'importeCompletado', etiqueta: c.importeCompletado, tipo: 'dinero' },
  ],
  compute: porPeriodo('metodos', q.pagosPorMetodo),
});
