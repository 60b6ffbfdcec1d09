// The report routes in /openapi.json, declared beside the catalogue of reports (index.ts) (docs/arquitectura.md §1): app.ts hands them to
// the engine's document with the other plugins'.
import { agrupaciones } from '../base/tiempo.js';
import { common, json } from '../rest/openapi.js';
import { catalogoInformes, DIAS_PENDIENTE } from './index.js';
import { MAX_DIAS_PENDIENTE } from './parametros.js';

const informeParams: Record<string, object> = {
  desde: { name: 'desde', in: 'query', description: 'Primer día (AAAA-MM-DD); por defecto, 29 días antes de «hasta»', schema: { type: 'string', format: 'date' } },
  hasta: { name: 'hasta', in: 'query', description: 'Último día, incluido (AAAA-MM-DD); por defecto, hoy', schema: { type: 'string', format: 'date' } },
  agrupacion: { name: 'agrupacion', in: 'query', schema: { type: 'string', enum: agrupaciones, default: 'dia' } },
  dias: { name: 'dias', in: 'query', description: 'Antigüedad mínima de un pago pendiente, en días', schema: { type: 'integer', minimum: 0, maximum: MAX_DIAS_PENDIENTE, default: DIAS_PENDIENTE } },
};

/** GET /informes/<nombre>: JSON, or CSV (UTF-8 with BOM, `;`) with `Accept: text/csv`. */
export const informePaths = Object.fromEntries(
  Object.entries(catalogoInformes).map(([nombre, { parametros, descripcion }]) => [
    `/informes/${nombre}`,
    {
      get: {
        tags: ['informes'],
        operationId: `Informes.${nombre}`,
        summary: descripcion,
        parameters: parametros.map((p) => informeParams[p]),
        responses: {
          '200': { description: descripcion, content: { ...json({ type: 'object' }), 'text/csv': { schema: { type: 'string' } } } },
          ...common,
        },
      },
    },
  ]),
);
