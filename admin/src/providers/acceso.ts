// What the signed-in account may do, decided from the declaration the API enforces (each entity's
// `acceso` in the public registry, docs/arquitectura.md §4) and the account's role: react-admin's
// canAccess, so the menu, the buttons, the columns and the pages hide what the API would refuse.
import type { Rol } from '../../../api/src/base/types';
import { recurso } from '../registro';
import { secciones } from '../secciones';
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

/** The entity a section reads: its own, or the one a page declares (informes: pagos). */
const entidadDe = (nombre: string) => secciones.todas.find((s) => s.name === nombre)?.lee ?? nombre;

/**
 * Whether the account may do `action` on `resource` (and on `record`, where it reads only its
 * own rows). An entity or page the registry does not know is closed to all but the administrador,
 * as the API closes a route that declares nothing.
 */
export function puede(cuenta: Cuenta | undefined, { action, resource, record }: Peticion): boolean {
  if (!cuenta) return false;
  if (cuenta.rol === 'administrador') return true;
  const [nombre, campo] = resource.split('.', 2);
  const entidad = recurso(entidadDe(nombre));
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
export const olvidarCuenta = () => {
  conocida = undefined;
  sabida = undefined;
};

/**
 * Whether the role reads the field, as far as is known: the search box looks only in those (an
 * editor's search of usuarios leaves out the NIF, which the API would refuse to search). Before
 * the role is known, every field: the lists wait for canAccess anyway.
 */
export const legibleYa = (resource: string, campo: string) => !sabida || puede(sabida, { action: 'read', resource: `${resource}.${campo}` });

export const canAccess = async (peticion: Peticion) => puede(await cuentaActual(), peticion);
