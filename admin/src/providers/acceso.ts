// What the signed-in account may do, decided from the declaration the API enforces (each entity's
// `acceso` in the public registry, docs/arquitectura.md §4) and the account's role: react-admin's
// canAccess, so the menu, the buttons, the columns and the pages hide what the API would refuse.
// The account and the check on an entity are in cuenta.ts; here, a page reads as its entity.
import { secciones } from '../secciones';
import { cuentaActual, puedeConEntidad, type Cuenta, type Peticion } from './cuenta';

export { cuentaActual, legibleYa, forgetCuenta, type Cuenta, type Peticion } from './cuenta';

/** The entity a section reads: its own, or the one a page declares (informes: pagos). */
const entidadDe = (nombre: string) => secciones.todas.find((s) => s.name === nombre)?.lee ?? nombre;

/**
 * Whether the account may do `action` on `resource` (and on `record`, where it reads only its
 * own rows). An entity or page the registry does not know is closed to all but the administrador,
 * as the API closes a route that declares nothing.
 */
export function puede(cuenta: Cuenta | undefined, peticion: Peticion): boolean {
  const [nombre, campo] = peticion.resource.split('.', 2);
  const resource = campo === undefined ? entidadDe(nombre) : `${entidadDe(nombre)}.${campo}`;
  return puedeConEntidad(cuenta, { ...peticion, resource });
}

export const canAccess = async (peticion: Peticion) => puede(await cuentaActual(), peticion);
