import http from 'node:http';
import https from 'node:https';
import { resolveTarget } from '../outbound/outbound-target';

// One HTTP POST to a receiver, to the address that passed the target check (decision 0283), with
// the host name kept for the Host header and TLS. The answer's first bytes are kept for the log, but
// only from a public receiver: where private targets are allowed (the demo), an address on a private
// network or of this server may be any local service, so its answer is kept as its status line and
// headers, never its body (decision 0382).

const KEEP_RESPONSE_BYTES = 4096;

/** Said in place of the body of a private receiver's answer. */
export const PRIVATE_BODY_WITHHELD = '(the body of an answer from a private network address is not kept)';

/** The status line and headers of an answer, as they came. */
function headOf(response: http.IncomingMessage): string {
  const lines = [`HTTP/${response.httpVersion} ${response.statusCode ?? ''} ${response.statusMessage ?? ''}`.trimEnd()];
  for (let index = 0; index < response.rawHeaders.length; index += 2) lines.push(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}`);
  return lines.join('\n');
}

export interface PostOutcome {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostOutcome> {
  const started = Date.now();
  const done = (outcome: Omit<PostOutcome, 'durationMs'>): PostOutcome => ({ ...outcome, durationMs: Date.now() - started });
  let url: URL;
  let address: string;
  let isPrivate: boolean;
  try {
    url = new URL(target);
    ({ address, isPrivate } = await resolveTarget(url.hostname, options.allowPrivate));
  } catch (error) {
    return done({ status: null, body: null, error: (error as Error).message });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    const request = client.request(
      {
        host: address,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        servername: url.hostname,
        headers: { ...headers, host: url.host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString() },
        timeout: options.timeoutMs,
      },
      (response) => {
        if (isPrivate) {
          response.resume();
          const head = `${headOf(response)}\n${PRIVATE_BODY_WITHHELD}`.slice(0, KEEP_RESPONSE_BYTES);
          response.on('end', () => resolve(done({ status: response.statusCode ?? null, body: head, error: null })));
          response.on('error', (error) => resolve(done({ status: response.statusCode ?? null, body: head, error: error.message })));
          return;
        }
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < KEEP_RESPONSE_BYTES) chunks.push(chunk.subarray(0, KEEP_RESPONSE_BYTES - kept));
          kept += chunk.length;
        });
        response.on('end', () => resolve(done({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null })));
        response.on('error', (error) => resolve(done({ status: response.statusCode ?? null, body: null, error: error.message })));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(done({ status: null, body: null, error: error.code ? `${error.code}: ${error.message}` : error.message })),
    );
    request.end(body);
  });
}
