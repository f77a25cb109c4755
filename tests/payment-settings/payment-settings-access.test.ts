import { describe, expect, it } from 'vitest';
import { pageAccessOf, rolesWithMenuItem } from '../../contract/permission-rules';
import { ROLES } from '../../contract/roles';
import { ROUTES } from '../../src/app/route-table';
import { demandMet } from '../../src/lib/permissions';

// Issue 17 "Payment settings": under the exact-match rule (spec 5) no role reached
// /payment-settings/add-payment-settings. Now every role with the payment-settings menu item reaches
// the list, the add and the edit page, and no other role reaches any of them (decision 0242).

const PAGES = ['/payment-settings', '/payment-settings/add-payment-settings', '/payment-settings/edit-payment-settings'];

describe('payment-settings pages', () => {
  const managers = rolesWithMenuItem('paymentSettings');

  it('are reached, all three, by the roles with the payment-settings item', () => {
    expect(managers).toEqual(expect.arrayContaining(['FolioAdmin', 'FolioUser', 'MerchantAdmin', 'PropertyManager']));
    for (const role of managers)
      for (const path of PAGES) {
        const route = ROUTES.find((entry) => entry.path === path);
        const permissions = Object.entries(pageAccessOf(role)).map(([resource, actions]) => ({ resource, permissions: actions }));
        expect(demandMet(route?.demand, permissions as never), `${role} ${path}`).toBe(true);
      }
  });

  it('are reached by no other role', () => {
    for (const role of ROLES.filter((entry) => !managers.includes(entry)))
      for (const path of PAGES) {
        const route = ROUTES.find((entry) => entry.path === path);
        const permissions = Object.entries(pageAccessOf(role)).map(([resource, actions]) => ({ resource, permissions: actions }));
        expect(demandMet(route?.demand, permissions as never), `${role} ${path}`).toBe(false);
      }
  });
});
