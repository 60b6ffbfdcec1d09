// The cupón routes in /openapi.json, declared beside them (index.ts): app.ts hands them to the
// engine's document with the other plugins' (docs/arquitectura.md §1, §23).
import { common, errorResponse } from '../rest/openapi.js';
import { mensajes } from '../mensajes.js';
import { cuerpoCanjear, cuerpoGenerar } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });

export const cuponesPaths = {
  '/cupones/canjear': {
    post: {
      tags: ['cupones'],
      operationId: 'Cupon.canjear',
      summary: mensajes.cupones.resumenCanjear,
      requestBody: { required: true, content: json(cuerpoCanjear) },
      responses: {
        '200': {
          description: 'Canjeado: un uso reservado',
          content: json({
            type: 'object',
            required: ['cuponId', 'canjeId', 'codigo', 'precio', 'descuento', 'total', 'moneda', 'requierePago', 'matriculaId'],
            properties: {
              cuponId: { type: 'integer' },
              canjeId: { type: 'integer', description: 'Lo lleva el pago (canjeId) que cobra el total' },
              codigo: { type: 'string' },
              precio: { type: 'integer', description: 'Céntimos: el precio del curso' },
              descuento: { type: 'integer', description: 'Céntimos que quita el cupón, nunca más que el precio' },
              total: { type: 'integer', description: 'Céntimos que quedan por pagar' },
              moneda: { type: 'string' },
              requierePago: { type: 'boolean', description: 'false: el total es 0, no hay pago y la matrícula ya está concedida' },
              matriculaId: { type: ['integer', 'null'] },
            },
          }),
        },
        '403': errorResponse('Tu rol no canjea cupones'),
        '404': errorResponse('No existe el usuario o el curso'),
        '409': errorResponse('El cupón no vale ahora: desactivado, aún no vigente, caducado, agotado, ya usado por este usuario o de otro curso'),
        '422': errorResponse('Cupón no válido, o cuerpo mal formado'),
        ...common,
      },
    },
  },
  '/cupones/generar': {
    post: {
      tags: ['cupones'],
      operationId: 'Cupon.generar',
      summary: mensajes.cupones.resumenGenerar,
      requestBody: { required: true, content: json(cuerpoGenerar) },
      responses: {
        '200': {
          description: 'Los cupones creados, de un solo uso cada uno',
          content: json({
            type: 'object',
            required: ['lote', 'cupones'],
            properties: {
              lote: { type: 'string' },
              cupones: { type: 'array', items: { type: 'object', required: ['id', 'codigo'], properties: { id: { type: 'integer' }, codigo: { type: 'string' } } } },
            },
          }),
        },
        '403': errorResponse('Tu rol no gestiona cupones'),
        '422': errorResponse('Cuerpo mal formado'),
        ...common,
      },
    },
  },
};
