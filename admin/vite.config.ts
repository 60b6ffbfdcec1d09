import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { entidadesDelApi } from './entidades.vite';

// The admin server answers /config.js at run time (api/src/admin-server.ts). The dev server has
// no such route, so it answers an empty one and src/config.ts falls back to its defaults; a file
// in public/ would instead be copied into the build and clash with the server's own route.
function devConfigScript(): Plugin {
  return {
    name: 'aula-dev-config',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/config.js', (_req, res) => {
        res.setHeader('content-type', 'application/javascript');
        res.end('window.AULA_CONFIG = {};\n');
      });
    },
  };
}

/**
 * Writes `.vite/modulos.json`, {chunk file: [the packages and source files bundled in it]}: the
 * manifest names only each chunk's own source, and the login's size check needs to know that no
 * MUI or react-admin module rides along in what /login loads (e2e/login-ligero.spec.ts).
 */
function modulosPorChunk(): Plugin {
  const nombre = (id: string) => {
    const paquete = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
    return paquete ? paquete[1] : id.replace(/^.*?\/admin\//, 'admin/');
  };
  return {
    name: 'aula-modulos-por-chunk',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modulos: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') modulos[chunk.fileName] = [...new Set(chunk.moduleIds.map(nombre))].sort();
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modulos.json', source: JSON.stringify(modulos, null, 1) });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), devConfigScript(), entidadesDelApi(), modulosPorChunk()],
  build: {
    outDir: '../dist/admin',
    emptyOutDir: true,
    // The manifest lets a size check tell what /login loads from what the admin loads.
    manifest: true,
  },
});
