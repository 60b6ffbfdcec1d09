// The roles of an account: configuration reads them (MFA_ROLES), each entity's `acceso` names
// them, and the admin shows and checks the signed-in account's own. Apart from the entity types
// (api/src/base/types.ts reads the configuration's type, so config/ cannot import it).

/** The roles of a person's account (logins.rol). */
export const ROLES_CUENTA = ['administrador', 'contable', 'editor'] as const;
/**
 * Every role a request may act with: an account's, or an API token's (tokens.rol), which may also
 * be `tienda`, the academy's web shop (a machine, never a person). What each may do is declared
 * by each entity (`acceso`).
 */
export const ROLES = [...ROLES_CUENTA, 'tienda'] as const;
export type Rol = (typeof ROLES)[number];
export const ETIQUETAS_ROL: Readonly<Record<Rol, string>> = { administrador: 'Administrador', contable: 'Contable', editor: 'Editor', tienda: 'Tienda' };
/** How a person's roles read (the accounts' field offers no other). */
export const ETIQUETAS_ROL_CUENTA: Readonly<Record<(typeof ROLES_CUENTA)[number], string>> = { administrador: ETIQUETAS_ROL.administrador, contable: ETIQUETAS_ROL.contable, editor: ETIQUETAS_ROL.editor };
