import { defineResource } from './types.js';
import { moneda } from './shared.js';

export default defineResource({
  name: 'pagos',
  model: 'Pago',
  fields: {
    usuarioId: { type: 'integer', required: true, references: 'usuarios' },
    cursoId: { type: 'integer', references: 'cursos' },
    facturaId: { type: 'integer', references: 'facturas' },
    importe: { type: 'integer', required: true, exclusiveMinimum: 0, money: true },
    moneda,
    metodo: { type: 'string', required: true, enum: ['tarjeta', 'paypal', 'bizum', 'transferencia', 'efectivo'] },
    estado: { type: 'string', enum: ['pendiente', 'completado', 'fallido', 'reembolsado'], default: 'pendiente' },
    referencia: { type: 'string', maxLength: 120 },
    fecha: { type: 'date-time', required: true },
    notas: { type: 'string', maxLength: 10000 },
  },
  relations: {
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
    curso: { type: 'belongsTo', target: 'cursos', foreignKey: 'cursoId' },
    factura: { type: 'belongsTo', target: 'facturas', foreignKey: 'facturaId' },
  },
  searchFields: ['referencia', 'notas'],
});
