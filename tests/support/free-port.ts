import { once } from 'node:events';
import { createServer } from 'node:net';

/** A port nothing listens on right now, for a test that starts a real server process of its own. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}
