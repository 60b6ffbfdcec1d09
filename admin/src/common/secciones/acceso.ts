// What a screen shows of the role's access (providers/acceso.ts decides it): the fields it may
// read and whether it may change the rows, so nothing appears that the API would refuse.
import { Children, isValidElement, type ReactNode } from 'react';
import { useCanAccess, useCanAccessResources, useResourceContext } from 'react-admin';
import { recurso } from '../../entidades';

/** A filter's field: `createdAt_gte` filters createdAt. */
const campoDe = (source: string) => source.replace(/_(gte|lte|gt|lt|neq|inq|periodo)$/, '');

/**
 * Whether the role reads each field of the entity (a filter on it included), or null until that
 * is known: a screen waits for it, as a configurable table remembers the columns it first had.
 * A name that is no field (the search box, `q`) is always shown.
 */
export function useLegible(resource?: string): ((campo: string) => boolean) | null {
  const nombre = useResourceContext({ resource }) ?? '';
  const campos = recurso(nombre).fields;
  const { canAccess } = useCanAccessResources({ action: 'read', resources: Object.keys(campos).map((campo) => `${nombre}.${campo}`) });
  if (!canAccess) return null;
  return (source) => {
    const campo = campoDe(source);
    return !Object.hasOwn(campos, campo) || canAccess[`${nombre}.${campo}`] === true;
  };
}

/** The children (columns, fields, filters) whose `source` the role reads; those without one stay. */
export function soloLegibles(legible: (campo: string) => boolean, children: ReactNode): ReactNode[] {
  return Children.toArray(children).filter((hijo) => {
    const source = isValidElement<{ source?: string }>(hijo) ? hijo.props.source : undefined;
    return source === undefined || legible(source);
  });
}

/** A list's bulk actions, or none, checkboxes included, for a role that may not change its rows. */
export function useSiEscribe<T>(acciones: T, resource?: string): T | false {
  const nombre = useResourceContext({ resource });
  const { canAccess } = useCanAccess({ action: 'edit', resource: nombre });
  return canAccess === true ? acciones : false;
}
