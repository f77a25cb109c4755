import { KYC_STEP_SCHEMAS } from '../../../../contract/kyc/step-schemas';

// Saved drafts come back with their keys in storage order; the reviewer reads them in the order the
// wizard asks them, which is the declaration order of the contract's step schemas.

interface Shaped {
  shape?: Record<string, unknown>;
  element?: unknown;
}

function collect(schema: unknown, into: string[]): void {
  const node = schema as Shaped | undefined;
  if (node?.element) collect(node.element, into);
  for (const [key, child] of Object.entries(node?.shape ?? {})) {
    if (!into.includes(key)) into.push(key);
    collect(child, into);
  }
}

const order: string[] = [];
for (const schema of Object.values(KYC_STEP_SCHEMAS)) collect(schema, order);
const rank = new Map(order.map((key, index) => [key, index]));

export function byWizardOrder([a]: [string, unknown], [b]: [string, unknown]): number {
  return (rank.get(a) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b) ?? Number.MAX_SAFE_INTEGER);
}
