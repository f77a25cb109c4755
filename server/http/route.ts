import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeParse } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { routerPath, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf } from '../../contract/endpoint';
import type { AppContext } from '../app-context';
import { canSeeMerchant, groupOpens, isGranted, KEY_RESOURCES, type AnyCaller, type Caller, type KeyResource } from '../auth/caller';
import { callerOfRequest, lastCallerOfRequest, sameCaller } from '../auth/request-caller';
import { refuseUntilTwoStep } from '../auth/sign-in-policy';
import { GRANTS_VERSION_HEADER, grantsVersionOf } from '../auth/grants-version';
import type { Db } from '../db/database';
import { specPathsOf } from '../../contract/spec-paths';
import { merchantHeaderMissing, merchantHeaderOf, refuseUnsafeInput } from './input-guard';
import { withIdempotencyKey } from './idempotency';
import { fieldErrors, problems } from './problem';

/**
 * Who a handler may be called by: anyone on a public endpoint; a person or a property's secret key on
 * an endpoint whose resource the APIUser row grants; a person signed in on every other endpoint (the
 * registrar refuses a key there before the handler runs, decision 0370).
 */
export type CallerOf<E extends Endpoint> = E['access'] extends 'public' ? AnyCaller | null : E['access'] extends { resource: KeyResource } ? AnyCaller : Caller;

/** Whether a secret key may call the endpoint at all: only on resources the APIUser row grants. */
export function keysMayCall(endpoint: Endpoint): boolean {
  return endpoint.access === 'public' || (endpoint.access !== 'session' && KEY_RESOURCES.includes(endpoint.access.resource));
}

interface HandlerInputOfEvery<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  caller: CallerOf<E>;
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Work to do once the request's writes are committed (wake a worker, remove a file), before the answer; a failure is logged, never answered. */
  afterCommit: (effect: () => unknown) => void;
}

/**
 * What a handler receives. Only an endpoint whose contract declares `merchantHeader` is given the merchant its
 * header names, so no handler can act on the header without the OpenAPI document listing it (decision 0381).
 */
export type HandlerInput<E extends Endpoint> = HandlerInputOfEvery<E> &
  (E extends { merchantHeader: 'required' }
    ? {
        /** The merchant named in the merchant header, already checked against the caller's scope. */
        merchantId: string;
      }
    : E extends { merchantHeader: true }
      ? {
          /** The merchant named in the merchant header, if any, already checked against the caller's scope. */
          merchantId: string | undefined;
        }
      : unknown);

/** A handler answers with the contract's response, or with the reply it has sent itself (files). */
export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<ResponseOf<E> | FastifyReply>;

export const KEY_REFUSED = "a secret key acts for its property's integration only; this call is for a person signed in";

function parsePart(schema: $ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const result = safeParse(schema, value ?? (part === 'body' ? undefined : {}));
  if (!result.success) throw problems.validation(fieldErrors(result.error, part === 'body' ? undefined : part));
  return result.data;
}

export interface RouteOptions {
  /** `groupId`: routes naming the same group share one counter (the two sign-in urls). */
  rateLimit?: { max: number; timeWindow: number | string; groupId?: string };
  /**
   * Whether the handler runs in one transaction, handed to it as `ctx.db` (use that one: on the
   * embedded engine a query on the app's own handle waits for the transaction to end, forever).
   * Default: every endpoint but GET, multipart uploads (which read the upload first) and `readOnly` ones
   * (a search sent as POST, whose statements may then run in parallel).
   */
  transaction?: boolean;
  /**
   * The handler writes nothing and sends no reply itself (a search or list): its work may start for the caller the
   * access token was at its last call, beside the session check, and is used only if the check answers that same
   * caller (decision 0709). No transaction unless `transaction` asks for one.
   */
  readOnly?: boolean;
}

/**
 * Registers one contract endpoint, and the same handler under the spec's method and path when the spec
 * names the call otherwise (contract/spec-paths.ts, decision 0380).
 */
export function registerEndpoint<const E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, routeConfig: RouteOptions = {}): void {
  registerRoute(app, endpoint, handler, routeConfig);
  for (const specPath of specPathsOf(endpoint)) registerRoute(app, specPath as E, handler, routeConfig);
}

/**
 * Registers one route: authenticates (401), checks the permission the contract
 * declares (403), refuses unsafe text and over-deep values (400), validates params, query and body
 * (400 with field errors), checks the merchant header against the caller's scope (403), runs the
 * handler in the request's transaction, and in development checks the answer against the contract
 * so drift shows up in tests rather than in the browser.
 */
function registerRoute<const E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, routeConfig: RouteOptions): void {
  // Money calls declare `idempotent` in the contract; the key handling wraps their handler.
  const run = withIdempotencyKey(endpoint, handler);
  const { readOnly = false, transaction = !readOnly && endpoint.method !== 'GET' && endpoint.bodyType !== 'multipart', ...config } = routeConfig;

  /** Everything after the session check, for `caller`: the checks in their order, the input, the handler, its effects kept. */
  const respond = async (request: FastifyRequest, reply: FastifyReply, caller: AnyCaller | null): Promise<Outcome> => {
    const ctx = app.ctx;
    if (endpoint.access !== 'public') {
      if (!caller) throw problems.unauthorized();
      // A secret key is its property's integration, not a person: sign-in, profiles and two-step are not its (decision 0370).
      if (caller.kind === 'key' && !keysMayCall(endpoint)) throw problems.forbidden(KEY_REFUSED);
      if (endpoint.access !== 'session') {
        const { resource, action } = endpoint.access;
        if (!isGranted(caller, resource, action)) throw problems.forbidden(`this needs ${action} on ${resource}`);
        // The merchant-group-status rule (decision 0183), with its own reason.
        if (!groupOpens(caller, resource))
          throw problems.forbidden(`your merchant group is ${caller.merchantGroupStatus}: ${resource} opens once it is Active`);
      }
      // The sign-in policy may want two-step sign-in turned on first (decision 0310).
      await refuseUntilTwoStep(ctx, caller, endpoint);
    }
    refuseUnsafeInput(request);
    const params = parsePart(endpoint.params, request.params, 'params');
    const query = parsePart(endpoint.query, request.query, 'query');
    const body = parsePart(endpoint.body, request.body, 'body');
    const merchantId = merchantHeaderOf(request);
    if (merchantId !== undefined && caller && !canSeeMerchant(caller, merchantId)) throw problems.forbidden('you may not act on this merchant');
    if (merchantId === undefined && endpoint.merchantHeader === 'required') throw merchantHeaderMissing();
    const effects: Array<() => unknown> = [];
    const answer = async (db: Db): Promise<Outcome> => {
      const input = {
        params,
        query,
        body,
        caller,
        ...(endpoint.merchantHeader ? { merchantId } : {}),
        ctx: db === ctx.db ? ctx : { ...ctx, db },
        request,
        reply,
        afterCommit: (effect: () => unknown) => effects.push(effect),
      };
      const result = await run(input as HandlerInput<E>);
      // A FastifyReply is thenable, so a handler that sent a file resolves to undefined: check `sent`.
      if (result === reply || reply.sent || reply.raw.headersSent) return { sent: true, effects };
      if (ctx.config.validateResponses) {
        const checked = safeParse(endpoint.response, result);
        if (!checked.success) {
          request.log.error({ endpoint: endpoint.id, issues: checked.error.issues }, 'answer does not match the contract');
          throw new Error(`answer of ${endpoint.id} does not match the contract`);
        }
      }
      return { sent: false, result, effects };
    };
    // The handler's writes and its audit entry commit together or not at all (decision 0176).
    return transaction ? await ctx.db.transaction().execute(answer) : await answer(ctx.db);
  };

  app.route({
    method: endpoint.method,
    url: routerPath(endpoint.path),
    config,
    handler: async (request, reply) => {
      const ctx = app.ctx;
      // A read-only call starts its work for the caller its token was at its last call, beside the session check
      // (one round trip fewer before the answer), and keeps that work only if the check answers the same caller
      // (decision 0709). Never for a call that writes: its work could not be taken back.
      const earlier = readOnly ? lastCallerOfRequest(request) : undefined;
      const ahead = earlier ? settle(respond(request, reply, earlier)) : undefined;
      const caller = await callerOfRequest(ctx, request);
      // Lets an open page notice a scope change at its next call (decision 0311).
      if (caller) reply.header(GRANTS_VERSION_HEADER, grantsVersionOf(caller));
      const outcome = ahead && caller && sameCaller(caller, earlier!) ? settled(await ahead) : await respond(request, reply, caller);
      for (const effect of outcome.effects) {
        try {
          await effect();
        } catch (error) {
          request.log.error({ err: error, endpoint: endpoint.id }, 'after-commit work failed');
        }
      }
      if (outcome.sent) return reply;
      reply.status(endpoint.successStatus ?? 200);
      return outcome.result;
    },
  });
}

/** What a handler's run came to: the reply it sent itself, or the result to send; and the work to do once it is committed. */
type Outcome = { sent: true; effects: Array<() => unknown> } | { sent: false; result: unknown; effects: Array<() => unknown> };

/** A run that may be dropped: its failure is held, not thrown, until the run is kept (`settled`). */
type Settled = { ok: true; outcome: Outcome } | { ok: false; error: unknown };

function settle(run: Promise<Outcome>): Promise<Settled> {
  return run.then(
    (outcome) => ({ ok: true, outcome }),
    (error: unknown) => ({ ok: false, error }),
  );
}

function settled(kept: Settled): Outcome {
  if (!kept.ok) throw kept.error;
  return kept.outcome;
}
