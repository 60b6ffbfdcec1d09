// The statement import in /openapi.json, declared beside its route (index.ts): app.ts hands it to
// the engine's document with the other plugins' (docs/arquitectura.md §1, §21). Confirming is the
// extracto's action, which the engine documents itself.
import { common, errorResponse } from '../rest/openapi.js';
import { mensajes } from '../mensajes.js';

export const extractosPaths = {
  '/extractos/importar': {
    post: {
      tags: ['extractos'],
      operationId: 'Extracto.importar',
      summary: mensajes.extractos.resumenImportar,
      parameters: [{ name: 'nombre', in: 'query', required: false, description: 'Nombre del fichero, para reconocerlo en la lista', schema: { type: 'string', maxLength: 255 } }],
      requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary', description: 'El fichero Norma 43 (cuaderno 43 de la AEB) tal como lo da el banco, en Latin-1' } } } },
      responses: {
        '201': { description: 'Extracto importado: el extracto y sus movimientos con la propuesta de cada uno' },
        '200': { description: 'Ese fichero ya estaba importado: el mismo extracto, `duplicado: true`; no se escribe nada' },
        '403': errorResponse('Tu rol no importa extractos, u origen no permitido'),
        '413': errorResponse('Más de 10 MB'),
        '415': errorResponse('El cuerpo no es application/octet-stream'),
        '422': errorResponse('No es un Norma 43 válido: la línea y el motivo'),
        ...common,
      },
    },
  },
};
