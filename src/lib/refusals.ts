import { KYC_FIELD_LIST_PARAMS, MONEY_PARAMS, SECOND_MONEY_PARAMS, WORDED_PARAMS } from '../../contract/problem-codes';
import problemsArea from '../i18n/en/problems.json';
import { addAreaStrings, i18next } from '../i18n/i18n';
import { ResponseError } from './failure-message';
import { formatMoney } from './format';
import { flagTargetLabelOf } from './kyc-field-labels';

// A refused call in the user's words (decision 0686). A problem may carry a stable `code` from the registry
// (contract/problem-codes.ts) and the `params` its sentence names; the catalogue words it as `problems.<code>`.
// The server's `detail` stays written for API callers and is shown only for a refusal without such words, in
// spec 8's order (failure-message.ts).
//
// The API client loads this module when a call is refused, not before: the sign-in page's first load stays
// within its budget (issue 13), and the catalogue's refusal words come with this module, so the signed-out
// pages have them too (the signed-in shell's strings carry them as well).
addAreaStrings(problemsArea);

/** A code as the registry writes them: dotted words, nothing that could reach outside `problems`. */
const CODE_PATTERN = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/;

/**
 * The catalogue's sentence for a problem body's `code`, its `params` filled in (a `count` choosing the plural);
 * undefined when the body has no code or the catalogue no sentence for it (a code the server added after this SPA
 * was built).
 */
export function problemWords(body: unknown): { code: string; words: string } | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { code, params } = body as { code?: unknown; params?: unknown };
  if (typeof code !== 'string' || !CODE_PATTERN.test(code)) return undefined;
  const values: Record<string, string | number> = {};
  if (params && typeof params === 'object')
    for (const [name, value] of Object.entries(params)) if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  // An amount comes as minor units with its currency; the sentence names it written as every amount on screen is.
  const minor = values[MONEY_PARAMS.minor];
  const currency = values[MONEY_PARAMS.currency];
  if (typeof minor === 'number' && typeof currency === 'string') values[MONEY_PARAMS.written] = formatMoney(minor, currency);
  // A second amount in the same currency (a minimum it is compared with) is written alike.
  const second = values[SECOND_MONEY_PARAMS.minor];
  if (typeof second === 'number' && typeof currency === 'string') values[SECOND_MONEY_PARAMS.written] = formatMoney(second, currency);
  // A status on the wire is named with the word the screens show for it, when the catalogue has one.
  const worded: Record<string, string | undefined> = Object.hasOwn(WORDED_PARAMS, code) ? WORDED_PARAMS[code as keyof typeof WORDED_PARAMS]! : {};
  for (const [name, branch] of Object.entries(worded)) {
    const value = values[name];
    if (branch && typeof value === 'string' && /^[A-Za-z0-9]+$/.test(value) && i18next.exists(`${branch}.${value}`))
      values[name] = i18next.t(`${branch}.${value}`);
  }
  // KYC fields named by their flag targets are named as the wizard and the review pages name them.
  const fieldList: string | undefined = Object.hasOwn(KYC_FIELD_LIST_PARAMS, code)
    ? KYC_FIELD_LIST_PARAMS[code as keyof typeof KYC_FIELD_LIST_PARAMS]
    : undefined;
  const targets = fieldList ? values[fieldList] : undefined;
  if (fieldList && typeof targets === 'string')
    values[fieldList] = targets
      .split(',')
      .map((target) => target.trim())
      .filter(Boolean)
      .map((target) => flagTargetLabelOf(i18next.t, target))
      .join('; ');
  const key = `problems.${code}`;
  if (!i18next.exists(key, values)) return undefined;
  // A code naming a branch of the catalogue, not a sentence, has no words.
  const words: unknown = i18next.t(key, { ...values, returnObjects: true });
  return typeof words === 'string' ? { code, words } : undefined;
}

/** Every field message of a problem's `errors` replaced by `words`: a coded refusal is about the one fault it names. */
function fieldsSaying(errors: unknown, words: string): unknown {
  if (Array.isArray(errors)) return errors.map(() => words);
  if (errors && typeof errors === 'object') return Object.fromEntries(Object.keys(errors).map((field) => [field, [words]]));
  return errors;
}

/**
 * A refused call's error (spec 8's, from failureMessage) told in its code's words when the catalogue has them:
 * the error's message, and in its body the detail and the message of each field it names, since the form's field
 * errors, the error toast and problemDetailOf read the body; the body keeps the code. Otherwise the error as it
 * was. With the API client's call of it, the one place a refusal's words are chosen.
 */
export function told(refused: ResponseError): ResponseError {
  const worded = problemWords(refused.body);
  if (!worded) return refused;
  const body = refused.body as Record<string, unknown>;
  const told = { ...body, detail: worded.words, ...(body.errors !== undefined ? { errors: fieldsSaying(body.errors, worded.words) } : {}) };
  return new ResponseError(worded.words, refused.status, told);
}
