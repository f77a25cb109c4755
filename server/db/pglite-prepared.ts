import { Buffer } from 'node:buffer';
import { parse as pgliteParse, protocol, types, type PGlite, type ParserOptions, type Results } from '@electric-sql/pglite';

// The embedded engine plans every statement again each time it runs, inside WebAssembly on the
// server's one thread, and PGlite's `query` takes six trips into the engine per statement (parse,
// describe, bind, describe, execute, sync). The API's statements repeat all day with new values:
// the caller of every signed-in call, a list's page, its count. So a statement seen a second time
// becomes a named prepared statement of the engine's session: later runs send bind, execute and
// sync in one message, and the engine reuses its parse and, where PostgreSQL's plan cache finds a
// generic plan as cheap, its plan (decision 0334). Their answer is read here from the engine's raw
// bytes, each row built by the parsers its fields' types resolved to when the statement was
// prepared: PGlite's own reading copies every field into a new buffer and builds every row from
// a list of entries.

/** Prepared statements kept per engine; the least recently used is closed beyond this. */
export const MAX_PREPARED = 64;
/** Statement texts remembered as seen once, so a one-off (a migration, an export's inlined COPY) is not prepared. */
const MAX_SEEN_ONCE = 512;

type FieldParser = (text: string) => unknown;

interface Prepared {
  name: string;
  /** The parameters' type oids, for PGlite's own serializers. */
  paramTypes: number[];
  /** The columns of its rows, as PGlite's results describe them (empty for a statement that returns none). */
  fields: { name: string; dataTypeID: number }[];
  /** Each column's parser, as PGlite's `parseType` would pick it for the column's type. */
  parsers: FieldParser[];
}

const asText: FieldParser = (text) => text;
/** Command tags that end in the number of rows they touched, as PGlite counts `affectedRows`. */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** The fields of an ErrorResponse, by their one-letter codes, into the DatabaseError PGlite would throw. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

export function databaseError(bytes: Buffer, start: number, end: number, length: number): Error {
  const fields: Record<string, string> = {};
  let at = start;
  while (at < end && bytes[at] !== 0) {
    const code = String.fromCharCode(bytes[at] as number);
    const stop = bytes.indexOf(0, at + 1);
    fields[code] = bytes.toString('utf8', at + 1, stop);
    at = stop + 1;
  }
  const error = new protocol.messages.DatabaseError(fields.M ?? 'database error', length, 'error') as unknown as Record<string, unknown>;
  for (const [code, property] of Object.entries(ERROR_FIELDS)) error[property] = fields[code];
  return error as unknown as Error;
}

/** SQLSTATE 0A000 "cached plan must not change result type": a table's columns changed under the statement (other 0A000 errors are thrown as they are). */
function isStaleResultType(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '0A000' && message === 'cached plan must not change result type';
}

/** The rows a CommandComplete message (its tag between `start` and `end`) counts, as PGlite's `affectedRows` does: 0 for a command that counts none. */
export function rowsOfCommand(bytes: Buffer, start: number, end: number): number {
  const words = bytes.toString('utf8', start, end - 1).split(' ');
  return COUNTED_COMMANDS.has(words[0] as string) ? Number.parseInt(words.at(-1) as string, 10) || 0 : 0;
}

/** Statement names are unique in the process, so two of these over one engine never reuse a name. */
let nextStatementNumber = 0;

/** Runs statements on one PGlite, preparing the ones that repeat. One instance per engine. */
export class PreparedStatements {
  private readonly prepared = new Map<string, Prepared>();
  private readonly seenOnce = new Set<string>();

  constructor(
    private readonly client: PGlite,
    private readonly parsers: ParserOptions,
  ) {}

  async query<R>(text: string, params: readonly unknown[]): Promise<Results<R>> {
    if (!this.worthPreparing(text)) return this.client.query<R>(text, [...params], { parsers: this.parsers });
    try {
      return await this.client.runExclusive(() => this.run<R>(text, params));
    } catch (error) {
      if (!isStaleResultType(error)) throw error;
      // Re-prepared on its next repeat, against the table as it is now.
      await this.client.runExclusive(() => this.close(text));
      return this.client.query<R>(text, [...params], { parsers: this.parsers });
    }
  }

  /** Prepared from the second time on; COPY (whose `/dev/blob` PGlite's `query` handles) never. */
  private worthPreparing(text: string): boolean {
    if (this.prepared.has(text)) return true;
    if (/^\s*copy\b/i.test(text)) return false;
    if (this.seenOnce.delete(text)) return true;
    if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce.delete(this.seenOnce.values().next().value as string);
    this.seenOnce.add(text);
    return false;
  }

  private async run<R>(text: string, params: readonly unknown[]): Promise<Results<R>> {
    const statement = await this.statement(text);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      // As PGlite's own `query` does: the serializer of the parameter's type, else its text.
      const serialize = this.client.serializers[statement.paramTypes[index] as number];
      return serialize ? serialize(value) : String(value);
    });
    // Bind, execute and sync in one trip; on an error the engine has already reached the sync, so
    // the session is ready for the next statement when the error is thrown here.
    const chunks: Uint8Array[] = [];
    await this.client.execProtocolRawStream(
      Buffer.concat([protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]),
      // A view into the engine's memory, reused for its next output: copied.
      { onRawData: (bytes) => chunks.push(bytes.slice()) },
    );
    return readAnswer<R>(chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks), statement, this.client);
  }

  /** The prepared statement of `text`, parsed and described on first use; the least recently used one beyond MAX_PREPARED is closed. */
  private async statement(text: string): Promise<Prepared> {
    const known = this.prepared.get(text);
    if (known) {
      this.prepared.delete(text);
      this.prepared.set(text, known);
      return known;
    }
    if (this.prepared.size >= MAX_PREPARED) await this.close(this.prepared.keys().next().value as string);
    const name = `folio_${nextStatementNumber++}`;
    const { messages } = await this.client.execProtocol(
      Buffer.concat([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
    );
    const description = messages.find((message) => message.name === 'rowDescription') as { fields: { name: string; dataTypeID: number }[] } | undefined;
    const fields = (description?.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    // PGlite's `parseType`: the query's parsers over the engine's (its array types included), else the defaults.
    const byType: Record<number, ((text: string, typeId?: number) => unknown) | undefined> = { ...types.parsers, ...this.client.parsers, ...this.parsers };
    const statement: Prepared = {
      name,
      paramTypes: pgliteParse.parseDescribeStatementResults(messages),
      fields,
      parsers: fields.map(({ dataTypeID }) => {
        const parse = byType[dataTypeID];
        return parse ? (text: string) => parse(text, dataTypeID) : asText;
      }),
    };
    this.prepared.set(text, statement);
    return statement;
  }

  private async close(text: string): Promise<void> {
    const statement = this.prepared.get(text);
    if (!statement) return;
    this.prepared.delete(text);
    await this.client.execProtocol(Buffer.concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]));
  }
}

/** The rows, the rows touched and the first error of a prepared statement's answer, read from the engine's bytes. */
/** Listeners of NOTIFY per engine: a prepared statement's answer is read here, not by PGlite, so PGlite's own listeners miss them. */
const notificationListeners = new WeakMap<PGlite, Set<(channel: string, payload: string) => void>>();

/**
 * Hears the notifications (NOTIFY, delivered at commit) that arrive in the answers of prepared
 * statements; those of PGlite's own `query` reach `PGlite.onNotification`. A listener wants both.
 */
export function onPreparedNotification(client: PGlite, listener: (channel: string, payload: string) => void): () => void {
  const listeners = notificationListeners.get(client) ?? new Set();
  notificationListeners.set(client, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readAnswer<R>(data: Uint8Array, statement: Prepared, client?: PGlite): Results<R> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const names = statement.fields.map((field) => field.name);
  const rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  let error: Error | undefined;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    const length = bytes.readInt32BE(at + 1);
    const start = at + 5;
    const end = at + 1 + length;
    if (type === 0x44 /* D, a row */) {
      const count = bytes.readInt16BE(start);
      const row: Record<string, unknown> = {};
      let field = start + 2;
      for (let index = 0; index < count; index += 1) {
        const size = bytes.readInt32BE(field);
        field += 4;
        if (size < 0) row[names[index] as string] = null;
        else {
          row[names[index] as string] = (statement.parsers[index] as FieldParser)(bytes.toString('utf8', field, field + size));
          field += size;
        }
      }
      rows.push(row);
    } else if (type === 0x43 /* C, the command's tag */) {
      affectedRows += rowsOfCommand(bytes, start, end);
    } else if (type === 0x45 /* E, an error: the first one is thrown */) {
      error ??= databaseError(bytes, start, end, length);
    } else if (type === 0x41 /* A, a notification: process id, channel, payload */ && client) {
      const channelEnd = bytes.indexOf(0, start + 4);
      const payloadEnd = bytes.indexOf(0, channelEnd + 1);
      const channel = bytes.toString('utf8', start + 4, channelEnd);
      const payload = bytes.toString('utf8', channelEnd + 1, payloadEnd);
      notificationListeners.get(client)?.forEach((listener) => listener(channel, payload));
    }
    at = end;
  }
  if (error) throw error;
  return { rows: rows as R[], fields: statement.fields, affectedRows };
}
