import { mensajes } from '../mensajes.js';
import { validationFailed, type ErrorDetail } from '../base/errors.js';
import { textoVisible } from '../base/values.js';
import { AUDIT_TIPOS, defineResource, EVENTOS_CUENTA } from '../base/types.js';

const RESERVADOS: readonly string[] = [...AUDIT_TIPOS, ...EVENTOS_CUENTA];

/** How far from the server's clock an entry's fecha may be, either way. */
const MARGEN_FECHA_MS = 24 * 60 * 60 * 1000;

export default defineResource({
  name: 'logs',
  model: 'Log',
  labels: { singular: 'registro de actividad', plural: 'registros de actividad', genero: 'm' },
  fields: {
    tipo: {
      label: 'Tipo',
      enumLabels: {
        'BACK-LOGIN': 'Inicio de sesión',
        CREATE: 'Alta',
        UPDATE: 'Modificación',
        DELETE: 'Borrado',
        PROHIBIDO: 'Acción denegada',
        ROL: 'Cambio de rol',
        CONTRASENA: 'Cambio de contraseña',
        RESTABLECIDA: 'Contraseña restablecida',
        'MFA-ALTA': 'Segundo factor activado',
        'MFA-BAJA': 'Segundo factor desactivado',
        'SESIONES-CERRADAS': 'Sesiones cerradas',
        REINTENTO: 'Trabajo reintentado',
      },
      type: 'string',
      required: true,
      minLength: 1,
      maxLength: 40,
    },
    fecha: { label: 'Fecha', type: 'date-time', required: true },
    datos: { label: 'Datos', type: 'string', maxLength: 10000 },
    loginId: { label: 'Administrador', type: 'integer', readOnly: true, references: 'logins' },
    recurso: { label: 'Recurso', nombraRecurso: true, type: 'string', readOnly: true, maxLength: 40 },
    recursoId: { label: 'Id del recurso', type: 'integer', readOnly: true },
    ip: { label: 'IP', type: 'string', readOnly: true, maxLength: 64 },
    // A record's history (docs/arquitectura.md §17): what the write changed, {campo: [antes, después]}, and the version it left.
    cambios: { label: 'Cambios', type: 'string', readOnly: true },
    version: { label: 'Versión del registro', type: 'integer', readOnly: true },
  },
  relations: {
    login: { type: 'belongsTo', target: 'logins', foreignKey: 'loginId' },
  },
  searchFields: ['tipo', 'datos', 'recurso'],
  // Every account writes its own entries (the admin's BACK-LOGIN) and reads only its own, but an administrador.
  acceso: { contable: { leer: 'propios', escribir: true }, editor: { leer: 'propios', escribir: true } },
  propio: 'loginId',
  appendOnly: true,
  sinVersion: true,
  // The log is the audit trail itself: writing it does not log again.
  audited: false,
  // Who wrote an entry is the session's, not the client's, to say; and so are the audit's own
  // entries: a client's «DELETE» row would read as a deletion that never happened, and so would
  // one that only reads as DELETE (fullwidth letters, a zero-width space inside): the tipo is
  // checked, and stored, as it reads. An entry is written when it happens, so its fecha is now,
  // give or take a client's clock.
  beforeWrite(data, { actor }) {
    const tipo = textoVisible(String(data.tipo)).toUpperCase();
    const details: ErrorDetail[] = [];
    if (!tipo) details.push({ path: '/tipo', code: 'minLength', message: mensajes.validacion.tipoVacio });
    if (RESERVADOS.includes(tipo)) {
      details.push({ path: '/tipo', code: 'reserved', message: mensajes.validacion.tipoReservado(tipo) });
    }
    if (Math.abs(Date.parse(String(data.fecha)) - Date.now()) > MARGEN_FECHA_MS) {
      details.push({ path: '/fecha', code: 'fecha', message: mensajes.validacion.fechaLejana });
    }
    if (details.length) throw validationFailed(details);
    return { ...data, tipo, loginId: actor.loginId, ip: actor.ip };
  },
});
