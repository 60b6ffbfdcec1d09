// How an entity is named in Spanish, apart from the resource types so that the message
// catalogue can use it without importing what the types import (configuration among them).

/**
 * How people name an entity: lowercase, as inside a sentence («No existe el curso indicado»);
 * the gender gives its article. The admin capitalises them for titles and the menu.
 */
export interface Etiquetas {
  singular: string;
  plural: string;
  genero: 'm' | 'f';
}

/** «el curso», «la clase». */
export const conArticulo = (e: Etiquetas) => `${e.genero === 'f' ? 'la' : 'el'} ${e.singular}`;

/** «los cursos», «las clases». */
export const pluralConArticulo = (e: Etiquetas) => `${e.genero === 'f' ? 'las' : 'los'} ${e.plural}`;
