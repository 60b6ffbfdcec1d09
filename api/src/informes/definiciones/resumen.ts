// «Resumen»: the headline figures of the period against the period before, one indicator a column.
import { mensajes } from '../../mensajes.js';
import { dias } from '../calculos.js';
import { cabeceraCsv, celdaCsv } from '../csv.js';
import { defineInforme } from '../definir.js';
import { esquemaPeriodo } from '../openapi.js';
import { parsePeriodo, periodoAnterior } from '../parametros.js';
import * as q from '../queries.js';
import type { Resumen } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;
type Periodo = { desde: string; hasta: string };

export default defineInforme<Resumen>({
  nombre: 'resumen',
  ...mensajes.informes.catalogo.resumen,
  parametros: ['desde', 'hasta'],
  columnas: [
    { clave: 'ingresosNetos', etiqueta: c.ingresosNetos, tipo: 'dinero' },
    { clave: 'ingresos', etiqueta: c.ingresos, tipo: 'dinero' },
    { clave: 'pagos', etiqueta: c.pagosCobrados, tipo: 'entero' },
    { clave: 'ticketMedio', etiqueta: c.ticketMedio, tipo: 'dinero' },
    { clave: 'reembolsos', etiqueta: c.reembolsos, tipo: 'entero' },
    { clave: 'importeReembolsado', etiqueta: c.importeReembolsado, tipo: 'dinero' },
    { clave: 'usuariosNuevos', etiqueta: c.usuariosNuevos, tipo: 'entero' },
    { clave: 'cursosVendidos', etiqueta: c.cursosVendidos, tipo: 'entero' },
  ],
  async compute({ db, timeZone, query, ahora }) {
    const actual = parsePeriodo(query, timeZone, ahora);
    // The default period is «the last 30 days»: compared with the 30 before, even when it happens to start on the 1st.
    const anterior = periodoAnterior(actual, timeZone, { soloDias: query.desde === undefined || query.desde === '' });
    const cifras = await q.resumen(db, { actual, previo: anterior });
    return { cuerpo: { periodo: dias(actual), anterior: dias(anterior), ...cifras }, periodo: actual };
  },
  respuesta: (fila) => ({ anterior: esquemaPeriodo, actual: fila, previo: fila }),
  // One line per indicator, the two periods side by side.
  tablaCsv(cuerpo, { timeZone }) {
    const { periodo, anterior, actual, previo } = cuerpo as { periodo: Periodo; anterior: Periodo; actual: Resumen; previo: Resumen };
    return {
      cabecera: [c.indicador, c.periodoActual(periodo.desde, periodo.hasta), c.periodoAnterior(anterior.desde, anterior.hasta)],
      filas: this.columnas.map((col) => [cabeceraCsv(col), celdaCsv(col, actual[col.clave as keyof Resumen], timeZone), celdaCsv(col, previo[col.clave as keyof Resumen], timeZone)]),
    };
  },
});
