// The access check in /openapi.json, declared beside its route (index.ts): app.ts hands it to the
// engine's document with the other plugins' (docs/arquitectura.md §1, §22).
import { common, errorResponse, idParam } from '../rest/openapi.js';
import { mensajes } from '../mensajes.js';
import { loteBody } from './lote.js';

export const matriculasPaths = {
  '/usuarios/{id}/acceso/{cursoId}': {
    get: {
      tags: ['matriculas'],
      operationId: 'Matricula.acceso',
      summary: mensajes.matriculas.resumenAcceso,
      parameters: [idParam, { ...idParam, name: 'cursoId' }],
      responses: {
        '200': {
          description: 'Si tiene acceso ahora',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['acceso', 'hasta', 'matriculaId'],
                properties: {
                  acceso: { type: 'boolean' },
                  hasta: { type: ['string', 'null'], format: 'date-time', description: 'Fin del acceso; null: sin fin, o sin acceso' },
                  matriculaId: { type: ['integer', 'null'] },
                },
              },
            },
          },
        },
        '403': errorResponse('Tu rol no lee matrículas'),
        '404': errorResponse('No existe el usuario o el curso'),
        ...common,
      },
    },
  },
  '/matriculas/lote': {
    post: {
      tags: ['matriculas'],
      operationId: 'Matricula.lote',
      summary: mensajes.matriculas.resumenLote,
      requestBody: { required: true, content: { 'application/json': { schema: loteBody } } },
      responses: {
        '202': { description: 'Lote lanzado: GET /lotes/{id} dice cómo va y, al terminar, lo hecho, lo que no cambió y lo rechazado', content: { 'application/json': { schema: { $ref: '#/components/schemas/Lote' } } } },
        '403': errorResponse('Tu rol no gestiona matrículas'),
        '422': errorResponse('Sin usuarios, demasiados, curso inexistente, fecha pasada o sin motivo al revocar'),
        ...common,
      },
    },
  },
};
