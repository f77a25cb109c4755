import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { propertyEndpoints, type PropertyOverview } from '../../../contract/properties';
import type { CreatePropertyBody } from '../../../contract/property-lifecycle';
import { call } from '../../lib/api-client';
import { useCapabilities } from '../../lib/capabilities';
import { ResponseError } from '../../lib/failure-message';
import { useSession } from '../../lib/session/session-provider';
import { useActionMutation } from '../../lib/use-action-mutation';

const inputClass = 'mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm';

function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ResponseError)) return {};
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string[]>) : {};
}

/** The wizard's first step: what the property is called and how it counts money and time; creates it (status Created). */
export function CreatePropertyForm({ onCreated }: { onCreated: (property: PropertyOverview) => void }) {
  const { t } = useTranslation();
  // Provider staff belong to no group: they choose the group the property joins first (issue 32), among the groups
  // the server says they may add one to (decision 0481); a merchant-side user's property joins their own group,
  // which the server takes from their account.
  const { merchantUserInfo } = useSession();
  const choosesGroup = merchantUserInfo !== null && merchantUserInfo.merchantGroupId === null;
  const { addPropertyGroups } = useCapabilities();
  const [merchantGroupId, setMerchantGroupId] = useState('');
  const [values, setValues] = useState({ name: '', currency: 'EUR', timezone: 'Europe/Amsterdam', checkinTime: '15:00', checkoutTime: '11:00' });
  const mutation = useActionMutation({
    mutationFn: (body: CreatePropertyBody) => call(propertyEndpoints.createProperty, { body }),
    onSuccess: onCreated,
  });
  const errors = fieldErrorsOf(mutation.error);
  const field = (name: keyof typeof values, type = 'text') => (
    <label className="block text-sm text-slate-700">
      {t(`properties.create.fields.${name}`)}
      <input
        type={type}
        name={name}
        className={inputClass}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
      {errors[name] ? <span className="text-xs text-red-700">{errors[name]!.join(' ')}</span> : null}
    </label>
  );
  return (
    <form
      className="flex max-w-md flex-col gap-3"
      aria-label={t('properties.create.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        mutation.act({
          ...values,
          checkinTime: values.checkinTime || null,
          checkoutTime: values.checkoutTime || null,
          ...(choosesGroup && merchantGroupId ? { merchantGroupId } : {}),
        });
      }}
    >
      {choosesGroup ? (
        <label className="block text-sm text-slate-700">
          {t('properties.create.fields.merchantGroupId')}
          <select
            name="merchantGroupId"
            required
            className={inputClass}
            value={merchantGroupId}
            aria-invalid={errors.merchantGroupId ? true : undefined}
            onChange={(event) => setMerchantGroupId(event.target.value)}
          >
            <option value="">{t('properties.create.chooseGroup')}</option>
            {addPropertyGroups.map((group) => (
              <option key={group.merchantGroupId} value={group.merchantGroupId}>
                {group.name}
              </option>
            ))}
          </select>
          {errors.merchantGroupId ? <span className="text-xs text-red-700">{errors.merchantGroupId.join(' ')}</span> : null}
        </label>
      ) : null}
      {field('name')}
      {field('currency')}
      {field('timezone')}
      {field('checkinTime', 'time')}
      {field('checkoutTime', 'time')}
      <button type="submit" disabled={mutation.pending} className="self-start rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-60">
        {t('properties.create.create')}
      </button>
    </form>
  );
}
