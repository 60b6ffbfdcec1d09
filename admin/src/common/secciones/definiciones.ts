// What a section of the admin is: the one description its folder's index.ts exports, which
// secciones.ts lists. It must stay light: the login screen reads the list (for the /<sección>
// shortcuts) without loading MUI or react-admin, so icons and pages are loaded when drawn.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type Vista = 'list' | 'create' | 'edit' | 'show';
type Cargar = () => Promise<{ default: ComponentType<any> }>;

export interface SeccionDef {
  /** The API resource it shows, or the address of a custom page (informes). */
  name: string;
  /** Loaded the first time the menu or a title draws it. */
  icon?: Cargar;
  /** Its pages; which ones exist is known up front, as react-admin shows «Crear» and «Editar» from it. */
  vistas?: Partial<Record<Vista, Cargar>>;
  /** A page of its own, not a resource (informes, verifactu). */
  pagina?: Cargar;
  /**
   * The API entity a page reads, as its routes declare (informes: pagos; verifactu: registros):
   * a role sees the page when it may read that entity, and acts on it when it may write it.
   */
  lee?: string;
  /**
   * Its menu entry, in the business's order: a section with one is also reached as /<name>.
   * Its text is the resource's plural unless `texto` (a translation key) says otherwise.
   */
  menu?: { orden: number; texto?: string; tambien?: string };
}

type Perezosa = LazyExoticComponent<ComponentType<any>>;

/** The description with its icon and pages as components: what a react-admin `<Resource>` takes. */
export type Seccion = Omit<SeccionDef, 'icon' | 'vistas' | 'pagina'> & { icon?: Perezosa; pagina?: Perezosa } & Partial<Record<Vista, Perezosa>>;

export const defineSeccion = ({ vistas, ...def }: SeccionDef): Seccion => ({
  ...def,
  icon: def.icon && lazy(def.icon),
  pagina: def.pagina && lazy(def.pagina),
  ...Object.fromEntries(Object.entries(vistas ?? {}).map(([vista, cargar]) => [vista, lazy(cargar)])),
});
