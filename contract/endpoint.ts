import type { $ZodType, input, output } from 'zod/v4/core';
import type { Action, Resource } from './roles';
// The words of limits that name none, for both sides (decision 0346).
import './zod-messages';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint (spec 6): nobody needs to be signed in, any signed-in user,
 * or a signed-in user whose permissions on `resource` include `action`.
 */
export type EndpointAccess = 'public' | 'session' | { resource: Resource; action: Action };

export interface Endpoint {
  /** Stable id, used as the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** Full path with `{param}` placeholders, as written in the spec. */
  path: string;
  summary: string;
  access: EndpointAccess;
  // Core schema types, so an endpoint may use classic zod or zod/mini (the first-load calls, decision 0331).
  params?: $ZodType;
  query?: $ZodType;
  body?: $ZodType;
  /** Request body media type; json unless stated. */
  bodyType?: 'json' | 'form' | 'multipart';
  response: $ZodType;
  /** Status of the successful answer; 200 unless stated. */
  successStatus?: number;
  /**
   * Whether the call acts on the merchant named in the merchant header (`x-merchant-id`): only such a
   * call's handler is given the header's merchant, and the OpenAPI document lists the header on it.
   * `required`: the call acts on one property and is refused (400) without it.
   */
  merchantHeader?: true | 'required';
  /** The id of the endpoint whose handler, permission and schemas this one is: the spec's method and path for it (contract/spec-paths.ts). */
  sameAs?: string;
  /**
   * A money call: with an `Idempotency-Key` header, a repeat of the same request by the same user
   * gets the first answer again for 24 h, and the same key with another request is a 422 (decision 0200).
   */
  idempotent?: boolean;
  /**
   * A change two people may make at once: sent with `If-Match` naming the version it was made from, it is refused
   * with 412 once that version has been replaced (contract/versions.ts, decisions 0352, 0354, 0355).
   */
  versioned?: boolean;
  /**
   * Answers 503 (problem `starting`) while the server's database is not ready yet, where every other call
   * waits for it (decision 0652): the readiness check.
   */
  unavailableWhileStarting?: boolean;
  /**
   * An object-level rule the handler applies beyond `access` (issue 32): on objects of their own every caller
   * of `access` may; on anyone else's the caller needs `others` too. The permission matrix states it.
   */
  objectRule?: { own: string; others: { resource: Resource; action: Action } };
}

/** The header a client sends with a money call, one value per user intent (decision 0200). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that repeats the first answer to an earlier request with the same key. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/**
 * A domain's endpoints keyed by their stable id (`payoutEndpoints.retryPayout`): callers name the
 * endpoint they mean, so reordering a table cannot silently swap two calls.
 */
export function endpointTable<const L extends readonly Endpoint[]>(list: L): { readonly [E in L[number] as E['id']]: E } {
  const table: Record<string, Endpoint> = {};
  for (const endpoint of list) {
    if (table[endpoint.id]) throw new Error(`endpoint id ${endpoint.id} is used twice`);
    table[endpoint.id] = endpoint;
  }
  return table as { readonly [E in L[number] as E['id']]: E };
}

/** The endpoints of one or more tables, in table order. */
export function endpointsOf(...tables: Readonly<Record<string, Endpoint>>[]): Endpoint[] {
  return tables.flatMap((table) => Object.values(table));
}

/** What the server's handler receives: the schemas' output (defaults applied, values transformed). */
export type BodyOf<E extends Endpoint> = E['body'] extends $ZodType ? output<E['body']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends $ZodType ? output<E['query']> : undefined;
export type ParamsOf<E extends Endpoint> = E['params'] extends $ZodType ? output<E['params']> : undefined;
export type ResponseOf<E extends Endpoint> = output<E['response']>;
/** What a client sends: the schemas' input, so the compiler checks request bodies without casts. */
export type BodyInputOf<E extends Endpoint> = E['body'] extends $ZodType ? input<E['body']> : undefined;
export type QueryInputOf<E extends Endpoint> = E['query'] extends $ZodType ? input<E['query']> : undefined;
export type ParamsInputOf<E extends Endpoint> = E['params'] extends $ZodType ? input<E['params']> : undefined;

/** `/users/{id}` -> `/users/:id` for the router. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{param}` placeholders, encoding each value. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
