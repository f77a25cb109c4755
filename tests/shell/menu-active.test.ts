import { describe, expect, it } from 'vitest';
import { activeMenuItemKey, MENU_ITEMS } from '../../src/app/shell/menu-items';

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
