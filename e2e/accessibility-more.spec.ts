import { expect, test } from './support/test';
import { AUDIT_PARTS, auditAs } from './support/accessibility-audit';

// The accessibility walk (e2e/support/accessibility-audit.ts), second half of its parts.

for (const part of AUDIT_PARTS.filter((_, index) => index % 2 === 1)) {
  test(part.title, async ({ browser }) => {
    test.setTimeout(60_000 + part.routes.length * 15_000);
    expect(await auditAs(browser, part.visitor, part.routes, part.extra)).toEqual([]);
  });
}
