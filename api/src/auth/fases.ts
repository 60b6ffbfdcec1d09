// A session becomes a whole one step by step (docs/arquitectura.md §4): after the right
// password, the second factor's code if the account has one; then a new password if an
// administrador reset it; then enrolment in the second factor if its role must have one
// (MFA_ROLES). Each step is a `sesiones.fase`; the guard lets such a session use only that
// step's routes (RUTAS_DE_FASE). Every step asks this one function what comes next, from the
// account as the database has it now, so no step can be skipped by calling them out of order.
// Enrolment is judged again whenever a session is resolved (faseVigente): a role moved into
// MFA_ROLES while its sessions are open enrols before its next request does anything.
import type { Rol } from '../base/types.js';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';

export const FASES = ['codigo', 'cambiarPass', 'enrolar'] as const;
export type Fase = (typeof FASES)[number];

/** Whether the account has a confirmed second factor. */
export async function tieneSegundoFactor(db: Db, loginId: number): Promise<boolean> {
  return (await db('totp').where('loginId', loginId).whereNotNull('activadoEn').first('loginId')) !== undefined;
}

/** Whether an account of this role, enrolled or not, must enrol before anything else. */
const debeEnrolar = (rol: Rol, enrolado: boolean, mfaRoles: readonly Rol[]) => !enrolado && mfaRoles.includes(rol);

/**
 * The step a session is at, from the step stored with it and the account as it is now: a step
 * of the login (`codigo`, `cambiarPass`) stands until taken; enrolment is decided afresh, so an
 * account promoted into MFA_ROLES must enrol at once, and one moved out of them need not.
 */
export function faseVigente(guardada: string | null, { rol, enrolado }: { rol: Rol; enrolado: boolean }, mfaRoles: readonly Rol[]): string | null {
  if (guardada !== null && guardada !== 'enrolar') return guardada;
  return debeEnrolar(rol, enrolado, mfaRoles) ? 'enrolar' : null;
}

/**
 * The step a session of this account must take next, or null when it is whole.
 * `codigoDado`: this session already gave the second factor's code (or is past it).
 */
export async function faseSiguiente(
  db: Db,
  config: Pick<Config, 'mfaRoles'>,
  login: { id: number; rol: Rol; debeCambiarPass: unknown },
  { codigoDado }: { codigoDado: boolean },
): Promise<Fase | null> {
  const enrolado = await tieneSegundoFactor(db, login.id);
  if (enrolado && !codigoDado) return 'codigo';
  if (login.debeCambiarPass === true || login.debeCambiarPass === 1) return 'cambiarPass';
  if (debeEnrolar(login.rol, enrolado, config.mfaRoles)) return 'enrolar';
  return null;
}
