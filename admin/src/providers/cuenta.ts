// The signed-in account (its role, from GET /logins/me) and what that role may do with an entity,
// from the declaration the API enforces (each entity's `acceso` in the public registry,
// docs/arquitectura.md §4). Apart from acceso.ts, which also knows the pages (secciones.ts), so
// that the dataProvider may ask it without importing the sections, whose screens import the
// dataProvider back.
import type { Rol } from '../../../contrato/roles';
import { recurso } from '../entidades';
import { fetchJson } from './http';
import { USER_KEY } from './sesion';

/** Who asks: the account's id (its own rows) and its role. */
export interface Cuenta {
  id: number;
  rol: Rol;
}

export interface Peticion {
  /** react-admin's (list, show, create, edit, delete, export…) or an entity's action (emitir, anular…). */
  action: string;
  /** An entity, a page (informes), or `entidad.campo` for one field (usuarios.nif). */
  resource: string;
  record?: Record<string, unknown>;
}

/** What only reads: anything else (create, edit, delete, clone, an entity's action) writes. */
const LECTURAS = new Set(['list', 'show', 'read', 'export']);

/**
 * Whether the account may do `action` on the entity `resource` names (and on `record`, where it
 * reads only its own rows); a page is first turned into the entity it reads (acceso.ts puede).
 * An entity the registry does not know is closed to all but the administrador, as the API closes
 * a route that declares nothing.
 */
export function puedeConEntidad(cuenta: Cuenta | undefined, { action, resource, record }: Peticion): boolean {
  if (!cuenta) return false;
  if (cuenta.rol === 'administrador') return true;
  const [nombre, campo] = resource.split('.', 2);
  const entidad = recurso(nombre);
  const permiso = entidad.acceso[cuenta.rol];
  if (!permiso?.leer) return false;
  if (campo !== undefined && permiso.campos && !permiso.campos.includes(campo)) return false;
  if (record && permiso.leer === 'propios' && Number(record[entidad.propio ?? 'id']) !== cuenta.id) return false;
  return LECTURAS.has(action) || Boolean(permiso.escribir);
}

let conocida: { clave: string | null; cuenta: Promise<Cuenta | undefined> } | undefined;
/** The answer of the last GET /logins/me, for what must decide without waiting (the search box). */
let sabida: Cuenta | undefined;

/**
 * The account as `GET /logins/me` says it, asked once per sign-in (a new `user` in localStorage
 * is a new sign-in, perhaps with another role). A failure decides nothing: asked again next time.
 */
export function cuentaActual(): Promise<Cuenta | undefined> {
  const clave = localStorage.getItem(USER_KEY);
  if (clave === null) return Promise.resolve(undefined);
  if (conocida?.clave !== clave) {
    const cuenta = fetchJson<Cuenta>('/logins/me').then(({ json }) => (sabida = { id: json.id, rol: json.rol }));
    conocida = { clave, cuenta };
    cuenta.catch(() => {
      if (conocida?.cuenta === cuenta) conocida = undefined;
    });
  }
  return conocida.cuenta;
}

/** Signed out: whoever signs in next is asked afresh. */
export const forgetCuenta = () => {
  conocida = undefined;
  sabida = undefined;
};

/**
 * Whether the role reads the entity's field, as far as is known: the search box looks only in
 * those (an editor's search of usuarios leaves out the NIF, which the API would refuse to search).
 * Before the role is known, every field: the lists wait for canAccess anyway.
 */
export const legibleYa = (resource: string, campo: string) => !sabida || puedeConEntidad(sabida, { action: 'read', resource: `${resource}.${campo}` });
