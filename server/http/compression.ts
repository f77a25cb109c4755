import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';
import { routerPath } from '../../contract/endpoint';
import { exportEndpoints } from '../../contract/exports';

// Issue 13 "First load": answers travel compressed (brotli, else gzip) when the browser accepts it.
// Registered before every route: the plugin attaches itself to the routes defined after it.
// - JSON answers over 1 KB (lists, details) are compressed in one call up to 64 KB: a page of 25
//   orders is about 13 KB, over the plugin's 8 KB default on 2 cores, and a compression stream per
//   answer cost about a quarter of the server's CPU per browsing call in bench:load (decision 0470).
// - Brotli at quality 3, not the plugin's 4: in bench:load with a browser's Accept-Encoding the
//   server spent 3.7-4.3 ms of CPU per browsing call at quality 4 and 1.8-2.1 ms at quality 3; a page
//   of 25 orders (12.8 KB) is 1,913 bytes instead of 1,880 (decision 0668).
// - The built SPA is compressed once at build time (vite.config.ts); spa-assets.ts sends those files
//   and the plugin leaves an answer that already has a Content-Encoding alone.
// - An export download keeps its Content-Length (the browser shows the download's progress) and
//   costs no CPU while a million-row file streams: it is sent as stored.
// Compressed request bodies are not accepted (no client sends them).

/** Brotli's quality for answers (0-11): in the server, 3 cost about half the CPU per call of 4, for 2 % more bytes on a page of orders. */
export const BROTLI_QUALITY = 3;

const EXPORT_DOWNLOAD_URL = routerPath(exportEndpoints.downloadExport.path);

export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url === EXPORT_DOWNLOAD_URL) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    syncThreshold: 64 * 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
