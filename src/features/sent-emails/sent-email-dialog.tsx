import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { sentEmailQuery } from './api';
import { useOpeningDoubleClick } from '../../components/opening-double-click/opening-double-click';

/** One sent e-mail: its header lines and its text as sent, secrets masked by the server (decision 0170). */
export function SentEmailDialog(props: { emailId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({ ...sentEmailQuery(props.emailId ?? ''), enabled: props.emailId !== null });
  const mail = detail.data;
  const openingClick = useOpeningDoubleClick(props.emailId !== null);
  return (
    <Dialog open={props.emailId !== null} onClose={openingClick.closeUnlessOpening(props.onClose)} className="relative z-40">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4" onMouseDown={openingClick.onMouseDown}>
        <DialogPanel className="flex max-h-[90vh] w-full max-w-2xl flex-col gap-3 rounded bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-semibold">{mail ? mail.subject : t('sentEmails.detail.title')}</DialogTitle>
          {detail.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('sentEmails.detail.loadFailed', { message: detail.error.message })}
            </p>
          ) : null}
          {!mail && !detail.isError ? <p className="text-sm">{t('sentEmails.detail.loading')}</p> : null}
          {mail ? (
            <>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">{t('sentEmails.columns.to')}</dt>
                <dd>{mail.to}</dd>
                <dt className="text-slate-600">{t('sentEmails.columns.sentAt')}</dt>
                <dd>{formatDateTime(mail.createdAt)}</dd>
                <dt className="text-slate-600">{t('sentEmails.columns.status')}</dt>
                <dd>{t(`sentEmails.status.${mail.status}`)}</dd>
              </dl>
              <p className="text-sm text-slate-700">{t('sentEmails.detail.masked')}</p>
              {/* A named, focusable region: a long text scrolls, and the keyboard must reach it. */}
              <pre
                role="region"
                tabIndex={0}
                aria-label={t('sentEmails.detail.text')}
                className="overflow-auto whitespace-pre-wrap break-words rounded border border-slate-200 bg-slate-50 p-3 font-sans text-sm"
              >
                {mail.text}
              </pre>
            </>
          ) : null}
          <div className="flex justify-end">
            <button type="button" onClick={props.onClose} className="rounded border border-slate-300 px-3 py-1.5 text-sm">
              {t('sentEmails.detail.close')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
