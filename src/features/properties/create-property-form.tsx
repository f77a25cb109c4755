import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { propertyEndpoints, type PropertyOverview } from '../../../contract/properties';
import { CreatePropertyBodySchema, type CreatePropertyBody } from '../../../contract/property-lifecycle';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { useForm } from '../../components/form/use-form';
import { call } from '../../lib/api-client';
import { useCapabilities } from '../../lib/capabilities';
import { useSession } from '../../lib/session/session-provider';
import { useActionMutation } from '../../lib/use-action-mutation';
import { propertyFaultWords } from './property-fault-words';

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
  const { addPropertyGroups } = useCapabilities();
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
  const group = choosesGroup ? addPropertyGroups.find((entry) => entry.merchantGroupId === chosenGroupId) : addPropertyGroups[0];
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
          <Field label={t('properties.create.fields.merchantGroupId')} name="merchantGroupId">
            {(control) => (
              <select {...control} required className={inputClass} {...form.register('merchantGroupId', { setValueAs: orUndefined })}>
                <option value="">{t('properties.create.chooseGroup')}</option>
                {addPropertyGroups.map((group) => (
                  <option key={group.merchantGroupId} value={group.merchantGroupId}>
                    {group.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
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
