import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const serverPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/boot': { target: `http://127.0.0.1:${serverPort}`, ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The packages the first page needs (the entry's static imports: React, the router, antd's
          // core and the sign-in page's components) in one chunk: split by which lazy pages share
          // each module they made some 30 chunks, compressed a tenth worse than together. Packages
          // only lazy pages use stay split as before.
          groups: [{ name: 'start', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ }],
        },
      },
    },
  },
});
