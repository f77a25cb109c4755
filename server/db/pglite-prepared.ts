import { parse as pgliteParse, protocol, type PGlite, type ParserOptions, type Results } from '@electric-sql/pglite';

// The embedded engine plans every statement again each time it runs, inside WebAssembly on the
// server's one thread, and PGlite's `query` takes six trips into the engine per statement (parse,
// describe, bind, describe, execute, sync). The API's statements repeat all day with new values:
// the caller of every signed-in call, a list's page, its count. So a statement seen a second time
// becomes a named prepared statement of the engine's session: later runs send bind, execute and
// sync in one message, and the engine reuses its parse and, where PostgreSQL's plan cache finds a
// generic plan as cheap, its plan (decision 0334).

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

/** Prepared statements kept per engine; the least recently used is closed beyond this. */
export const MAX_PREPARED = 64;
/** Statement texts remembered as seen once, so a one-off (a migration, an export's inlined COPY) is not prepared. */
const MAX_SEEN_ONCE = 512;

interface Prepared {
  name: string;
  /** The parameters' type oids, for PGlite's own serializers. */
  paramTypes: number[];
  /** The statement's row description (undefined for a statement that returns no rows). */
  rowDescription: BackendMessage | undefined;
}

/** SQLSTATE 0A000 "cached plan must not change result type": a table's columns changed under the statement. */
const FEATURE_NOT_SUPPORTED = '0A000';

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** Runs statements on one PGlite, preparing the ones that repeat. One instance per engine. */
export class PreparedStatements {
  private readonly prepared = new Map<string, Prepared>();
  private readonly seenOnce = new Set<string>();
  private nextName = 0;

  constructor(
    private readonly client: PGlite,
    private readonly parsers: ParserOptions,
  ) {}

  async query<R>(text: string, params: readonly unknown[]): Promise<Results<R>> {
    if (!this.worthPreparing(text)) return this.client.query<R>(text, [...params], { parsers: this.parsers });
    try {
      return await this.client.runExclusive(() => this.run<R>(text, params));
    } catch (error) {
      if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED) throw error;
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
    // the session is ready for the next statement when PGlite throws it here.
    const { messages } = await this.client.execProtocol(
      concat([protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]),
    );
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return pgliteParse.parseResults(described, this.client.parsers, { parsers: this.parsers })[0] as Results<R>;
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
    const name = `folio_${this.nextName++}`;
    const { messages } = await this.client.execProtocol(
      concat([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
    );
    const statement: Prepared = {
      name,
      paramTypes: pgliteParse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    this.prepared.set(text, statement);
    return statement;
  }

  private async close(text: string): Promise<void> {
    const statement = this.prepared.get(text);
    if (!statement) return;
    this.prepared.delete(text);
    await this.client.execProtocol(concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]));
  }
}
