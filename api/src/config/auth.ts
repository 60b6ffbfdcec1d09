// The roles that must enrol in the second factor (MFA_ROLES).
import { ROLES, type Rol } from '../../../contrato/roles.js';
import { ConfigError, type Env } from './leer.js';

export function parseMfaRoles(env: Env, production: boolean): Rol[] {
  const raw = env.MFA_ROLES?.trim();
  if (raw === undefined || raw === '') return production ? ['administrador'] : [];
  if (raw === 'ninguno') return [];
  const roles = raw.split(',').map((r) => r.trim()).filter(Boolean);
  const desconocido = roles.find((r) => !(ROLES as readonly string[]).includes(r));
  if (desconocido !== undefined) throw new ConfigError('MFA_ROLES', `nombra un rol que no existe: «${desconocido}» (los roles son ${ROLES.join(', ')}; «ninguno» para ninguno)`);
  return [...new Set(roles)] as Rol[];
}
