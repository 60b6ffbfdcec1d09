// Discount coupons (docs/arquitectura.md §23): a code the shop's customer types, worth a
// percentage or a fixed amount off one curso, within a scope (every curso, a categoría, a curso),
// dates and limits of uses. Its `usos` counts the canjes made of it; only a redemption
// (POST /cupones/canjear, canje.ts) moves it, with the row locked.
import { validationFailed } from '../../base/errors.js';
import { defineResource } from '../../base/types.js';
import { millisDe } from '../../base/tiempo.js';
import { mensajes } from '../../mensajes.js';
import { moneda } from '../shared.js';

export const TIPOS_CUPON = ['porcentaje', 'importe'] as const;
export const AMBITOS_CUPON = ['todos', 'categoria', 'curso'] as const;

/** A code as stored: upper case, no spaces around it, so «verano» and «VERANO» are one code. */
export const normalizeCodigo = (codigo: unknown) => String(codigo ?? '').trim().toUpperCase();

export default defineResource({
  name: 'cupones',
  model: 'Cupon',
  labels: { singular: 'cupón', plural: 'cupones', genero: 'm' },
  fields: {
    // Unique regardless of case: stored upper-cased (beforeWrite), and the column is unique.
    codigo: { label: 'Código', type: 'string', required: true, minLength: 3, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', unique: true },
    tipo: { label: 'Tipo', type: 'string', required: true, enum: [...TIPOS_CUPON], enumLabels: { porcentaje: 'Porcentaje', importe: 'Importe fijo' } },
    // Porcentaje: 1–100; importe: céntimos.
    valor: { label: 'Valor', type: 'integer', required: true, minimum: 1, maximum: 100_000_000 },
    moneda: { ...moneda, label: 'Moneda', serverDefault: true },
    ambito: {
      label: 'Ámbito',
      type: 'string',
      enum: [...AMBITOS_CUPON],
      enumLabels: { todos: 'Todos los cursos', categoria: 'Una categoría', curso: 'Un curso' },
      default: 'todos',
      serverDefault: true,
    },
    categoriaId: { label: 'Categoría', type: 'integer', references: 'categorias' },
    cursoId: { label: 'Curso', type: 'integer', references: 'cursos' },
    desde: { label: 'Desde', type: 'date-time' },
    hasta: { label: 'Hasta', type: 'date-time' },
    // None: no limit.
    maxUsos: { label: 'Usos máximos', type: 'integer', minimum: 1, maximum: 100_000_000 },
    maxUsosPorUsuario: { label: 'Usos por usuario', type: 'integer', minimum: 1, maximum: 100_000_000, default: 1 },
    usos: { label: 'Usos', type: 'integer', readOnly: true, default: 0, serverDefault: true, minimum: 0 },
    activo: { label: 'Activo', type: 'boolean', default: true, serverDefault: true },
    descripcion: { label: 'Descripción', type: 'string', maxLength: 500 },
    // The batch a generated code came from (POST /cupones/generar).
    lote: { label: 'Lote', type: 'string', maxLength: 80, readOnly: true },
  },
  relations: {
    categoria: { type: 'belongsTo', target: 'categorias', foreignKey: 'categoriaId' },
    curso: { type: 'belongsTo', target: 'cursos', foreignKey: 'cursoId' },
    canjes: { type: 'hasMany', target: 'canjes', foreignKey: 'cuponId', nested: true },
  },
  searchFields: ['codigo', 'descripcion', 'lote'],
  nombre: '{codigo}',
  // The contable and the administrador manage them; the editor nothing; the shop only redeems
  // them (POST /cupones/canjear, whose access is the canjes'), never lists them.
  acceso: {
    contable: { leer: true, escribir: true },
  },
  beforeWrite(data, { existing, servidor }) {
    const out = { ...data };
    if ('codigo' in out) out.codigo = normalizeCodigo(out.codigo);
    const v = { ...existing, ...out } as Record<string, any>;
    const detalles = [];
    if (v.tipo === 'porcentaje' && Number(v.valor) > 100) detalles.push({ path: '/valor', code: 'maximum', message: mensajes.cupones.porcentajeMaximo });
    const ambito = v.ambito ?? 'todos';
    if (ambito === 'categoria' && v.categoriaId == null) detalles.push({ path: '/categoriaId', code: 'required', message: mensajes.cupones.ambitoCategoria });
    if (ambito === 'curso' && v.cursoId == null) detalles.push({ path: '/cursoId', code: 'required', message: mensajes.cupones.ambitoCurso });
    if (v.desde != null && v.hasta != null && millisDe(v.hasta) <= millisDe(v.desde)) detalles.push({ path: '/hasta', code: 'hasta', message: mensajes.cupones.hastaAntesDeDesde });
    if (detalles.length) throw validationFailed(detalles);
    // The scope names one thing: what the other field held no longer applies.
    if ('ambito' in out || !existing) {
      if (ambito !== 'categoria') out.categoriaId = null;
      if (ambito !== 'curso') out.cursoId = null;
      out.ambito = ambito;
    }
    if (!existing) {
      out.usos = 0;
      if (!servidor) delete out.lote;
    }
    return out;
  },
});
