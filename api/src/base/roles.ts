// The roles of an account, apart from base/types.ts: configuration (MFA_ROLES) reads them, and
// types.ts reads the configuration's type, so they live where neither imports the other.

/** The roles of an account (logins.rol): what each may do is declared by each entity (`acceso`). */
export const ROLES = ['administrador', 'contable', 'editor'] as const;
export type Rol = (typeof ROLES)[number];
export const ETIQUETAS_ROL: Readonly<Record<Rol, string>> = { administrador: 'Administrador', contable: 'Contable', editor: 'Editor' };
