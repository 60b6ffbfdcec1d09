import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { registroDelApi } from './registro.vite';

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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), devConfigScript(), registroDelApi()],
  build: {
    outDir: '../dist/admin',
    emptyOutDir: true,
    // The manifest lets a size check tell what /login loads from what the admin loads.
    manifest: true,
  },
});
