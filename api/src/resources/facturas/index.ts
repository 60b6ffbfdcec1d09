import { defineResource } from '../types.js';

/** IVA owed on a base, both in céntimos: rounded half away from zero, as tax law rounds. */
export const cuotaIva = (base: number, tipoIva: number) => Math.round((base * tipoIva) / 100);

export default defineResource({
  name: 'facturas',
  model: 'Factura',
  fields: {
    serie: { type: 'string', required: true, minLength: 1, maxLength: 20 },
    numero: { type: 'integer', minimum: 1 },
    fecha: { type: 'date-time' },
    usuarioId: { type: 'integer', required: true, references: 'usuarios' },
    clienteNombre: { type: 'string', maxLength: 200 },
    clienteNif: { type: 'string', maxLength: 20 },
    clienteDireccion: { type: 'string', maxLength: 500 },
    concepto: { type: 'string', required: true, minLength: 1, maxLength: 500 },
    base: { type: 'integer', required: true, minimum: 0, money: true },
    tipoIva: { type: 'integer', required: true, enum: [21, 10, 4, 0] },
    cuotaIva: { type: 'integer', readOnly: true, money: true },
    total: { type: 'integer', readOnly: true, money: true },
    estado: { type: 'string', enum: ['borrador', 'emitida', 'pagada', 'anulada'], default: 'borrador' },
    rectificaId: { type: 'integer', references: 'facturas' },
  },
  uniques: [['serie', 'numero']],
  relations: {
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
    pagos: { type: 'hasMany', target: 'pagos', foreignKey: 'facturaId' },
    rectifica: { type: 'belongsTo', target: 'facturas', foreignKey: 'rectificaId' },
  },
  searchFields: ['serie', 'concepto', 'clienteNombre', 'clienteNif'],
  // The totals are the server's, never the client's: recomputed whenever base or tipoIva change.
  beforeWrite(data, { existing }) {
    if (!('base' in data) && !('tipoIva' in data)) return data;
    const base = Number(data.base ?? existing?.base);
    const tipo = Number(data.tipoIva ?? existing?.tipoIva);
    const cuota = cuotaIva(base, tipo);
    return { ...data, cuotaIva: cuota, total: base + cuota };
  },
});
