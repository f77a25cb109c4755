import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ShownOnceSecretProps {
  /** The secret, which the server answers this once and never again. */
  secret: string;
  /** What it is and why to copy it now, in the page's words. */
  intro: string;
  /** The button that closes it, saying the user has stored it ("I have copied it"). */
  dismissLabel: string;
  onDismiss: () => void;
  /** Test ids of the notice and of the secret's text, as the page's tests name them. */
  testId: string;
  valueTestId: string;
}

/**
 * A secret shown once (a webhook's signing secret, a property's API key): the value to select, a Copy button, and
 * a button that closes it once it is stored. Copying can be refused (an insecure origin, a denied permission):
 * then the button says so and the value stays on screen to select.
 */
export function ShownOnceSecret({ secret, intro, dismissLabel, onDismiss, testId, valueTestId }: ShownOnceSecretProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = () =>
    void (navigator.clipboard?.writeText(secret) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  return (
    <div role="alert" className="flex flex-col gap-2 rounded border border-amber-500 bg-amber-50 p-3" data-testid={testId}>
      <p className="text-sm text-slate-900">{intro}</p>
      <code className="block rounded bg-white p-2 font-mono text-sm break-all text-slate-900" data-testid={valueTestId}>
        {secret}
      </code>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="rounded border border-slate-400 bg-white px-3 py-1 text-sm" onClick={copy}>
          {copied === 'copied' ? t('components.shownOnce.copied') : t('components.shownOnce.copy')}
        </button>
        <button type="button" className="rounded bg-brand px-3 py-1 text-sm text-white" onClick={onDismiss}>
          {dismissLabel}
        </button>
        {copied === 'failed' ? (
          <p role="status" className="basis-full text-sm text-slate-700">
            {t('components.shownOnce.copyFailed')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
