import { describe, expect, it } from 'vitest';
import { ROLES } from '../../contract/roles';
import { activeMenuItemKey, MENU_ITEMS, menuItemHref } from '../../src/app/shell/menu-items';

// Issue 11: the side-menu highlight was lost on sub-pages (/kyc/company-details, an application's detail).
const side = MENU_ITEMS.filter((item) => !item.submenu);
const active = (pathname: string) => activeMenuItemKey(side, pathname);

describe('menu highlight', () => {
  it('marks the item of the page itself', () => {
    expect(active('/transactions')).toBe('transactions');
    expect(active('/kyc/applications')).toBe('kycApplications');
    expect(active('/kyc/application-overview')).toBe('kyc');
  });

  it('stays on the item a sub-page belongs to', () => {
    expect(active('/kyc/company-details')).toBe('kyc');
    expect(active('/kyc/application-success')).toBe('kyc');
    expect(active('/kyc/applications/2f1c3a9e-0000-4000-8000-000000000001')).toBe('kycApplications');
    expect(active('/transactions/transaction-info')).toBe('transactions');
    expect(active('/users/add-user')).toBe('users');
    expect(active('/properties/property-overview/7')).toBe('properties');
    expect(active('/payment-link-preview')).toBe('paymentLink');
  });

  it('marks nothing for a page outside the menu, and never a mere name prefix', () => {
    expect(active('/home')).toBeUndefined();
    expect(active('/transactionsX')).toBeUndefined();
    expect(activeMenuItemKey(MENU_ITEMS, '/refund-management/rules')).toBe('refundRules');
    expect(activeMenuItemKey(MENU_ITEMS, '/refund-management/refund-submitted')).toBe('refundManagement');
  });
});

describe('menu addresses', () => {
  // The left menu links each item to its own path (side-menu.tsx); only a submenu item may point at the
  // active property, or wait for it.
  it('gives every left-menu item its own path, for every role, with or without an active property', () => {
    const property = { merchantId: 'p1', merchantGroupId: 'g1' };
    const states = [
      { active: property, resolving: false },
      { active: undefined, resolving: true },
      { active: undefined, resolving: false },
    ];
    for (const role of ROLES)
      for (const state of states) for (const item of side) expect(menuItemHref(item, role, state), `${role} ${item.key}`).toBe(item.path);
  });

  it("sends a property manager's payment settings to the active property's page, and nowhere while it is read", () => {
    const item = MENU_ITEMS.find((entry) => entry.key === 'paymentSettings')!;
    expect(item.submenu).toBe(true);
    expect(menuItemHref(item, 'PropertyManager', { active: { merchantId: 'p1', merchantGroupId: 'g1' }, resolving: false })).toBe(
      '/payment-settings/edit-payment-settings?merchantGroupId=g1&merchantId=p1',
    );
    expect(menuItemHref(item, 'PropertyManager', { active: undefined, resolving: true })).toBeUndefined();
    expect(menuItemHref(item, 'PropertyManager', { active: undefined, resolving: false })).toBe('/payment-settings');
  });
});
