import { useTranslation } from 'react-i18next';
import { AddressFields } from './address-fields';
import { countryOptions } from './countries';
import { Fieldset, SelectField, TextField } from './form-fields';

/** Names, date of birth as day/month/year, nationality, e-mail and home address (spec 3 "Ubo / signatory"). */
export function PersonFields({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const at = (name: string) => (prefix ? `${prefix}.${name}` : name);
  return (
    <>
      <div className="grid gap-x-4 md:grid-cols-3">
        <TextField name={at('firstName')} label={t('kyc.fields.firstName')} required autoComplete="given-name" />
        <TextField name={at('middleName')} label={t('kyc.fields.middleName')} autoComplete="additional-name" />
        <TextField name={at('lastName')} label={t('kyc.fields.lastName')} required autoComplete="family-name" />
      </div>
      <Fieldset legend={t('kyc.fields.dateOfBirth')}>
        <div className="grid grid-cols-3 gap-x-4">
          <TextField name={at('dayOfBirth')} label={t('kyc.fields.dayOfBirth')} type="number" inputMode="numeric" required />
          <TextField name={at('monthOfBirth')} label={t('kyc.fields.monthOfBirth')} type="number" inputMode="numeric" required />
          <TextField name={at('yearOfBirth')} label={t('kyc.fields.yearOfBirth')} type="number" inputMode="numeric" required />
        </div>
      </Fieldset>
      <div className="grid gap-x-4 md:grid-cols-2">
        <SelectField name={at('country')} label={t('kyc.fields.nationality')} options={countryOptions()} required />
        <TextField name={at('email')} label={t('kyc.fields.email')} type="email" required autoComplete="email" />
      </div>
      <AddressFields prefix={at('homeAddress')} legend={t('kyc.fields.homeAddress')} />
    </>
  );
}
