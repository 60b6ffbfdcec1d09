// «Cupones usados»: per cupón, its uses in the period, the discount they gave and the revenue of
// the pagos completados that used it, the most used first.
import { mensajes } from '../../mensajes.js';
import { porPeriodo } from '../calculos.js';
import { defineInforme } from '../definir.js';
import * as q from '../queries.js';
import type { CuponUsado } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;

export default defineInforme<CuponUsado>({
  nombre: 'cupones-usados',
  ...mensajes.informes.catalogo.cuponesUsados,
  parametros: ['desde', 'hasta'],
  filas: 'cupones',
  columnas: [
    { clave: 'cuponId', etiqueta: c.cuponId, tipo: 'entero' },
    { clave: 'codigo', etiqueta: c.cupon, tipo: 'texto', enlace: { recurso: 'cupones', id: 'cuponId' } },
    { clave: 'usos', etiqueta: c.usos, tipo: 'entero' },
    { clave: 'descuento', etiqueta: c.descuento, tipo: 'dinero' },
    { clave: 'pagos', etiqueta: c.pagosConCupon, tipo: 'entero' },
    { clave: 'ingresos', etiqueta: c.ingresosConCupon, tipo: 'dinero' },
  ],
  compute: porPeriodo('cupones', q.cuponesUsados),
});
