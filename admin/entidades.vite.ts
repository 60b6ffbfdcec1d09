// Plain data of the API embedded in the admin at build time: the registry as `virtual:aula-entidades`
// (the admin's validation, search and nested routes read it, so adding or changing a field is one
// change in api/src/resources/) and the reports' declarations as `virtual:aula-informes`. Only
// plain data crosses (entidadesPublicas, informePublico), never server code.
import type { Plugin } from 'vite';
import { resources } from '../api/src/resources/index.js';
import { entidadesPublicas } from '../api/src/rest/publico.js';
import { informePublico } from '../api/src/informes/definir.js';
import { informes } from '../api/src/informes/definiciones/index.js';

/** Each module and the plain data it exports. The reports (`virtual:aula-informes`) go the same way: a new one reaches the admin's page with no edit there. */
const modulos: Record<string, () => unknown> = {
  'virtual:aula-entidades': () => entidadesPublicas(resources),
  'virtual:aula-informes': () => informes.map(informePublico),
};

export function entidadesDelApi(): Plugin {
  return {
    name: 'aula-entidades',
    resolveId: (id) => (Object.hasOwn(modulos, id) ? `\0${id}` : undefined),
    load: (id) => (id.startsWith('\0') && Object.hasOwn(modulos, id.slice(1)) ? `export default ${JSON.stringify(modulos[id.slice(1)]())};\n` : undefined),
  };
}
