import { describe, expect, test } from 'vitest';
import { INACTIVE_PROPERTY_PATH, mustShowInactivePage } from './inactive-property';

describe('the inactive-property page', () => {
  const base = { role: 'PropertyManager', activeStatus: 'Inactive', pathname: '/property-management', publicRoute: false };
  test("replaces the property's screens for its own staff while it is Inactive", () => {
    for (const role of ['PropertyManager', 'PropertyOperations', 'PropertyViewOnlyUser', 'APIUser']) expect(mustShowInactivePage({ ...base, role })).toBe(true);
  });
  test('leaves merchant-level and provider roles, other statuses, public pages and the page itself alone', () => {
    for (const role of ['MerchantAdmin', 'MerchantViewOnlyUser', 'FolioAdmin', undefined]) expect(mustShowInactivePage({ ...base, role })).toBe(false);
    for (const activeStatus of ['Active', 'FeeSetup', undefined]) expect(mustShowInactivePage({ ...base, activeStatus })).toBe(false);
    expect(mustShowInactivePage({ ...base, publicRoute: true })).toBe(false);
    expect(mustShowInactivePage({ ...base, pathname: INACTIVE_PROPERTY_PATH })).toBe(false);
  });
});
