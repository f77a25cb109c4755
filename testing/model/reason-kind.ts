// A reason recorded for something no browser path takes is one of two kinds: it names the machine,
// API or browser test that proves it instead ("covered by tests/kyc/kyc-expiry.test.ts"), or it only
// explains why the browser cannot reach it. Diagrams colour the two differently, and a reason that
// names a test file which does not exist is a problem (npm run model:coverage -- --check).

const TEST_FILE = /\b((?:tests|machines|src|server|contract|testing|e2e)\/[\w./-]+\.(?:test|spec)\.tsx?)\b/g;

/** The test files a reason names, in order. */
export function testsNamedBy(reason: string): string[] {
  return [...reason.matchAll(TEST_FILE)].map((match) => match[1] as string);
}

export type ReasonKind = 'provenElsewhere' | 'explained' | 'missing';

/** `exists` says whether a named file is in the tree (a file system check, passed in to keep this pure). */
export function reasonKind(reason: string | undefined, exists: (file: string) => boolean): ReasonKind {
  if (!reason) return 'missing';
  const named = testsNamedBy(reason);
  return named.length > 0 && named.every(exists) ? 'provenElsewhere' : 'explained';
}
