// «Matrículas nuevas»: matrículas created per day, week or month, and how many came from a pago.
import { mensajes } from '../../mensajes.js';
import { porIntervalos } from '../calculos.js';
import { defineInforme } from '../definir.js';
import * as q from '../queries.js';
import type { PuntoMatriculas } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;

export default defineInforme<PuntoMatriculas>({
  nombre: 'matriculas-nuevas',
  ...mensajes.informes.catalogo.matriculasNuevas,
  parametros: ['desde', 'hasta', 'agrupacion'],
  filas: 'serie',
  columnas: [
    { clave: 'clave', etiqueta: c.intervalo, tipo: 'texto' },
    { clave: 'nuevas', etiqueta: c.matriculasNuevas, tipo: 'entero' },
    { clave: 'dePago', etiqueta: c.dePago, tipo: 'entero' },
  ],
  compute: porIntervalos(q.matriculasNuevas),
});
