// Redemptions of a cupón (docs/arquitectura.md §23): one row per use reserved, append-only,
// written only by POST /cupones/canjear (canje.ts) in the transaction that counts the use. The
// pago that spends it points at it (pagos.canjeId, unique: one pago per canje); a canje whose
// total is 0 needs none, and names the matrícula it granted.
import { defineResource } from '../../base/types.js';
import { mensajes } from '../../mensajes.js';
import { moneda } from '../shared.js';

export default defineResource({
  name: 'canjes',
  model: 'Canje',
  labels: { singular: 'canje', plural: 'canjes', genero: 'm' },
  fields: {
    cuponId: { label: 'Cupón', type: 'integer', required: true, references: 'cupones' },
    usuarioId: { label: 'Usuario', type: 'integer', required: true, references: 'usuarios' },
    cursoId: { label: 'Curso', type: 'integer', required: true, references: 'cursos' },
    // What the curso cost, what the cupón took off, and what is left to pay (céntimos).
    precio: { label: 'Precio', type: 'integer', required: true, minimum: 0, money: true },
    descuento: { label: 'Descuento', type: 'integer', required: true, minimum: 0, money: true },
    total: { label: 'Total', type: 'integer', required: true, minimum: 0, money: true },
    moneda: { ...moneda, label: 'Moneda', serverDefault: true },
    fecha: { label: 'Fecha', type: 'date-time', required: true },
    // A 100 % cupón: the matrícula granted at once, with no pago. Its id, not a foreign key: a
    // matrícula points at its pago and a pago at its canje, and keys may not go round in a circle.
    matriculaId: { label: 'Matrícula', type: 'integer', apuntaA: 'matriculas', readOnly: true },
    // The API token that redeemed it (the shop's), which alone reads it back and spends it.
    tokenId: { label: 'Token de API', type: 'integer', references: 'tokens', readOnly: true },
  },
  relations: {
    cupon: { type: 'belongsTo', target: 'cupones', foreignKey: 'cuponId' },
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
    curso: { type: 'belongsTo', target: 'cursos', foreignKey: 'cursoId' },
    pagos: { type: 'hasMany', target: 'pagos', foreignKey: 'canjeId' },
  },
  searchFields: ['cupon.codigo', 'usuario.nombre', 'usuario.apellidos', 'usuario.email', 'curso.titulo'],
  nombre: 'Canje #{id}',
  appendOnly: true,
  serverWritten: mensajes.cupones.canjesSoloServidor,
  // The contable reads them; the shop reads back only its own. Who may redeem is the route's
  // (api/src/cupones): the rows themselves only the redemption writes.
  acceso: {
    contable: { leer: true },
    tienda: { leer: 'propios' },
  },
  propioToken: 'tokenId',
});
