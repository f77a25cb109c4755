import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { capabilityEndpoints, type PropertyGroup } from '../../../contract/capabilities';
import { propertyEndpoints, type PropertyOverview } from '../../../contract/properties';
import { CreatePropertyBodySchema, type CreatePropertyBody } from '../../../contract/property-lifecycle';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { neverAnswered, ReadFailure } from '../../components/form/read-failure';
import { LoadingStatus } from '../../components/loading-status/loading-status';
import { useForm } from '../../components/form/use-form';
import { call } from '../../lib/api-client';
import { useSession } from '../../lib/session/session-provider';
import { useActionMutation } from '../../lib/use-action-mutation';
import { propertyFaultWords } from './property-fault-words';

const NO_GROUPS: readonly PropertyGroup[] = [];

/** An empty choice or time is "none": the schema and the server take it as not given. */
const orUndefined = (value: unknown) => (value === '' ? undefined : value);
const orNull = (value: unknown) => (value === '' ? null : value);

/** The wizard's first step: what the property is called and how it counts money and time; creates it (status Created). */
export function CreatePropertyForm({ onCreated }: { onCreated: (property: PropertyOverview) => void }) {
  const { t } = useTranslation();
  // Provider staff belong to no group: they choose the group the property joins first (issue 32), among the groups
  // the server says they may add one to (decision 0481); a merchant-side user's property joins their own group,
  // which the server takes from their account.
  const { merchantUserInfo } = useSession();
  const choosesGroup = merchantUserInfo !== null && merchantUserInfo.merchantGroupId === null;
  // The groups come from the server a page at a time, narrowed by a search (decision 0714): a provider has thousands.
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['capabilities', 'add-property-groups', search],
    queryFn: ({ signal }) => call(capabilityEndpoints.searchAddPropertyGroups, { query: search ? { search } : {}, signal }),
    placeholderData: (previous) => previous,
  });
  const shown = found.data?.items ?? NO_GROUPS;
  // The chosen group stays chosen (and offered) while the search changes.
  const [chosen, setChosen] = useState<PropertyGroup | undefined>(undefined);
  const mutation = useActionMutation({
    mutationFn: (body: CreatePropertyBody) => call(propertyEndpoints.createProperty, { body }),
    onSuccess: onCreated,
  });
  const form = useForm({
    schema: CreatePropertyBodySchema,
    defaultValues: { merchantGroupId: undefined, name: '', currency: '', timezone: '', checkinTime: '15:00', checkoutTime: '11:00' },
    serverError: mutation.error,
    words: propertyFaultWords(t),
  });
  // The currency and time zone start as the group's, as the server answers them (issue 34: not a fixed place); a
  // user who chooses another group sees that group's, unless they already typed their own.
  const chosenGroupId = form.watch('merchantGroupId');
  useEffect(() => {
    const match = shown.find((entry) => entry.merchantGroupId === chosenGroupId);
    if (match) setChosen(match);
    else if (!chosenGroupId) setChosen(undefined);
  }, [chosenGroupId, shown]);
  const group = choosesGroup ? chosen : shown[0];
  const options = chosen && !shown.some((entry) => entry.merchantGroupId === chosen.merchantGroupId) ? [chosen, ...shown] : shown;
  useEffect(() => {
    if (!group) return;
    for (const name of ['currency', 'timezone'] as const)
      if (!form.getFieldState(name).isDirty) form.setValue(name, group.startsWith[name], { shouldDirty: false });
  }, [group, form]);
  const field = (name: 'name' | 'currency' | 'timezone' | 'checkinTime' | 'checkoutTime', type = 'text') => (
    <Field label={t(`properties.create.fields.${name}`)} name={name}>
      {(control) => <input {...control} type={type} className={inputClass} {...form.register(name, type === 'time' ? { setValueAs: orNull } : {})} />}
    </Field>
  );
  // The form waits for the groups: a merchant's user's property starts with their group's currency and time zone, and
  // one typed and sent before they came was told the currency was missing (seen on a busy server).
  if (neverAnswered(found)) return <ReadFailure read={found} />;
  if (!found.data) return <LoadingStatus testId="create-property-loading" />;
  return (
    <FormProvider {...form}>
      {/* No noValidate: the browser asks for the group (a required choice) before anything is checked. */}
      <form
        className="flex max-w-md flex-col gap-3"
        aria-label={t('properties.create.formLabel')}
        onSubmit={form.submit(({ merchantGroupId, ...values }) =>
          mutation.send({ ...values, ...(choosesGroup && merchantGroupId ? { merchantGroupId } : {}) }),
        )}
      >
        {choosesGroup ? (
          <>
            <label className="flex flex-col gap-1 text-sm">
              {t('properties.create.findGroup')}
              <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={inputClass} autoComplete="off" />
            </label>
            <Field label={t('properties.create.fields.merchantGroupId')} name="merchantGroupId">
              {(control) => (
                <select {...control} required className={inputClass} {...form.register('merchantGroupId', { setValueAs: orUndefined })}>
                  <option value="">{t('properties.create.chooseGroup')}</option>
                  {options.map((option) => (
                    <option key={option.merchantGroupId} value={option.merchantGroupId}>
                      {option.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {found.data && found.data.total === 0 && search ? (
              <p role="status" className="text-sm">
                {t('properties.create.noGroupMatch')}
              </p>
            ) : null}
            {found.data && found.data.total > shown.length ? (
              <p role="status" className="text-sm text-slate-600" data-testid="groups-shown">
                {t('properties.create.groupsShown', { shown: shown.length, total: found.data.total })}
              </p>
            ) : null}
          </>
        ) : null}
        {field('name')}
        {field('currency')}
        {field('timezone')}
        {field('checkinTime', 'time')}
        {field('checkoutTime', 'time')}
        <Button type="submit" size="sm" pending={mutation.pending} className="self-start">
          {t('properties.create.create')}
        </Button>
      </form>
    </FormProvider>
  );
}
