// The reports in /openapi.json, derived from their declarations: each GET /informes/<nombre> with
// the parameters it accepts and the schema of its answer, its rows typed by its columns.
import { agrupaciones } from '../base/tiempo.js';
import type { ColumnaInforme, Informe, TipoColumna } from './definir.js';
import { esquemasParametro } from './parametros.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/Error' }) });

const esquemaTipo: Record<TipoColumna, object> = {
  texto: { type: 'string' },
  entero: { type: 'integer' },
  dinero: { type: 'integer', description: 'Céntimos de euro' },
  fecha: { type: 'string', description: 'Día AAAA-MM-DD o instante ISO 8601' },
  porcentaje: { type: 'number', description: 'Proporción: 0,125 es el 12,5 %' },
};

/** One row: its columns, any of which may be empty. */
export const esquemaFila = (columnas: readonly ColumnaInforme[]) => ({
  type: 'object',
  properties: Object.fromEntries(columnas.map((c) => [c.clave, { ...esquemaTipo[c.tipo], nullable: true, title: c.etiqueta }])),
});

export const esquemaPeriodo = {
  type: 'object',
  properties: { desde: { type: 'string', format: 'date', nullable: true }, hasta: { type: 'string', format: 'date' } },
};

/** GET /informes/<nombre>: JSON, or CSV (UTF-8 with BOM, `;`) with `Accept: text/csv`. */
export function informePaths(informes: readonly Informe[]): Record<string, unknown> {
  return Object.fromEntries(
    informes.map((informe) => {
      const fila = esquemaFila(informe.columnas);
      const propias = informe.respuesta ? informe.respuesta(fila) : informe.filas ? { [informe.filas]: { type: 'array', items: fila } } : {};
      // A series says how it was grouped, as its parameter asked.
      const agrupacion = informe.parametros.includes('agrupacion') ? { agrupacion: { type: 'string', enum: agrupaciones } } : {};
      const respuesta = { type: 'object', properties: { periodo: esquemaPeriodo, ...agrupacion, ...propias } };
      return [
        `/informes/${informe.nombre}`,
        {
          get: {
            tags: ['informes'],
            operationId: `Informes.${informe.nombre}`,
            summary: informe.descripcion,
            parameters: informe.parametros.map((p) => esquemasParametro[p]),
            responses: {
              '200': { description: informe.descripcion, content: { ...json(respuesta), 'text/csv': { schema: { type: 'string' } } } },
              '400': error('Parámetros no válidos'),
              '401': error('Sin sesión'),
            },
          },
        },
      ];
    }),
  );
}
