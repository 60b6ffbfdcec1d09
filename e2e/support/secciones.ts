// The admin's sections as the tests walk them, read from the admin's own list (admin/src/secciones.ts)
// and the API's registry, never written here: a new section is checked for width, accessibility and
// Spanish like the others as soon as it is in that list.
import { resources } from '../../api/src/resources/index.js';
import { secciones } from '../../admin/src/secciones';
import { aulaShell } from '../../admin/src/providers/i18n/aula';

export interface SeccionE2e {
  recurso: string;
  /** An administrator may add records: the section has a create page. */
  crear: boolean;
  /** Its records open in a form (`/<recurso>/<id>`). */
  editar: boolean;
  /** Its records open on a page of their own (`/<recurso>/<id>/show`). */
  ficha: boolean;
}

/** Every section that is an entity's list, in the admin's order. */
export const LISTAS: SeccionE2e[] = secciones.recursos.map((s) => ({ recurso: s.name, crear: !!s.create, editar: !!s.edit, ficha: !!s.show }));

/** The /<sección> shortcuts: every section in the menu. */
export const ATAJOS: string[] = secciones.atajos;

const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/** What the menu calls a section: its own text, or its entity's plural (admin/src/layout/Menu.tsx). */
function textoDelMenu(name: string, texto?: string): string {
  if (texto) return aulaShell.menu[texto.replace(/^aula\.menu\./, '') as keyof typeof aulaShell.menu] as string;
  return capital(resources[name].labels.plural);
}

/** The menu's sections in its order, as it names them. */
export const ENTRADAS_DEL_MENU: { nombre: string; ruta: string }[] = secciones.enMenu.map((s) => ({ nombre: textoDelMenu(s.name, s.menu!.texto), ruta: s.name }));
