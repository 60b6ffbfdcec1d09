import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../dist/admin',
    emptyOutDir: true,
    // The manifest lets a size check tell what /login loads from what the admin loads.
    manifest: true,
  },
});
