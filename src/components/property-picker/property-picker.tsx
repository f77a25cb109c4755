import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { capabilityEndpoints, type PropertyCapabilities } from '../../../contract/capabilities';
import { call } from '../../lib/api-client';
import { inputClass } from '../form/field';
import type { WorkingProperty } from './working-property';

// A searchable list of the properties the user may act on (the server scopes it), for everyone the
// property switcher does not serve: provider staff, API accounts and the roles assigned properties
// without a switcher (issue 32). Picking one puts it in the screen's address.

export function PropertyPicker({ working, purpose }: { working: WorkingProperty; purpose: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['capabilities', 'properties', search],
    queryFn: ({ signal }) => call(capabilityEndpoints.searchWorkableProperties, { query: search ? { search } : {}, signal }),
    placeholderData: (previous) => previous,
  });
  const items = found.data?.items ?? [];
  return (
    <section aria-label={t('capabilities.picker.label')} className="flex max-w-xl flex-col gap-3 rounded border border-slate-300 bg-white p-4">
      <h2 className="font-semibold">{t('capabilities.picker.title')}</h2>
      <p className="text-sm text-slate-700">{purpose}</p>
      <label className="flex flex-col gap-1 text-sm">
        {t('capabilities.picker.search')}
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={inputClass} autoComplete="off" />
      </label>
      {found.data && items.length === 0 ? (
        <p role="status" className="text-sm">
          {search ? t('capabilities.picker.noMatch') : t('capabilities.picker.none')}
        </p>
      ) : null}
      <ul className="flex flex-col gap-1" data-testid="property-picker-results">
        {items.map((property) => (
          <li key={property.merchantId}>
            <Link href={working.hrefFor(property.merchantId)} className="text-brand underline">
              {property.name}
            </Link>{' '}
            <span className="text-sm text-slate-600">
              {property.groupName} · {t(`home.propertyStatus.${property.status}`, { defaultValue: property.status })}
            </span>
          </li>
        ))}
      </ul>
      {found.data && found.data.total > items.length ? (
        <p className="text-sm text-slate-600">{t('capabilities.picker.more', { shown: items.length, total: found.data.total })}</p>
      ) : null}
    </section>
  );
}

/** The picked property's name and a way to pick another (only for those who pick on the screen). */
export function PickedProperty({ working, property }: { working: WorkingProperty; property: PropertyCapabilities | null }) {
  const { t } = useTranslation();
  if (!working.picks || !property) return null;
  return (
    <p className="text-sm">
      {t('capabilities.picker.working', { name: property.name, group: property.groupName })}{' '}
      <Link href={working.hrefFor(undefined)} className="text-brand underline">
        {t('capabilities.picker.change')}
      </Link>
    </p>
  );
}

/**
 * Why this property takes no new money, said before any form (decision 0410): in onboarding it has
 * nothing to finish; Inactive, it still captures or voids a hold and refunds what it took.
 */
export function MoneyBlockedNote({ property }: { property: PropertyCapabilities | null }) {
  const { t } = useTranslation();
  if (!property?.moneyBlocked) return null;
  const status = t(`home.propertyStatus.${property.status}`, { defaultValue: property.status });
  return (
    <div role="status" data-testid="money-blocked" className="flex max-w-3xl flex-col gap-1 rounded border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="font-semibold">{t('capabilities.moneyBlocked.title', { name: property.name, status })}</p>
      <p>{t(`capabilities.moneyBlocked.${property.moneyBlocked}`)}</p>
    </div>
  );
}
