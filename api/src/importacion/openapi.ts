// The students' import in /openapi.json, declared beside its route (index.ts): app.ts hands it to
// the engine's document with the other plugins' (docs/arquitectura.md §1, §24).
import { common, errorResponse } from '../rest/openapi.js';
import { mensajes } from '../mensajes.js';

const error = { type: 'object', properties: { fila: { type: 'integer' }, columna: { type: 'string' }, motivo: { type: 'string' } } };

export const importacionPaths = {
  '/usuarios/importar': {
    post: {
      tags: ['usuarios'],
      operationId: 'Usuario.importar',
      summary: mensajes.importacion.resumen,
      parameters: [
        { name: 'modo', in: 'query', required: false, description: '`previsualizar` (por omisión): qué hará cada fila, sin escribir nada; `rechazadas`: las filas con errores, en CSV; `confirmar`: lo escribe todo en una transacción, o nada', schema: { type: 'string', enum: ['previsualizar', 'confirmar', 'rechazadas'] } },
        { name: 'nombre', in: 'query', required: false, description: 'Nombre del fichero (para el CSV de rechazadas)', schema: { type: 'string', maxLength: 255 } },
      ],
      requestBody: {
        required: true,
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary', description: 'Un CSV en UTF-8 (separado por `;` o `,`, con o sin BOM) o un XLSX (la primera hoja). Cabecera: email, nombre, apellidos y, si quieres, teléfono, nif, curso (título o id), hasta (dd/mm/aaaa o aaaa-mm-dd)' } } },
      },
      responses: {
        '200': {
          description: 'Previsualización (nada escrito), o el CSV de las filas rechazadas (`modo=rechazadas`)',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  formato: { type: 'string', enum: ['csv', 'xlsx'] },
                  filas: { type: 'integer' },
                  crear: { type: 'integer' },
                  actualizar: { type: 'integer' },
                  sinCambios: { type: 'integer' },
                  matriculas: { type: 'integer' },
                  ignoradas: { type: 'array', items: { type: 'string' } },
                  totalErrores: { type: 'integer' },
                  errores: { type: 'array', items: error, description: 'Los primeros 1000' },
                  muestra: { type: 'array', items: { type: 'object' }, description: 'Las primeras 50 filas tal como se escribirán' },
                },
              },
            },
            'text/csv': { schema: { type: 'string' } },
          },
        },
        '201': { description: 'Importado: cuántos usuarios se crearon y actualizaron y cuántas matrículas' },
        '403': errorResponse('Tu rol no cambia usuarios, u origen no permitido'),
        '413': errorResponse('Más de 20 MB'),
        '415': errorResponse('El cuerpo no es application/octet-stream'),
        '422': errorResponse('El fichero no se puede leer (no es UTF-8, comillas sin cerrar, una fórmula, faltan columnas…), o al confirmar hay filas con errores: cada una con su fila, columna y motivo; no se escribe nada'),
        ...common,
      },
    },
  },
};
