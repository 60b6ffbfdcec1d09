// The roles of an account: configuration reads them (MFA_ROLES), each entity's `acceso` names
// them, and the admin shows and checks the signed-in account's own. Apart from the entity types
// (api/src/base/types.ts reads the configuration's type, so config/ cannot import it).

/** The roles of an account (logins.rol): what each may do is declared by each entity (`acceso`). */
export const ROLES = ['administrador', 'contable', 'editor'] as const;
export type Rol = (typeof ROLES)[number];
export const ETIQUETAS_ROL: Readonly<Record<Rol, string>> = { administrador: 'Administrador', contable: 'Contable', editor: 'Editor' };
