import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { groupOpensPage } from '../../../contract/permission-rules';
import { isOneOf, MERCHANT_SIDE_ROLES } from '../../../contract/roles';
import { RoleBadge } from './role-badge';
import { useActiveProperty } from '../../lib/active-property';
import { useSession } from '../../lib/session/session-provider';

// Spec 2 "User menu": merchant-side roles get the greeting with first name and active property, the
// role label and, with more than one property, "Other hotels" (scrollable, max 200 px); others get
// first and last name. Then two-step sign-in (issue 19) and sign out, for all.
export function UserMenu({ role, firstName, lastName, onSignOut }: { role: string | undefined; firstName: string; lastName: string; onSignOut: () => void }) {
  const { t } = useTranslation();
  const merchantSide = isOneOf(MERCHANT_SIDE_ROLES, role);
  const { properties, activeProperty, switchTo, resolving } = useActiveProperty();
  const { merchantUserInfo } = useSession();
  // Until the group is Active it has no properties to pick (decision 0183): its user is onboarding the group, and
  // the top bar says so instead of "No property selected" (decision 0703).
  const groupStatus = merchantUserInfo?.merchantGroupStatus ?? null;
  const onboarding = merchantSide && groupStatus !== null && !groupOpensPage('MerchantScopes', groupStatus);
  const groupName = merchantUserInfo?.merchantGroupName;
  const propertyName = onboarding
    ? groupName
      ? t('shell.userMenu.onboardingGroup', { group: groupName })
      : t('shell.userMenu.onboarding')
    : (activeProperty?.name ?? (resolving ? t('common.loading') : t('shell.userMenu.noProperty')));
  const others = properties.filter((property) => property.merchantId !== activeProperty?.merchantId);

  return (
    <Menu as="div" className="relative">
      {/* Its name is what it shows (WCAG 2.5.3 label in name), then what it does. */}
      <MenuButton className="flex min-w-0 items-center gap-3 rounded px-1 py-1 text-left hover:bg-white/10 sm:px-2">
        {/* Below 30rem (phones) the greeting is hidden to keep the top bar on one line; the role badge stays. */}
        <span className="flex flex-col leading-tight max-[30rem]:hidden" data-testid="user-greeting">
          {merchantSide ? (
            <>
              <span className="font-semibold">{t('shell.userMenu.greeting', { firstName })}</span>
              <span className="text-xs text-white/80" data-testid="active-property-name">
                {propertyName}
              </span>
            </>
          ) : (
            <span className="font-semibold">{t('shell.userMenu.fullName', { firstName, lastName })}</span>
          )}
        </span>
        {/* On a phone the hotel being worked on stays in sight above the role (issue 34), cut short if long. */}
        <span className="flex min-w-0 flex-col items-end gap-0.5">
          {merchantSide ? (
            <span className="max-w-32 truncate text-xs text-white/90 min-[30rem]:hidden" data-testid="active-property-name-phone">
              {propertyName}
            </span>
          ) : null}
          <RoleBadge role={role} />
        </span>
        <span className="sr-only">{t('shell.userMenu.open')}</span>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 mt-1 w-64 rounded-md bg-white py-1 text-slate-800 shadow-lg focus:outline-none">
        {/* On phones the greeting the top bar hides is read here. */}
        <div className="border-b border-slate-200 px-3 py-2 text-sm min-[30rem]:hidden">
          <p className="font-semibold">{merchantSide ? t('shell.userMenu.greeting', { firstName }) : t('shell.userMenu.fullName', { firstName, lastName })}</p>
          {merchantSide ? <p className="text-slate-700">{propertyName}</p> : null}
        </div>
        {merchantSide && properties.length > 1 && (
          <MenuSection>
            <MenuHeading className="px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('shell.userMenu.otherHotels')}</MenuHeading>
            <div className="max-h-[200px] overflow-y-auto" data-testid="other-hotels">
              {others.map((property) => (
                <MenuItem key={property.merchantId}>
                  <button
                    type="button"
                    onClick={() => switchTo(property.merchantId)}
                    className="block w-full px-3 py-2 text-left text-sm data-[focus]:bg-brand-light"
                  >
                    {property.name}
                  </button>
                </MenuItem>
              ))}
            </div>
            <MenuSeparator className="my-1 h-px bg-slate-200" />
          </MenuSection>
        )}
        <MenuItem>
          <Link href="/account/two-step" className="block w-full px-3 py-2 text-left text-sm data-[focus]:bg-brand-light">
            {t('account.menuEntry')}
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={onSignOut} className="block w-full px-3 py-2 text-left text-sm data-[focus]:bg-brand-light">
            {t('shell.userMenu.signOut')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
