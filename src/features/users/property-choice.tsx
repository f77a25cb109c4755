import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { assignablePropertiesQuery } from './api';

/** The properties a property-side role covers: those the signed-in user may give, in the user's merchant group. */
export function PropertyChoice(props: { groupId: string | null; value: readonly string[]; onChange: (ids: string[]) => void; error?: string }) {
  const { t } = useTranslation();
  const properties = useQuery(assignablePropertiesQuery(props.groupId));
  const toggle = (id: string, on: boolean) => props.onChange(on ? [...props.value, id] : props.value.filter((chosen) => chosen !== id));
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={props.error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t('users.form.properties')} *</legend>
      {properties.isPending ? <p className="text-sm">{t('users.form.loadingProperties')}</p> : null}
      {properties.data?.length === 0 ? <p className="text-sm">{t('users.form.noProperties')}</p> : null}
      {properties.data?.map((property) => (
        <label key={property.merchantId} className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={props.value.includes(property.merchantId)} onChange={(event) => toggle(property.merchantId, event.target.checked)} />
          {property.name}
        </label>
      ))}
      {props.error ? <p className="text-sm text-red-800">{props.error}</p> : null}
    </fieldset>
  );
}
