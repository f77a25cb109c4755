import { useFieldArray, useFormContext, get, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { KYC_DOCUMENT_SLOTS } from '../../../../contract/kyc/documents';
import { ACCOUNT_TYPES } from '../../../../contract/kyc/step-schemas';
import { AddressFields } from '../components/address-fields';
import { DocumentField, slotOf } from '../components/document-field';
import { useFieldLock } from '../components/field-lock';
import { Fieldset, SelectField, TextField } from '../components/form-fields';
import { PROCESSING_CURRENCIES } from './processing-details-step';

const STEP = 'settlement-accounts';
const ACCOUNT_TYPE_KEYS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  current: 'kyc.accountTypes.current',
  savings: 'kyc.accountTypes.savings',
  recurring: 'kyc.accountTypes.recurring',
  'fixed deposit': 'kyc.accountTypes.fixedDeposit',
};

export function emptyAccount() {
  return { accountId: crypto.randomUUID(), bankAddress: {}, bankAccountOwnerAddress: {} };
}

/** Settlement accounts (spec 3): bank and owner addresses, account types, a bank statement each. */
export function SettlementAccountsStep() {
  const { t } = useTranslation();
  const { control, formState } = useFormContext();
  const lock = useFieldLock();
  const { fields, append, remove } = useFieldArray({ control, name: 'accounts', keyName: 'rowKey' });
  const listError = get(formState.errors, 'accounts') as (FieldError & { root?: FieldError }) | undefined;
  const listMessage = listError?.message ?? listError?.root?.message;
  const editable = lock.isEditable('accounts');
  return (
    <>
      {fields.map((field, index) => (
        <Fieldset key={field.rowKey} legend={t('kyc.settlement.account', { index: index + 1 })}>
          <div className="grid gap-x-4 md:grid-cols-2">
            <TextField name={`accounts.${index}.bankName`} label={t('kyc.fields.bankName')} required />
            <TextField name={`accounts.${index}.accountHolderName`} label={t('kyc.fields.accountHolderName')} required />
            <TextField name={`accounts.${index}.iban`} label={t('kyc.fields.iban')} required />
            <TextField name={`accounts.${index}.swiftBic`} label={t('kyc.fields.swift')} required />
            <SelectField
              name={`accounts.${index}.currency`}
              label={t('kyc.fields.currency')}
              options={PROCESSING_CURRENCIES.map((code) => ({ value: code, label: code }))}
              required
            />
            <SelectField
              name={`accounts.${index}.accountType`}
              label={t('kyc.fields.accountType')}
              options={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(ACCOUNT_TYPE_KEYS[type]) }))}
              required
            />
          </div>
          <AddressFields prefix={`accounts.${index}.bankAddress`} legend={t('kyc.fields.bankAddress')} />
          <AddressFields prefix={`accounts.${index}.bankAccountOwnerAddress`} legend={t('kyc.fields.bankAccountOwnerAddress')} />
          <DocumentField
            step={STEP}
            slot={slotOf(STEP, 'bankStatementDocumentId', KYC_DOCUMENT_SLOTS[STEP])}
            path={`accounts.${index}.bankStatementDocumentId`}
            ownerRef={(field as unknown as { accountId: string }).accountId}
          />
          {editable && fields.length > 1 ? (
            <button type="button" className="text-sm text-red-700 underline" onClick={() => remove(index)}>
              {t('kyc.settlement.remove', { index: index + 1 })}
            </button>
          ) : null}
        </Fieldset>
      ))}
      {editable ? (
        <button type="button" className="mb-4 rounded border border-brand px-3 py-1.5 text-sm text-brand" onClick={() => append(emptyAccount())}>
          {t('kyc.settlement.add')}
        </button>
      ) : null}
      {listMessage ? (
        <p role="alert" className="mb-4 text-sm text-red-700">
          {t(listMessage)}
        </p>
      ) : null}
    </>
  );
}
