// «Ventas por curso»: sales, revenue, average ticket and refunds per curso, the best first.
import { mensajes } from '../../mensajes.js';
import { porPeriodo } from '../calculos.js';
import { defineInforme } from '../definir.js';
import * as q from '../queries.js';
import type { VentasCurso } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;

export default defineInforme<VentasCurso>({
  nombre: 'ventas-por-curso',
  ...mensajes.informes.catalogo.ventasPorCurso,
  parametros: ['desde', 'hasta'],
  filas: 'cursos',
  columnas: [
    { clave: 'cursoId', etiqueta: c.cursoId, tipo: 'entero' },
    // The pagos of no curso come as one row whose curso is empty.
    { clave: 'titulo', etiqueta: c.curso, tipo: 'texto', vacio: c.sinCurso, enlace: { recurso: 'cursos', id: 'cursoId' } },
    { clave: 'ventas', etiqueta: c.ventas, tipo: 'entero' },
    { clave: 'ingresos', etiqueta: c.ingresos, tipo: 'dinero' },
    { clave: 'ticketMedio', etiqueta: c.ticketMedio, tipo: 'dinero' },
    { clave: 'reembolsos', etiqueta: c.reembolsos, tipo: 'entero' },
    { clave: 'importeReembolsado', etiqueta: c.importeReembolsado, tipo: 'dinero' },
  ],
  compute: porPeriodo('cursos', q.ventasPorCurso),
});
