import { useWatch, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { KYC_DOCUMENT_SLOTS } from '../../../../contract/kyc/documents';
import { PAYMENT_SCHEMES } from '../../../../contract/kyc/step-schemas';
import { ChoiceGroup, YesNoField } from '../components/choice-fields';
import { DocumentField, slotOf } from '../components/document-field';
import { Fieldset, TextField } from '../components/form-fields';

const STEP = 'processing-details';
export const PROCESSING_CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'AED', 'JPY', 'CNY'] as const;

export function ProcessingDetailsStep() {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const hasProcessor = useWatch({ control, name: 'hasCurrentProcessor' }) === true;
  return (
    <>
      <ChoiceGroup
        name="currencies"
        kind="checkbox"
        legend={t('kyc.fields.currencies')}
        options={PROCESSING_CURRENCIES.map((code) => ({ value: code, label: code }))}
      />
      <ChoiceGroup
        name="paymentSchemes"
        kind="checkbox"
        legend={t('kyc.fields.paymentSchemes')}
        options={PAYMENT_SCHEMES.map(([value, label]) => ({
          value,
          label: t(`kyc.paymentSchemes.${value}`, { defaultValue: label }),
        }))}
      />
      <div className="grid gap-x-4 md:grid-cols-3">
        <TextField name="expectedMonthlyVolume" label={t('kyc.fields.monthlyVolume')} type="number" inputMode="numeric" required />
        <TextField name="averageTransactionAmount" label={t('kyc.fields.averageTransaction')} type="number" inputMode="decimal" required />
        <TextField name="maxTransactionAmount" label={t('kyc.fields.maxTransaction')} type="number" inputMode="decimal" required />
      </div>
      <YesNoField name="hasCurrentProcessor" legend={t('kyc.fields.hasCurrentProcessor')} />
      {hasProcessor ? (
        <Fieldset legend={t('kyc.fields.currentProcessor')}>
          <TextField name="currentProcessorName" label={t('kyc.fields.currentProcessorName')} required />
          <DocumentField step={STEP} slot={slotOf(STEP, 'processorStatementDocumentId', KYC_DOCUMENT_SLOTS[STEP])} path="processorStatementDocumentId" />
        </Fieldset>
      ) : null}
      <TextField name="refundPolicyUrl" label={t('kyc.fields.refundPolicy')} hint={t('kyc.hints.website')} />
    </>
  );
}
