// The API registry, embedded in the admin at build time as the module `virtual:aula-registro`:
// the admin's validation, search and nested routes read it, so adding or changing a field is one
// change in api/src/resources/. Only the registry's plain data crosses (registroPublico), never
// its server code.
import type { Plugin } from 'vite';
import { resources } from '../api/src/resources/index.js';
import { registroPublico } from '../api/src/rest/publico.js';

const ID = 'virtual:aula-registro';
const RESOLVED = `\0${ID}`;

export function registroDelApi(): Plugin {
  return {
    name: 'aula-registro',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? `export default ${JSON.stringify(registroPublico(resources))};\n` : undefined),
  };
}
