import { safeParse } from 'zod/mini';
import {
  fillPath,
  IDEMPOTENCY_KEY_HEADER,
  type BodyInputOf,
  type Endpoint,
  type ParamsInputOf,
  type QueryInputOf,
  type ResponseOf,
} from '../../contract/endpoint';
import { MERCHANT_HEADER } from '../../contract/product';
import { VERSION_HEADER } from '../../contract/versions';
import { FALLBACK_FAILURE, failureMessage, ResponseError } from './failure-message';
import { GRANTS_VERSION_HEADER, noteGrantsVersion } from './grants-version';

// The one api client (spec 7): JSON, credentials included, bearer token, merchant header where the
// call acts on a merchant; failures become ResponseError with the spec 8 message.

let accessTokenSource: () => string | undefined = () => undefined;
let onUnauthorized: () => void = () => undefined;
let onTwoStepRequired: () => void = () => undefined;

/** The problem type of a refusal until two-step sign-in is on (contract/problem.ts, decision 0310). */
const TWO_STEP_REQUIRED_TYPE = 'https://folio.test/problems/two-step-required';

/** The session binding tells the client where the current access token is, what a 401 means, and what the sign-in policy's 403 means. */
export function configureApiClient(options: { accessToken: () => string | undefined; onUnauthorized: () => void; onTwoStepRequired?: () => void }): void {
  accessTokenSource = options.accessToken;
  onUnauthorized = options.onUnauthorized;
  onTwoStepRequired = options.onTwoStepRequired ?? (() => undefined);
}

export interface CallOptions<E extends Endpoint> {
  params?: ParamsInputOf<E>;
  query?: QueryInputOf<E>;
  body?: BodyInputOf<E>;
  merchantId?: string;
  signal?: AbortSignal;
  /** Money calls (`idempotent` in the contract): one key per user intent, so a repeat acts once (decision 0200). */
  idempotencyKey?: string;
  /** A change to something two people may edit: the version it was made from, refused with 412 when replaced since (contract/versions.ts). */
  ifMatch?: string;
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  const url = fillPath(endpoint.path, (options.params ?? {}) as Record<string, string | number>) + queryString(options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Public calls (the session client's own) skip the client's auth handling (spec 6): a revoked
  // token must not turn "who is signed in?" into a 401.
  const token = endpoint.access === 'public' ? undefined : accessTokenSource();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.merchantId) headers[MERCHANT_HEADER] = options.merchantId;
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  if (options.ifMatch) headers[VERSION_HEADER] = options.ifMatch;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (endpoint.bodyType === 'form' && options.body) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.body as Record<string, string>).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body, credentials: 'include', signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ResponseError(FALLBACK_FAILURE, 0);
  }
  if (token) noteGrantsVersion(response.headers.get(GRANTS_VERSION_HEADER));
  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401 && endpoint.access !== 'public') onUnauthorized();
    // The sign-in policy began to require two-step sign-in while this user was signed in.
    if (response.status === 403 && text.includes(TWO_STEP_REQUIRED_TYPE)) onTwoStepRequired();
    const refused = failureMessage(response.status, text);
    // Told in its code's words where the catalogue has them (decision 0686): their module comes with the first
    // refusal, not with the page (the sign-in page's budget); if it cannot be fetched, as spec 8 says.
    throw await import('./refusals').then(
      (refusals) => refusals.told(refused),
      () => refused,
    );
  }
  const parsed: unknown = text ? JSON.parse(text) : {};
  // zod/mini's parse: the sign-in path's contract is written in zod/mini, so the first load carries no classic zod (decision 0331).
  const checked = safeParse(endpoint.response, parsed);
  if (!checked.success)
    throw new ResponseError(checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'), response.status, parsed);
  return checked.data as ResponseOf<E>;
}
