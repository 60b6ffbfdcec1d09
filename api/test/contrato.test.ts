// What the API and the admin share lives in contrato/ (docs/arquitectura.md §1): the admin imports
// nothing from api/ (its build tooling aside: admin/entidades.vite.ts makes the public registry
// from the entity definitions), and the contract imports nothing but itself, so that both sides
// can take it whole. Read from the sources: every static import, export … from, import() and
// vi.mock() path, resolved against the file that names it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mensajes } from '../src/mensajes.js';
import { palabrasDelApi } from '../../admin/test/palabrasDelApi.js';

const root = resolve(import.meta.dirname, '../..');
const FUENTE = /\.(ts|tsx|js|mjs|cjs)$/;
// The admin's build tooling: it turns the API's definitions into the module the admin imports.
const HERRAMIENTA = 'admin/entidades.vite.ts';

function files(folder: string): string[] {
  return readdirSync(resolve(root, folder), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && FUENTE.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((f) => !f.split('/').includes('node_modules'));
}

/** Each path a file imports, as written, and resolved from the repository's root when relative. */
function imports(file: string): { escrito: string; destino: string }[] {
  const texto = readFileSync(resolve(root, file), 'utf8');
  const rutas = [...texto.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*|\brequire\(\s*)['"]([^'"\n]+)['"]/g)].map((m) => m[1]);
  return rutas.map((escrito) => ({ escrito, destino: escrito.startsWith('.') ? relative(root, resolve(root, dirname(file), escrito)) : escrito }));
}

const desde = (carpeta: string, prohibido: (destino: string) => boolean) =>
  files(carpeta).flatMap((f) => imports(f).filter((i) => prohibido(i.destino)).map((i) => `${f} > ${i.escrito}`));

describe('the contract shared by the API and the admin', () => {
  it('the admin imports nothing from api/, its tests included', () => {
    const haciaApi = desde('admin', (d) => d === 'api' || d.startsWith('api/'));
    expect(haciaApi.filter((i) => !i.startsWith(`${HERRAMIENTA} >`))).toEqual([]);
  });

  it('contrato/ imports nothing but its own files: no api/, no admin/, no package', () => {
    const fuera = desde('contrato', (d) => !d.startsWith('contrato/'));
    expect(fuera).toEqual([]);
  });

  it('the reading is the real one', () => {
    // A pattern that matched nothing would leave the rules above trivially true.
    expect(imports('admin/src/providers/dataProvider.ts').map((i) => i.destino)).toContain('contrato/busqueda');
    expect(imports(HERRAMIENTA).map((i) => i.destino)).toContain('api/src/rest/publico.js');
    expect(imports('admin/src/entidades/virtual.d.ts').map((i) => i.destino)).toContain('contrato/entidades');
    expect(imports('contrato/entidades.ts').map((i) => i.destino)).toContain('contrato/roles.js');
    expect(files('admin').length).toBeGreaterThan(100);
  });

  it('the admin tests’ copies of the API’s answers are the API’s words', () => {
    expect(palabrasDelApi).toEqual({
      validacionTitulo: mensajes.validacion.titulo,
      contrasenaComun: mensajes.auth.contrasena.comun,
      contrasenaIncorrecta: mensajes.segundoFactor.contrasenaIncorrecta,
      quitarSinFactor: mensajes.segundoFactor.quitarSinFactor,
      faseEnrolar: mensajes.acceso.fase('enrolar'),
    });
  });
});
