import toast from 'react-hot-toast';
import { ERROR_TOAST_DURATION_MS, errorToastContent, toastTitleKey } from '../error-toast';
import { i18next } from '../../i18n/i18n';
import { asSentence } from '../sentence-case';
import { enqueueNotification } from './notification-queue';

// Every notification goes through the queue (at most 5 on screen, spec 9).

/**
 * A message as the user reads it. Some contracts answer with the key of their words in the catalogue
 * (the KYC ones, decision 0141: `kyc.validation.tooLong`); those are looked up, everything else is
 * shown as the server wrote it, as a sentence: a capital first, a full stop last (issue 34).
 */
export function toastWords(message: string): string {
  return asSentence(/^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/.test(message) && i18next.exists(message) ? i18next.t(message) : message);
}

/** A notification: plain, or green with a tick for something done ("Rule saved"). */
export function notify(message: string, kind: 'info' | 'success' = 'info'): void {
  enqueueNotification(() => (kind === 'success' ? toast.success(message) : toast(message)));
}

/** A red notification with the error's message, or the common "error" text (spec 8). */
export function notifyError(error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : typeof error === 'string' && error ? error : i18next.t('common.error');
  enqueueNotification(() => toast.error(toastWords(message)));
}

/** The error toast of spec 8: a title saying what happened and a bullet list, or the detail; red; 5000 ms. */
export function showErrorToast(error: unknown): void {
  const content = errorToastContent(error);
  enqueueNotification(() =>
    toast.custom(
      (current) => (
        <div
          role="alert"
          data-testid="error-toast"
          className={`w-[440px] max-h-[200px] overflow-auto rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 shadow ${current.visible ? 'folio-toast-enter' : 'folio-toast-leave'}`}
        >
          {content.kind === 'unknown' ? (
            <p className="font-semibold">{i18next.t('common.unknownError')}</p>
          ) : (
            <>
              <p className="font-semibold">{i18next.t(toastTitleKey(content.status))}</p>
              {content.kind === 'list' ? (
                <ul className="mt-1 list-disc pl-5">
                  {content.items.map((item, index) => (
                    <li key={index}>{toastWords(item)}</li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1">{toastWords(content.detail)}</p>
              )}
            </>
          )}
        </div>
      ),
      { duration: ERROR_TOAST_DURATION_MS },
    ),
  );
}
