import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { routerPath } from '../../contract/endpoint';
import { exportEndpoints } from '../../contract/exports';

// Issue 13 "First load": answers travel compressed (brotli, else gzip) when the browser accepts it.
// Registered before every route: the plugin attaches itself to the routes defined after it.
// - JSON answers over 1 KB (lists, details) are compressed, brotli at quality 4 (the plugin's
//   default: fast, most of the saving), in one call up to 64 KB: a page of 25 orders is about 11 KB,
//   over the plugin's 8 KB default on 2 cores, and a compression stream per answer cost about a
//   quarter of the server's CPU per browsing call in bench:load, the compression itself 0.1 ms
//   (decision 0470).
// - The built SPA is compressed once at build time (vite.config.ts); spa-assets.ts sends those files
//   and the plugin leaves an answer that already has a Content-Encoding alone.
// - An export download keeps its Content-Length (the browser shows the download's progress) and
//   costs no CPU while a million-row file streams: it is sent as stored.
// Compressed request bodies are not accepted (no client sends them).

const EXPORT_DOWNLOAD_URL = routerPath(exportEndpoints.downloadExport.path);

export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url === EXPORT_DOWNLOAD_URL) route.compress = false;
  });
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false, syncThreshold: 64 * 1024 });
}
