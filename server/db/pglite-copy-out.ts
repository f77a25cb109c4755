import { Buffer } from 'node:buffer';
import { protocol, type PGlite } from '@electric-sql/pglite';
import { databaseError, rowsOfCommand } from './pglite-prepared';

// A COPY ... TO STDOUT on the embedded engine, its rows gathered straight from the engine's output
// into one buffer. COPY ... TO '/dev/blob' made a copy of every write the engine made to it, a Blob
// of them all and an ArrayBuffer of the Blob: short-lived buffers that the collector freed late
// (decision 0335).

/** Where a chunk's body starts: most chunks (5,000 rows of a dozen columns) fit without growing. */
const FIRST_CAPACITY = 1 << 20;

export interface CopiedOut {
  body: Buffer;
  rows: number;
}

/** Runs `copySql` (a COPY ... TO STDOUT) on `client` and returns its body and the rows it copied; an engine error is thrown as PGlite would. */
export async function copyOutOfPglite(client: PGlite, copySql: string): Promise<CopiedOut> {
  let body = Buffer.allocUnsafe(FIRST_CAPACITY);
  let length = 0;
  let rows = 0;
  let error: Error | undefined;
  /** The start of a message the end of a piece cut off, waiting for the next piece. */
  let cut: Buffer | undefined;

  const append = (from: Buffer, start: number, end: number) => {
    const needed = length + (end - start);
    if (needed > body.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, body.length * 2));
      body.copy(grown, 0, 0, length);
      body = grown;
    }
    from.copy(body, length, start, end);
    length = needed;
  };

  const read = (piece: Buffer) => {
    const bytes = cut ? Buffer.concat([cut, piece]) : piece;
    cut = undefined;
    let at = 0;
    while (bytes.length - at >= 5) {
      const size = bytes.readInt32BE(at + 1);
      const end = at + 1 + size;
      if (end > bytes.length) break;
      const type = bytes[at];
      if (type === 0x64 /* d, a row's bytes */) append(bytes, at + 5, end);
      else if (type === 0x43 /* C, "COPY n" */) rows = rowsOfCommand(bytes, at + 5, end);
      else if (type === 0x45 /* E, an error: the first one is thrown */) error ??= databaseError(bytes, at + 5, end, size);
      at = end;
    }
    // The piece is a view into the engine's memory, reused for its next output: what is kept is copied.
    if (at < bytes.length) cut = Buffer.from(bytes.subarray(at));
  };

  await client.runExclusive(() =>
    client.execProtocolRawStream(protocol.serialize.query(copySql), {
      onRawData: (piece) => read(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)),
    }),
  );
  if (error) throw error;
  return { body: body.subarray(0, length), rows };
}
