import { expect, test } from './support/test';
import { AUDIT_PARTS, auditAs, NO_ROLE_YET, unreachable } from './support/accessibility-audit';

// The accessibility walk (e2e/support/accessibility-audit.ts), first half of its parts.

test('every route of the route table has a demo account that may see it', () => {
  expect(unreachable).toEqual(NO_ROLE_YET);
});

for (const part of AUDIT_PARTS.filter((_, index) => index % 2 === 0)) {
  test(part.title, async ({ browser }) => {
    test.setTimeout(60_000 + part.routes.length * 15_000);
    expect(await auditAs(browser, part.visitor, part.routes, part.extra)).toEqual([]);
  });
}
