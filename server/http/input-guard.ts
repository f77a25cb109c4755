import type { FastifyRequest } from 'fastify';
import { MERCHANT_HEADER } from '../../contract/product';
import { findInputFlaw, TOO_DEEP_MESSAGE, UNSAFE_TEXT_MESSAGE } from '../../contract/text';
import { problems } from './problem';

// What the registrar checks before any schema runs, so no field of any endpoint can carry text the
// database cannot store, or nesting that would exhaust a recursive walk further on
// (docs/decisions/0175-unsafe-text-and-deep-input.md).

const MERCHANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MERCHANT_HEADER_FIELD = `headers.${MERCHANT_HEADER}`;

/** Field names as the validation answers give them: body fields bare, `query.x` and `params.x` prefixed, `_` for the whole body. */
function fieldName(part: 'params' | 'query' | 'body', path: Array<string | number>): string {
  return [part === 'body' ? undefined : part, ...path.map(String)].filter(Boolean).join('.') || '_';
}

/** 400 naming the first field (of params, query, then body) that holds unsafe text or nests too deeply. */
export function refuseUnsafeInput(request: FastifyRequest): void {
  for (const part of ['params', 'query', 'body'] as const) {
    const flaw = findInputFlaw(request[part]);
    if (!flaw) continue;
    const message = flaw.kind === 'unsafeText' ? UNSAFE_TEXT_MESSAGE : TOO_DEEP_MESSAGE;
    throw problems.validation({ [fieldName(part, flaw.path)]: [message] }, `${fieldName(part, flaw.path)} ${message}`);
  }
}

/**
 * The merchant the header names, as stored: merchant ids are uuids, compared in lower case, so a
 * header differing only in letter case names the same merchant. Anything else is a 400, never a
 * value that reaches a query.
 */
export function merchantHeaderOf(request: FastifyRequest): string | undefined {
  const value = request.headers[MERCHANT_HEADER];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !MERCHANT_ID.test(value))
    throw problems.validation(
      { [MERCHANT_HEADER_FIELD]: ['must be one merchant id (a uuid)'] },
      `the ${MERCHANT_HEADER} header must be one merchant id (a uuid)`,
    );
  return value.toLowerCase();
}

/** A call that acts on one property (`merchantHeader: 'required'` in its contract) without the header naming it. */
export function merchantHeaderMissing() {
  return problems.validation({ [MERCHANT_HEADER_FIELD]: ['name the property this call acts on'] }, `name the property in the ${MERCHANT_HEADER} header`);
}
