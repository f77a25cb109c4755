import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiPort = Number(process.env.API_PORT ?? 3000);
const apiTarget = `http://127.0.0.1:${apiPort}`;

// In development Vite serves the SPA and forwards every API prefix to the Fastify server;
// in production Fastify serves the built SPA itself on one port.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/identity': apiTarget,
      '/folio': apiTarget,
      '/backoffice': apiTarget,
      '/health': apiTarget,
      '/files': apiTarget,
    },
  },
  build: { outDir: 'dist', sourcemap: true },
  define: {
    // The Stately inspector is a development aid: only `VITE_INSPECT=true npm run dev` wires it.
    __INSPECT__: JSON.stringify(process.env.VITE_INSPECT === 'true' && process.env.NODE_ENV !== 'production'),
  },
});
