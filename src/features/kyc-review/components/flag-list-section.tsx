import { useTranslation } from 'react-i18next';
import type { KycDocument } from '../../../../contract/kyc/documents';
import type { KycFlag } from '../../../../contract/kyc/review';
import { KYC_STEP_TITLE_KEYS } from '../../../../contract/kyc/steps';
import { useFlagTargetLabel } from '../../../lib/kyc-field-labels';

/**
 * One resubmission request: what it names and why. The answer lists only current documents, so a flagged
 * document the applicant has replaced is named by its step, with the file that replaced it (not by its id).
 * An open request on a field the applicant has changed says so (decision 0703).
 */
function FlagLine({ flag, documents }: { flag: KycFlag; documents: readonly KycDocument[] }) {
  const { t } = useTranslation();
  const flagTargetLabel = useFlagTargetLabel();
  if (flag.targetKind === 'field')
    return (
      <>
        <strong>{flagTargetLabel(flag.target)}</strong>: {flag.reason}
        {flag.resolvedAt === null && !flag.outstanding ? ` (${t('kycReview.detail.changedSince')})` : null}
      </>
    );
  const flagged = documents.find((entry) => entry.documentId === flag.target);
  const replacement = documents.find((entry) => entry.replaces === flag.target);
  const stepTitle = flag.step ? t(KYC_STEP_TITLE_KEYS[flag.step]) : t('kycReview.detail.aDocument');
  return (
    <>
      <strong>{flagged ? flagged.name : stepTitle}</strong>: {flag.reason}
      {flagged ? null : replacement ? ` (${t('kycReview.detail.replacedBy', { name: replacement.name })})` : null}
    </>
  );
}

const TONES = {
  open: 'border-amber-300 bg-amber-50',
  answered: 'border-slate-300 bg-slate-50',
} as const;

/**
 * A titled list of resubmission requests on the review page: the open ones, or those the last resubmission
 * answered. `id` names the heading the section is labelled by.
 */
export function FlagListSection({
  id,
  title,
  tone,
  flags,
  documents,
}: {
  id: string;
  title: string;
  tone: keyof typeof TONES;
  flags: readonly KycFlag[];
  documents: readonly KycDocument[];
}) {
  if (flags.length === 0) return null;
  return (
    <section aria-labelledby={id} className={`mb-6 rounded border p-3 ${TONES[tone]}`}>
      <h2 id={id} className="mb-1 font-semibold">
        {title}
      </h2>
      <ul className="list-disc pl-5 text-sm">
        {flags.map((flag) => (
          <li key={flag.id} className="break-words">
            <FlagLine flag={flag} documents={documents} />
          </li>
        ))}
      </ul>
    </section>
  );
}
