import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { PENDING, precompress, precompressed } from './scripts/precompress.mjs';

const apiPort = Number(process.env.API_PORT ?? 3000);
const apiTarget = `http://127.0.0.1:${apiPort}`;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (scripts/precompress.mjs). With
 * FOLIO_PRECOMPRESS=later (a first `npm start`, decision 0654) it only lists them for scripts/prepare-start.mjs,
 * which compresses them once the server is ready.
 */
function precompressAssets(): Plugin {
  return {
    name: 'folio-precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const served = precompressed(Object.keys(bundle));
      if (process.env.FOLIO_PRECOMPRESS === 'later') await writeFile(path.join(dir, PENDING), JSON.stringify(served));
      else await precompress(dir, served);
    },
  };
}

/** The screen a first visit ends on when nobody is signed in (every guarded route sends there). */
const SIGN_IN_SCREEN = 'src/features/auth/sign-in-screen.tsx';

/**
 * Has index.html preload the sign-in screen's chunk and the chunks it imports, beside the entry's.
 * The route table loads every screen lazily, so without this the browser asks for the sign-in screen
 * only once the entry has run and the session check has answered: one more round trip on the way
 * to a usable form (decision 0338). A signed-in visitor fetches these few KB for nothing, once:
 * they are cached as immutable.
 */
function preloadSignInScreen(): Plugin {
  return {
    name: 'folio-preload-sign-in-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(SIGN_IN_SCREEN));
        if (!screen) throw new Error(`the build has no chunk for ${SIGN_IN_SCREEN}`);
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loadedAlready = entry ? closure(entry.fileName) : new Set<string>();
        return [...closure(screen.fileName)]
          .filter((fileName) => !loadedAlready.has(fileName))
          .map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' as const }));
      },
    },
  };
}

// In development Vite serves the SPA and forwards every API prefix to the Fastify server;
// in production Fastify serves the built SPA itself on one port.
export default defineConfig(() => ({
  plugins: [react(), tailwindcss(), preloadSignInScreen(), precompressAssets()],
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
  // The manifest (dist/.vite/manifest.json) tells scripts/check-bundle-budget.mjs which chunks /sign-in loads.
  // Rolldown's slow-plugin warning stays off: the precompression takes its seconds on purpose.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // The gzip size of every chunk in the build's printed table: a second gzip of the whole build that users never
    // get (they get the precompressed files); gzip -9 of the build's text files measured 64 ms of CPU (decision 0632).
    reportCompressedSize: false,
    rolldownOptions: {
      checks: { bundlerTimings: false },
      preserveEntrySignatures: false as const,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: Number(process.env.INLINE_MAX ?? 8192) },
          // The libraries every page runs first (React DOM, React, i18next, xstate, wouter, react-hook-form and its
          // resolver) and the preload helper in one file: one gzip stream compresses them smaller than their
          // separate chunks did (decisions 0570, 0571). zod stays out: its core is shared with the classic
          // dialect the signed-in screens use, which would follow it onto /sign-in.
          groups: [
            {
              name: 'first-load',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|i18next|react-i18next|xstate|@xstate[\\/]react|wouter|regexparam|react-hook-form|@hookform[\\/]resolvers)[\\/]|vite[\\/]preload-helper/,
            },
          ],
        },
      },
    },
  },
  define: {
    // The Stately inspector is a development aid: only `VITE_INSPECT=true npm run dev` wires it.
    __INSPECT__: JSON.stringify(process.env.VITE_INSPECT === 'true' && process.env.NODE_ENV !== 'production'),
  },
}));
