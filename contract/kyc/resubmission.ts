// What a reviewer's flag opens while an application is sent back for resubmission (spec 2 "KYC
// admin"; decisions 0145, 0151, 0190). One rule for every side: the server's save guard and upload
// route refuse what it keeps closed, and the wizard's field lock shows the same fields open.

/**
 * A field flag targets a whole step (`<step>`) or a dotted path in it (`<step>.<path>`, e.g.
 * `company-details.businessAddress`); it opens that field and everything below it
 * (`company-details.businessAddress.postal`), never a sibling that merely starts alike
 * (`company-details.businessAddressProof`).
 */
export function fieldFlagOpens(target: string, step: string, path: string): boolean {
  if (target === step) return true;
  const full = `${step}.${path}`;
  return full === target || full.startsWith(`${target}.`);
}

/** Whether any of the open field flags' targets opens this field. */
export function anyFieldFlagOpens(targets: readonly string[], step: string, path: string): boolean {
  return targets.some((target) => fieldFlagOpens(target, step, path));
}

/** Replacement chains are short; the bound only stops a broken chain that loops. */
const CHAIN_LIMIT = 100;

/**
 * The document and, walking back, each one it replaced. A flag on any of them keeps the slot open,
 * so a wrong replacement of a flagged document can itself be replaced.
 */
export function replacementChain(documentId: string, previousOf: (id: string) => string | undefined): string[] {
  const chain = [documentId];
  for (let previous = previousOf(documentId); previous && chain.length < CHAIN_LIMIT && !chain.includes(previous); previous = previousOf(previous))
    chain.push(previous);
  return chain;
}
