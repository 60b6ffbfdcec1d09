// The react-admin <Resource> of each section that is an entity. What react-admin takes from the
// section is its own description; how one of its records is named (recordRepresentation: titles,
// references, autocompletes) is the API definition's nombre, from the public registry.
import { Resource } from 'react-admin';
import { nombreDe } from './entidades';
import type { Seccion } from './secciones';

export const recursosDe = (lista: Seccion[]) =>
  lista.map(({ menu: _menu, pagina: _pagina, ...seccion }) => (
    <Resource key={seccion.name} {...seccion} recordRepresentation={(record) => nombreDe(seccion.name, record)} />
  ));
