import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { COUNTRY_CODES } from '../../../contract/countries';
import { GrantMerchantAccessSchema, type MerchantAccessGranted } from '../../../contract/merchants';
import { Field, inputClass } from '../../components/form/field';
import { PageLayout } from '../../components/page-layout/page-layout';
import { ResponseError } from '../../lib/failure-message';
import { useActionMutation } from '../../lib/use-action-mutation';
import { grantMerchantAccess, merchantGroupsQuery, merchantKeys } from './api';

type GroupChoice = 'new' | 'existing';
interface Values {
  choice: GroupChoice;
  merchantGroupId: string;
  name: string;
  country: string;
  firstName: string;
  lastName: string;
  email: string;
}
const EMPTY: Values = { choice: 'new', merchantGroupId: '', name: '', country: '', firstName: '', lastName: '', email: '' };

/** The form's values as the call's body: a new group or the chosen one, and the admin to invite. */
function bodyOf(values: Values) {
  const admin = { firstName: values.firstName, lastName: values.lastName, email: values.email };
  return values.choice === 'new'
    ? { newGroup: { name: values.name, country: values.country }, admin }
    : { merchantGroupId: values.merchantGroupId || undefined, admin };
}

/** Field errors keyed as the contract names them (`newGroup.name`, `admin.email`); an unknown key is shown as the server wrote it. */
function errorsOf(error: unknown): Record<string, string[]> {
  if (error instanceof ResponseError && error.body && typeof error.body === 'object' && 'errors' in error.body) {
    const errors = (error.body as { errors: unknown }).errors;
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) return errors as Record<string, string[]>;
  }
  return {};
}

function countryNames(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
}

/** /merchants/add-merchant-access (spec 2): a merchant group and the invitation of its merchant admin. */
export function AddMerchantAccessScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const [granted, setGranted] = useState<MerchantAccessGranted | null>(null);
  const groups = useQuery({ ...merchantGroupsQuery({ pageSize: 100, sortBy: 'name', sortDirection: 'asc' }), enabled: values.choice === 'existing' });
  const mutation = useActionMutation({
    mutationFn: () => grantMerchantAccess(bodyOf(values)),
    onSuccess: async (answer) => {
      setGranted(answer);
      await queryClient.invalidateQueries({ queryKey: merchantKeys.groups });
    },
    meta: { errorToast: false },
  });
  const errors = { ...errorsOf(mutation.error), ...clientErrors };
  const errorOf = (key: string) => {
    const message = errors[key]?.[0];
    return message ? t(message, { defaultValue: message }) : undefined;
  };
  const set = (key: keyof Values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = GrantMerchantAccessSchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
      setClientErrors(found);
      return;
    }
    setClientErrors({});
    mutation.act();
  };

  if (granted)
    return (
      <PageLayout title={t('merchants.access.title')} back={{ href: '/merchants', label: t('merchants.title') }}>
        <div role="status" className="rounded border border-green-300 bg-green-50 p-4 text-sm text-green-900">
          <p className="font-semibold">{t('merchants.access.sentTitle')}</p>
          <p className="mt-1">{t('merchants.access.sentBody', { email: granted.invitedEmail, group: granted.merchantGroup.name })}</p>
        </div>
        <div className="flex gap-3">
          <Link href="/merchants" className="rounded bg-brand px-3 py-1.5 text-sm font-semibold text-white">
            {t('merchants.access.backToList')}
          </Link>
          <button
            type="button"
            className="rounded border border-slate-300 px-3 py-1.5 text-sm"
            onClick={() => {
              setGranted(null);
              setValues(EMPTY);
              mutation.reset();
            }}
          >
            {t('merchants.access.another')}
          </button>
        </div>
      </PageLayout>
    );

  const generalError = mutation.error && Object.keys(errorsOf(mutation.error)).length === 0 ? mutation.error.message : null;
  return (
    <PageLayout title={t('merchants.access.title')} back={{ href: '/merchants', label: t('merchants.title') }}>
      <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4 rounded border border-slate-200 bg-white p-4">
        {generalError ? (
          <p role="alert" className="text-sm text-red-800">
            {generalError}
          </p>
        ) : null}
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-semibold text-slate-900">{t('merchants.access.group')}</legend>
          <div className="flex gap-4 text-sm">
            {(['new', 'existing'] as const).map((choice) => (
              <label key={choice} className="flex items-center gap-2">
                <input type="radio" name="group-choice" checked={values.choice === choice} onChange={() => set('choice')(choice)} />
                {t(`merchants.access.choice.${choice}`)}
              </label>
            ))}
          </div>
          {values.choice === 'new' ? (
            <>
              <Field label={t('merchants.access.groupName')} required error={errorOf('newGroup.name')}>
                {(control) => <input {...control} className={inputClass} value={values.name} onChange={(event) => set('name')(event.target.value)} />}
              </Field>
              <Field label={t('merchants.access.country')} required error={errorOf('newGroup.country')}>
                {(control) => (
                  <select {...control} className={inputClass} value={values.country} onChange={(event) => set('country')(event.target.value)}>
                    <option value="">{t('merchants.access.chooseCountry')}</option>
                    {countryNames().map((country) => (
                      <option key={country.code} value={country.code}>
                        {country.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </>
          ) : (
            <Field label={t('merchants.access.existingGroup')} required error={errorOf('merchantGroupId')}>
              {(control) => (
                <select {...control} className={inputClass} value={values.merchantGroupId} onChange={(event) => set('merchantGroupId')(event.target.value)}>
                  <option value="">{t('merchants.access.chooseGroup')}</option>
                  {(groups.data?.items ?? []).map((group) => (
                    <option key={group.merchantGroupId} value={group.merchantGroupId}>
                      {group.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-semibold text-slate-900">{t('merchants.access.admin')}</legend>
          <Field label={t('merchants.access.firstName')} required error={errorOf('admin.firstName')}>
            {(control) => <input {...control} className={inputClass} value={values.firstName} onChange={(event) => set('firstName')(event.target.value)} />}
          </Field>
          <Field label={t('merchants.access.lastName')} required error={errorOf('admin.lastName')}>
            {(control) => <input {...control} className={inputClass} value={values.lastName} onChange={(event) => set('lastName')(event.target.value)} />}
          </Field>
          <Field label={t('merchants.access.email')} required error={errorOf('admin.email')}>
            {(control) => (
              <input {...control} type="email" className={inputClass} value={values.email} onChange={(event) => set('email')(event.target.value)} />
            )}
          </Field>
        </fieldset>
        <div>
          <button
            type="submit"
            disabled={mutation.pending}
            aria-busy={mutation.pending}
            className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-70"
          >
            {mutation.pending ? t('merchants.access.sending') : t('merchants.access.submit')}
          </button>
        </div>
      </form>
    </PageLayout>
  );
}
