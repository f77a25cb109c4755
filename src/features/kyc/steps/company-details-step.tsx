import { useTranslation } from 'react-i18next';
import { KYC_DOCUMENT_SLOTS } from '../../../../contract/kyc/documents';
import { AddressFields } from '../components/address-fields';
import { countryOptions } from '../components/countries';
import { DocumentField } from '../components/document-field';
import { Fieldset, SelectField, TextField } from '../components/form-fields';

const STEP = 'company-details';

export function CompanyDetailsStep() {
  const { t } = useTranslation();
  return (
    <>
      <Fieldset legend={t('kyc.company.legalEntity')}>
        <TextField name="legalBusinessName" label={t('kyc.fields.legalBusinessName')} required autoComplete="organization" />
        <TextField name="tradingName" label={t('kyc.fields.tradingName')} />
        <div className="grid gap-x-4 md:grid-cols-2">
          <TextField name="registrationNumber" label={t('kyc.fields.registrationNumber')} required />
          <TextField name="vatNumber" label={t('kyc.fields.vatNumber')} />
          <SelectField name="incorporationCountry" label={t('kyc.fields.incorporationCountry')} options={countryOptions()} required />
          <TextField name="website" label={t('kyc.fields.website')} hint={t('kyc.hints.website')} />
          <TextField name="contactEmail" label={t('kyc.fields.contactEmail')} type="email" required />
          <TextField name="contactPhone" label={t('kyc.fields.contactPhone')} type="tel" required hint={t('kyc.hints.phone')} />
        </div>
      </Fieldset>
      <AddressFields prefix="businessAddress" legend={t('kyc.fields.businessAddress')} />
      <Fieldset legend={t('kyc.company.documents')}>
        {KYC_DOCUMENT_SLOTS[STEP].map((slot) => (
          <DocumentField key={slot.field} step={STEP} slot={slot} path={slot.field} />
        ))}
      </Fieldset>
    </>
  );
}
