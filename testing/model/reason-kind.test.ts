import { describe, expect, it } from 'vitest';
import { reasonKind, testsNamedBy } from './reason-kind';

describe('reasons recorded for what the browser does not take', () => {
  const tree = new Set(['tests/kyc/kyc-expiry.test.ts', 'machines/session.machine.test.ts', 'e2e/kyc.spec.ts']);
  const exists = (file: string) => tree.has(file);

  it('finds every test file a reason names', () => {
    expect(testsNamedBy('covered by tests/kyc/kyc-expiry.test.ts and machines/session.machine.test.ts ("x")')).toEqual([
      'tests/kyc/kyc-expiry.test.ts',
      'machines/session.machine.test.ts',
    ]);
    expect(testsNamedBy('signing is driven in e2e/kyc.spec.ts (the reviewer approves)')).toEqual(['e2e/kyc.spec.ts']);
    expect(testsNamedBy('only the server timer can trigger it')).toEqual([]);
  });

  it('is proven elsewhere only when every named test exists', () => {
    expect(reasonKind('covered by tests/kyc/kyc-expiry.test.ts', exists)).toBe('provenElsewhere');
    expect(reasonKind('covered by tests/kyc/gone.test.ts', exists)).toBe('explained');
    expect(reasonKind('each browser test has one tab', exists)).toBe('explained');
    expect(reasonKind(undefined, exists)).toBe('missing');
    expect(reasonKind('', exists)).toBe('missing');
  });
});
