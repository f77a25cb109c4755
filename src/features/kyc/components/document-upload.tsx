import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { asSentence } from '../../../lib/sentence-case';
import { SignedFileLink } from '../../../components/document-link/signed-file-link';
import { ReviewerReason } from './reviewer-reason';
import { useFieldLock } from './field-lock';
import { PhotoRules } from './photo-rules';

export interface UploadedDocument {
  id: string;
  name: string;
  status: string;
  /** Its signed access url and how to get a fresh one once that has run out (decision 0185). */
  link?: { href: string; renew: () => Promise<string | undefined> };
}

interface DocumentUploadProps {
  /** The form field holding the document id (a field flag on it opens the slot too). */
  path: string;
  label: string;
  document: UploadedDocument | undefined;
  onUpload: (file: File) => Promise<void>;
  /** Identity documents show the spec's photo rules beside the picker. */
  photoRules?: boolean;
  accept: string;
  maxBytes: number;
  /** A validation message from the step form (e.g. the document is required). */
  error?: string;
}

/**
 * One document slot: the file picker, what is uploaded now with its KYC document status, and a
 * link to view it. The size check here only spares a pointless upload; the server checks the
 * content and the size again and its problem message is shown when it refuses.
 */
export function DocumentUpload({ path, label, document, onUpload, photoRules, accept, maxBytes, error }: DocumentUploadProps) {
  const { t } = useTranslation();
  const id = useId();
  const lock = useFieldLock();
  const editable = lock.isEditable(path) || lock.isDocumentEditable(document?.id);
  const reason = lock.documentReason(document?.id) ?? lock.reasonFor(path);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setFailure(undefined);
    if (file.size > maxBytes) {
      setFailure(t('kyc.documents.tooLarge', { limit: Math.round(maxBytes / (1024 * 1024)) }));
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      await onUpload(file);
    } catch (caught) {
      // The contract answers some refusals as catalogue keys (decision 0141): said in words, once, as a sentence.
      const said = caught instanceof Error ? caught.message : '';
      setFailure(said ? asSentence(/^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/.test(said) ? t(said) : said) : t('common.unknownError'));
    } finally {
      setBusy(false);
      input.value = '';
    }
  }

  const message = failure ?? error;
  return (
    <div className="mb-4 grid gap-3 md:grid-cols-[1fr_16rem]" data-testid={`document-${path}`}>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id={id}
          type="file"
          accept={accept}
          disabled={!editable || busy}
          onChange={(event) => void handleChange(event)}
          aria-describedby={[photoRules ? `${id}-rules` : '', message ? `${id}-error` : ''].join(' ').trim() || undefined}
          aria-invalid={message ? true : undefined}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-brand-light file:px-3 file:py-1.5 file:text-brand disabled:opacity-60"
        />
        <p className="mt-1 text-xs text-slate-500">{t('kyc.documents.formats', { limit: Math.round(maxBytes / (1024 * 1024)) })}</p>
        {busy ? (
          <p className="mt-1 text-sm text-slate-600" role="status">
            {t('kyc.documents.uploading')}
          </p>
        ) : null}
        {document ? (
          <p className="mt-1 text-sm text-slate-700" data-testid="uploaded-document">
            <span className="sr-only">{t('kyc.documents.uploaded')} </span>
            {document.link ? (
              <SignedFileLink href={document.link.href} renew={document.link.renew} className="text-brand underline">
                {document.name}
              </SignedFileLink>
            ) : (
              document.name
            )}{' '}
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{t(`kyc.documentStatus.${document.status}`, { defaultValue: document.status })}</span>
          </p>
        ) : null}
        <ReviewerReason reason={reason} />
        {message ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {message}
          </p>
        ) : null}
      </div>
      {photoRules ? <PhotoRules id={`${id}-rules`} /> : null}
    </div>
  );
}
