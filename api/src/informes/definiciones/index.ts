// Every report the API serves, in the order the admin's «Informes» page shows them. A report is
// one file in this folder and one line here (docs/arquitectura.md §6).
import type { Informe } from '../definir.js';
import alumnosPorCurso from './alumnosPorCurso.js';
import cuponesUsados from './cuponesUsados.js';
import ingresos from './ingresos.js';
import matriculasNuevas from './matriculasNuevas.js';
import matriculasPorCaducar from './matriculasPorCaducar.js';
import pagosPorEstado from './pagosPorEstado.js';
import pagosPorMetodo from './pagosPorMetodo.js';
import pendientes from './pendientes.js';
import resumen from './resumen.js';
import usuariosNuevos from './usuariosNuevos.js';
import ventasPorCurso from './ventasPorCurso.js';

export const informes: readonly Informe[] = [
  resumen,
  ingresos,
  usuariosNuevos,
  pagosPorMetodo,
  pagosPorEstado,
  ventasPorCurso,
  cuponesUsados,
  matriculasNuevas,
  alumnosPorCurso,
  matriculasPorCaducar,
  pendientes,
];
