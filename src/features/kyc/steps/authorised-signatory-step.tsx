import { useTranslation } from 'react-i18next';
import { KYC_DOCUMENT_SLOTS } from '../../../../contract/kyc/documents';
import { ConfirmField } from '../components/choice-fields';
import { DocumentField } from '../components/document-field';
import { Fieldset, TextField } from '../components/form-fields';
import { PersonFields } from '../components/person-fields';

const STEP = 'authorised-signatory';

/** The authorised signatory with ID and address documents; the last step, titled submit application. */
export function AuthorisedSignatoryStep() {
  const { t } = useTranslation();
  return (
    <>
      <PersonFields prefix="" />
      <div className="grid gap-x-4 md:grid-cols-2">
        <TextField name="jobTitle" label={t('kyc.fields.jobTitle')} required />
        <TextField name="phone" label={t('kyc.fields.phone')} type="tel" required hint={t('kyc.hints.phone')} />
      </div>
      <Fieldset legend={t('kyc.signatory.documents')}>
        {KYC_DOCUMENT_SLOTS[STEP].map((slot) => (
          <DocumentField key={slot.field} step={STEP} slot={slot} path={slot.field} />
        ))}
      </Fieldset>
      <ConfirmField name="confirmation" label={t('kyc.signatory.confirmation')} />
    </>
  );
}
