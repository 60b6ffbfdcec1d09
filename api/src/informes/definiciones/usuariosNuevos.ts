// «Usuarios nuevos»: sign-ups per day, week or month, and how many of them bought.
import { mensajes } from '../../mensajes.js';
import { porIntervalos } from '../calculos.js';
import { defineInforme } from '../definir.js';
import * as q from '../queries.js';
import type { PuntoUsuarios } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;

export default defineInforme<PuntoUsuarios>({
  nombre: 'usuarios-nuevos',
  ...mensajes.informes.catalogo.usuariosNuevos,
  parametros: ['desde', 'hasta', 'agrupacion'],
  filas: 'serie',
  columnas: [
    { clave: 'clave', etiqueta: c.intervalo, tipo: 'texto' },
    { clave: 'nuevos', etiqueta: c.usuariosNuevos, tipo: 'entero' },
    { clave: 'compradores', etiqueta: c.compradores, tipo: 'entero' },
  ],
  compute: porIntervalos(q.usuariosNuevos),
});
