import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { IDEMPOTENT_REPLAY_HEADER, type Endpoint, type ResponseOf } from '../../contract/endpoint';
import { PROBLEM_TYPES } from '../../contract/problem';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { HttpProblem, problems } from './problem';
import type { Handler } from './route';
import { principalOf } from '../auth/caller';

// Idempotency keys for money calls (decision 0200). A contract endpoint marked `idempotent` gets
// this from the registrar: with an Idempotency-Key header, the first request with a key runs and
// its answer is stored with the key (same transaction, so a rolled-back call leaves no key); a
// repeat by the same user to the same endpoint gets the stored answer; the same key with another
// request is a 422. Two requests with one key at once: the second waits on the first's row (its
// insert blocks until the first commits) and then replays it, so a double click acts once.

export const IDEMPOTENCY_KEY_TTL = '24 hours';
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

const keyReused = () =>
  new HttpProblem({
    type: PROBLEM_TYPES.idempotencyKeyReused,
    title: 'Idempotency key reused',
    status: 422,
    detail: 'this Idempotency-Key was already used with another request; send a new key for a new action',
  });

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_FORMAT.test(value)) throw problems.badRequest('the Idempotency-Key header must be 1 to 255 visible ASCII characters');
  return value;
}

/**
 * The request as validated (path, query, body) and the property its merchant header names: a repeat
 * must be the very same request, for the same property (decision 0346: the same key and body for
 * another property is another request, not a replay of the first property's answer).
 */
function fingerprintOf(request: { params: unknown; query: unknown; body: unknown; merchantId?: string | undefined }): string {
  return createHash('sha256')
    .update(JSON.stringify([request.params ?? null, request.query ?? null, request.body ?? null, request.merchantId ?? null]))
    .digest('hex');
}

/** Whose keys: a person's (`user:<id>`) or a property's secret key's own (`key:<id>`, decision 0370). */
interface Scope {
  principal: string;
  /** Set for a person, so their keys go with their account. */
  userId: string | null;
  endpoint: string;
  key: string;
}
type Claim = { first: true } | { first: false; response: unknown };

async function claim(db: Db, scope: Scope, fingerprint: string): Promise<Claim> {
  // Expired keys of this user go first, so an old key counts as new again.
  await db
    .deleteFrom('idempotency_keys')
    .where('principal', '=', scope.principal)
    .where('created_at', '<', sql<Date>`now() - ${sql.lit(IDEMPOTENCY_KEY_TTL)}::interval`)
    .execute();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ principal: scope.principal, user_id: scope.userId, endpoint: scope.endpoint, key: scope.key, fingerprint })
    .onConflict((oc) => oc.columns(['principal', 'endpoint', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { first: true };
  const stored = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'response'])
    .where('principal', '=', scope.principal)
    .where('endpoint', '=', scope.endpoint)
    .where('key', '=', scope.key)
    .executeTakeFirstOrThrow();
  if (stored.fingerprint !== fingerprint) throw keyReused();
  if (stored.status === null) throw problems.conflict('a request with this Idempotency-Key is still being answered');
  return { first: false, response: stored.response };
}

/** The handler of an endpoint with idempotency keys applied (unchanged for other endpoints). */
export function withIdempotencyKey<E extends Endpoint>(endpoint: E, handler: Handler<E>): Handler<E> {
  if (!endpoint.idempotent) return handler;
  // Not Awaited<...>: a FastifyReply is thenable, and awaiting its type gives unknown.
  type Answer = ResponseOf<E> | FastifyReply;
  return async (input): Promise<Answer> => {
    const key = keyOf(input.request);
    if (key === undefined || !input.caller) return handler(input);
    const caller = input.caller;
    const scope: Scope = { principal: principalOf(caller), userId: caller.kind === 'person' ? caller.userId : null, endpoint: endpoint.id, key };
    const fingerprint = fingerprintOf(input);
    return inTransaction<Answer>(input.ctx.db, async (db) => {
      const claimed = await claim(db, scope, fingerprint);
      if (!claimed.first) {
        input.reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
        return claimed.response as Answer;
      }
      const result = await handler({ ...input, ctx: { ...input.ctx, db } });
      if (!input.reply.sent)
        await db
          .updateTable('idempotency_keys')
          .set({ status: endpoint.successStatus ?? 200, response: JSON.stringify(result) })
          .where('principal', '=', scope.principal)
          .where('endpoint', '=', scope.endpoint)
          .where('key', '=', scope.key)
          .execute();
      return result;
    });
  };
}
