import { useTranslation } from 'react-i18next';
import type { KycDocument } from '../../../../contract/kyc/documents';
import { SignedFileLink } from '../../../components/document-link/signed-file-link';
import { freshDocumentUrl } from '../../../lib/document-links';

/** A document by name, opened through its access url, with its KYC document status. */
export function DocumentLink({ document }: { document: KycDocument }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <SignedFileLink
        href={document.accessUrl}
        renew={() => freshDocumentUrl(document.merchantGroupId, document.documentId)}
        className="text-brand underline"
        aria-label={t('kycReview.detail.view', { name: document.name })}
      >
        {document.name}
      </SignedFileLink>
      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{t(`kyc.documentStatus.${document.status}`, { defaultValue: document.status })}</span>
      {document.flagged ? <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t('kycReview.detail.flagged')}</span> : null}
    </span>
  );
}
