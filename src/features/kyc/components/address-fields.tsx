import { useTranslation } from 'react-i18next';
import { countryOptions } from './countries';
import { Fieldset, SelectField, TextField } from './form-fields';

/** Spec 3 "Address": addressLine1/2, city, state, postal, country, under `prefix`. */
export function AddressFields({ prefix, legend }: { prefix: string; legend: string }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={legend}>
      <TextField name={`${prefix}.addressLine1`} label={t('kyc.fields.addressLine1')} required autoComplete="address-line1" />
      <TextField name={`${prefix}.addressLine2`} label={t('kyc.fields.addressLine2')} autoComplete="address-line2" />
      <div className="grid gap-x-4 md:grid-cols-2">
        <TextField name={`${prefix}.city`} label={t('kyc.fields.city')} required />
        <TextField name={`${prefix}.state`} label={t('kyc.fields.state')} />
        <TextField name={`${prefix}.postal`} label={t('kyc.fields.postal')} required autoComplete="postal-code" />
        <SelectField name={`${prefix}.country`} label={t('kyc.fields.country')} options={countryOptions()} required />
      </div>
    </Fieldset>
  );
}
