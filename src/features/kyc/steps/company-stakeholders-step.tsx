import { useFieldArray, useFormContext, useWatch, get, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { KYC_DOCUMENT_SLOTS } from '../../../../contract/kyc/documents';
import { STAKEHOLDER_KINDS, kycStepWarnings } from '../../../../contract/kyc/step-schemas';
import { DocumentField, slotOf } from '../components/document-field';
import { useFieldLock } from '../components/field-lock';
import { Fieldset, SelectField, TextField } from '../components/form-fields';
import { PersonFields } from '../components/person-fields';

const STEP = 'company-stakeholders';
const SLOTS = KYC_DOCUMENT_SLOTS[STEP];

export function emptyStakeholder() {
  return { uboId: crypto.randomUUID(), kind: 'ubo', firstName: '', lastName: '', homeAddress: {} };
}

/** UBOs and control persons: a list with add/remove, each with documents (spec 3 "Ubo / signatory"). */
export function CompanyStakeholdersStep() {
  const { t } = useTranslation();
  const { control, formState } = useFormContext();
  const lock = useFieldLock();
  const { fields, append, remove } = useFieldArray({ control, name: 'stakeholders', keyName: 'rowKey' });
  const people = useWatch({ control, name: 'stakeholders' }) as unknown;
  const warnings = kycStepWarnings(STEP, { stakeholders: people });
  const listError = get(formState.errors, 'stakeholders') as (FieldError & { root?: FieldError }) | undefined;
  const listMessage = listError?.message ?? listError?.root?.message;
  const listEditable = lock.isEditable('stakeholders');
  const total = Array.isArray(people)
    ? (people as Array<{ kind?: string; shareOwnership?: unknown }>)
        .filter((p) => p.kind === 'ubo' && typeof p.shareOwnership === 'number')
        .reduce((sum, p) => sum + (p.shareOwnership as number), 0)
    : 0;

  return (
    <>
      {fields.map((field, index) => {
        const uboId = (field as unknown as { uboId: string }).uboId;
        return (
          <Fieldset key={field.rowKey} legend={t('kyc.stakeholders.person', { index: index + 1 })}>
            <SelectField
              name={`stakeholders.${index}.kind`}
              label={t('kyc.fields.role')}
              options={STAKEHOLDER_KINDS.map((kind) => ({ value: kind, label: t(`kyc.stakeholders.${kind}`) }))}
              required
            />
            <PersonFields prefix={`stakeholders.${index}`} />
            <TextField name={`stakeholders.${index}.shareOwnership`} label={t('kyc.fields.shareOwnership')} type="number" inputMode="decimal" required />
            {SLOTS.filter((slot) => slot.list).map((slot) => (
              <DocumentField key={slot.field} step={STEP} slot={slot} path={`stakeholders.${index}.${slot.field}`} ownerRef={uboId} />
            ))}
            {listEditable && fields.length > 1 ? (
              <button type="button" className="text-sm text-red-700 underline" onClick={() => remove(index)}>
                {t('kyc.stakeholders.remove', { index: index + 1 })}
              </button>
            ) : null}
          </Fieldset>
        );
      })}
      {listEditable ? (
        <button type="button" className="mb-4 rounded border border-brand px-3 py-1.5 text-sm text-brand" onClick={() => append(emptyStakeholder())}>
          {t('kyc.stakeholders.add')}
        </button>
      ) : null}
      {warnings.length > 0 ? (
        <p role="status" className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="ownership-warning">
          {t('kyc.stakeholders.ownershipWarning', { total: Math.round(total * 100) / 100 })}
        </p>
      ) : null}
      {listMessage ? (
        <p role="alert" className="mb-4 text-sm text-red-700">
          {t(listMessage)}
        </p>
      ) : null}
      <Fieldset legend={t('kyc.stakeholders.ownershipDocuments')}>
        <DocumentField step={STEP} slot={slotOf(STEP, 'ownershipStructureDocumentId', SLOTS)} path="ownershipStructureDocumentId" />
      </Fieldset>
    </>
  );
}
