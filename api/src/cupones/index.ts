// Discount coupons beyond their CRUD (docs/arquitectura.md §23):
// - `POST /cupones/canjear` {codigo, usuarioId, cursoId}: the shop (its API token) or a contable
//   redeems a code; answers the price, the discount and the total, and reserves one use.
// - `POST /cupones/generar`: many single-use codes at once, in one transaction.
// The route's guard decides who may (the administrador, the contable and the shop's token for
// canjear; the cupones' `escribir` for generar). A redemption then writes as the server on that asker's behalf (who it
// was stays in each history row: the token or the account, and the IP): the shop may redeem but
// not change a cupón's counter or a matrícula itself, which the redemption's rule does for it.
import type { FastifyInstance } from 'fastify';
import type { Repository } from '../rest/repository.js';
import { actorOf } from '../rest/peticion.js';
import { INT_MAX } from '../base/values.js';
import { validateActionBody } from '../rest/validate.js';
import { redeemCupon, type Canjeo } from '../resources/cupones/canje.js';
import { generateCupones, type Generacion } from '../resources/cupones/generacion.js';

export interface CuponesOptions {
  repo: Repository;
}

export const cuerpoCanjear = {
  title: 'Canjear',
  type: 'object',
  required: ['codigo', 'usuarioId', 'cursoId'],
  additionalProperties: false,
  properties: {
    codigo: { type: 'string', minLength: 1, maxLength: 60, description: 'El código tal como lo escribió el cliente; da igual mayúsculas o minúsculas' },
    usuarioId: { type: 'integer', minimum: 1, maximum: INT_MAX },
    cursoId: { type: 'integer', minimum: 1, maximum: INT_MAX },
  },
} as const;

export const cuerpoGenerar = {
  title: 'GenerarCupones',
  type: 'object',
  required: ['cantidad', 'tipo', 'valor'],
  additionalProperties: false,
  properties: {
    prefijo: { type: 'string', maxLength: 20, pattern: '^[A-Za-z0-9]*$', description: 'Delante de cada código: PREFIJO-XXXXXXXXXX' },
    cantidad: { type: 'integer', minimum: 1, maximum: 10_000 },
    tipo: { type: 'string', enum: ['porcentaje', 'importe'] },
    valor: { type: 'integer', minimum: 1, maximum: 100_000_000, description: 'Porcentaje (1–100) o céntimos' },
    moneda: { type: 'string', pattern: '^[A-Z]{3}$' },
    ambito: { type: 'string', enum: ['todos', 'categoria', 'curso'] },
    categoriaId: { type: ['integer', 'null'], minimum: 1, maximum: INT_MAX },
    cursoId: { type: ['integer', 'null'], minimum: 1, maximum: INT_MAX },
    desde: { type: ['string', 'null'], format: 'date-time' },
    hasta: { type: ['string', 'null'], format: 'date-time' },
    descripcion: { type: ['string', 'null'], maxLength: 500 },
    lote: { type: 'string', minLength: 1, maxLength: 80, description: 'Nombre del lote; sin él, el prefijo y la hora' },
  },
} as const;

export default async function cuponesRoutes(app: FastifyInstance, { repo }: CuponesOptions) {
  const cupones = repo.registry.get('cupones');
  const { timeZone } = repo.facturacion;

  app.post('/cupones/canjear', { config: { acceso: { roles: ['administrador', 'contable', 'tienda'] } }, schema: { hide: true } }, async (request) => {
    const body = validateActionBody(cuerpoCanjear, request.body) as unknown as Canjeo;
    const { rol: _rol, ...actor } = actorOf(request);
    return repo.transaction(actor, (w) => redeemCupon(w, body, { timeZone }), { accion: 'canjear' });
  });

  app.post('/cupones/generar', { config: { acceso: { recurso: cupones, op: 'escribir' } }, schema: { hide: true } }, async (request) => {
    const body = validateActionBody(cuerpoGenerar, request.body) as unknown as Generacion;
    return repo.transaction(actorOf(request), (w) => generateCupones(w, body), { accion: 'generar' });
  });
}
