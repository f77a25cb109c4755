import { KYC_STEP_SCHEMAS } from '../../../../contract/kyc/step-schemas';
import type { KycStepId } from '../../../../contract/kyc/steps';

// Saved drafts come back with their keys in storage order; the reviewer reads them in the order the
// wizard asks them, which is the declaration order of the contract's step schema: for a nested part
// (an address, one person of a list) the order of that part's own schema, so an address reads
// "Address line 1 ... Country" whatever came before it in the step.

/** The entry a person's day, month and year of birth are shown as. */
export const BIRTH_DATE = 'dateOfBirth';

interface SchemaNode {
  shape?: Record<string, unknown>;
  element?: unknown;
  _zod?: { def?: { innerType?: unknown; in?: unknown } };
}

/** Through optional/default/nullable wrappers, pipes and lists to the object schema below. */
function objectBelow(schema: unknown): SchemaNode | undefined {
  let node = schema as SchemaNode | undefined;
  for (let depth = 0; node && !node.shape && depth < 10; depth++)
    node = (node.element ?? node._zod?.def?.innerType ?? node._zod?.def?.in) as SchemaNode | undefined;
  return node?.shape ? node : undefined;
}

/** The keys of the part of a step at `path` (object keys from the step's root; list positions left out). */
function keysAt(step: KycStepId, path: readonly string[]): string[] | undefined {
  let node = objectBelow(KYC_STEP_SCHEMAS[step]);
  for (const key of path) node = objectBelow(node?.shape?.[key]);
  return node?.shape ? Object.keys(node.shape) : undefined;
}

// Without a known schema (an older draft's extra key), keys keep the order of every step's schemas.
const anywhere: string[] = [];
function collect(schema: unknown): void {
  const node = objectBelow(schema);
  for (const [key, child] of Object.entries(node?.shape ?? {})) {
    if (!anywhere.includes(key)) anywhere.push(key);
    collect(child);
  }
}
Object.values(KYC_STEP_SCHEMAS).forEach(collect);

/** Compares two entries of a step's data at `path` by where the wizard asks them. */
export function wizardOrder(step?: KycStepId, path: readonly string[] = []) {
  const keys = (step && keysAt(step, path)) || anywhere;
  const position = (key: string) => {
    const at = keys.indexOf(key === BIRTH_DATE ? 'dayOfBirth' : key);
    return at < 0 ? keys.length + Math.max(0, anywhere.indexOf(key)) : at;
  };
  return ([a]: [string, unknown], [b]: [string, unknown]) => position(a) - position(b);
}
