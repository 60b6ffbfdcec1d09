// A bulk enrolment (docs/arquitectura.md §22): «matricular» or «revocar» one curso for many
// usuarios, launched from the usuarios list (POST /matriculas/lote, api/src/matriculas) and
// worked through by the runner (trabajoLote.ts). Only the server writes it; the contable and the
// administrador read its progress and its summary: done, skipped (already enrolled, or nothing to
// revoke) and refused, each refused usuario with the reason.
import { mensajes } from '../../mensajes.js';
import { defineResource } from '../../base/types.js';

export const ACCIONES_LOTE = ['matricular', 'revocar'] as const;
export const ESTADOS_LOTE = ['pendiente', 'enCurso', 'terminado', 'fallido'] as const;

/** Refused usuarios kept with their reason: enough to act on, bounded for a run of 100 000. */
export const MAX_ERRORES_LOTE = 1000;

export default defineResource({
  name: 'lotes',
  model: 'Lote',
  labels: { singular: 'lote de matrículas', plural: 'lotes de matrículas', genero: 'm' },
  implicitLabels: { createdAt: 'Lanzado' },
  fields: {
    accion: { label: 'Acción', type: 'string', required: true, readOnly: true, enum: ACCIONES_LOTE, enumLabels: { matricular: 'Matricular', revocar: 'Revocar' } },
    cursoId: { label: 'Curso', type: 'integer', required: true, readOnly: true, references: 'cursos' },
    hasta: { label: 'Hasta', type: 'date-time', readOnly: true },
    motivo: { label: 'Motivo', type: 'string', readOnly: true, maxLength: 500 },
    estado: {
      label: 'Estado',
      type: 'string',
      required: true,
      readOnly: true,
      enum: ESTADOS_LOTE,
      enumLabels: { pendiente: 'En cola', enCurso: 'En curso', terminado: 'Terminado', fallido: 'Fallido' },
    },
    total: { label: 'Usuarios', type: 'integer', required: true, readOnly: true, minimum: 0 },
    procesados: { label: 'Procesados', type: 'integer', readOnly: true, minimum: 0, default: 0, serverDefault: true },
    hechas: { label: 'Hechas', type: 'integer', readOnly: true, minimum: 0, default: 0, serverDefault: true },
    saltadas: { label: 'Sin cambios', type: 'integer', readOnly: true, minimum: 0, default: 0, serverDefault: true },
    rechazadas: { label: 'Rechazadas', type: 'integer', readOnly: true, minimum: 0, default: 0, serverDefault: true },
    // The usuarios it covers, fixed at launch (JSON list of ids); never sent back in lists.
    usuarioIds: { label: 'Usuarios del lote', type: 'string', required: true, writeOnly: true },
    // JSON list of { usuarioId, motivo }: the first MAX_ERRORES_LOTE refused.
    errores: { label: 'Rechazos', type: 'string', readOnly: true },
    loginId: { label: 'Lanzado por', type: 'integer', readOnly: true, references: 'logins' },
    terminadoEn: { label: 'Terminado', type: 'date-time', readOnly: true },
  },
  relations: {
    curso: { type: 'belongsTo', target: 'cursos', foreignKey: 'cursoId' },
    login: { type: 'belongsTo', target: 'logins', foreignKey: 'loginId' },
  },
  searchFields: ['motivo'],
  nombre: 'Lote #{id}',
  acceso: { contable: { leer: true, escribir: true } },
  appendOnly: true,
  serverWritten: mensajes.matriculas.loteSoloServidor,
});
