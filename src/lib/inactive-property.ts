import { isOneOf, PROPERTY_LEVEL_ROLES } from '../../contract/roles';

// Spec 2's inactive-property page is what a property's own staff meet while their property is
// Inactive (decision 0260): property-level roles whose active property is Inactive see it instead of
// the property's screens. Merchant-level and provider roles keep working on the property (they are
// the ones who can bring it back). Pure, so it is tested without a browser.

export const INACTIVE_PROPERTY_PATH = '/properties/inactive-property';

export function mustShowInactivePage(input: { role: string | undefined; activeStatus: string | undefined; pathname: string; publicRoute: boolean }): boolean {
  if (input.publicRoute || input.pathname === INACTIVE_PROPERTY_PATH) return false;
  return isOneOf(PROPERTY_LEVEL_ROLES, input.role) && input.activeStatus === 'Inactive';
}
