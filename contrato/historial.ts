// The tipos the server itself writes in the activity log (logs.tipo): the admin names each one in
// Spanish, and a client's own entries (POST /logs) may take none of them.

/** What the repository writes for every mutation (api/src/rest/repository.ts audit()). */
export const AUDIT_TIPOS = ['CREATE', 'UPDATE', 'DELETE'] as const;
export type AuditTipo = (typeof AUDIT_TIPOS)[number];

/**
 * What the server writes in the log about accounts and refusals (api/src/auth/auditoria.ts): a
 * refused write, a role or password changed, a second factor added or removed, sessions closed;
 * and an administrador's retry of a failed background job.
 */
export const EVENTOS_CUENTA = ['PROHIBIDO', 'ROL', 'CONTRASENA', 'RESTABLECIDA', 'MFA-ALTA', 'MFA-BAJA', 'SESIONES-CERRADAS', 'REINTENTO'] as const;
export type EventoCuenta = (typeof EVENTOS_CUENTA)[number];
