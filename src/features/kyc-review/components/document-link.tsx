import { useTranslation } from 'react-i18next';
import type { KycDocument } from '../../../../contract/kyc/documents';

/** A document by name, opened through its access url, with its KYC document status. */
export function DocumentLink({ document }: { document: KycDocument }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <a
        href={document.accessUrl}
        target="_blank"
        rel="noreferrer"
        className="text-brand underline"
        aria-label={t('kycReview.detail.view', { name: document.name })}
      >
        {document.name}
      </a>
      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">
        {t(`kyc.documentStatus.${document.status}`, { defaultValue: document.status })}
      </span>
      {document.flagged ? (
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
          {t('kycReview.detail.flagged')}
        </span>
      ) : null}
    </span>
  );
}
