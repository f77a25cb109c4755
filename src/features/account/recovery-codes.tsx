import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const secondaryButton = 'rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50';

/** The recovery codes, shown this once: copy or download them, then done. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const text = `${t('account.recoveryCodes.fileHeading')}\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      // Without clipboard access (an insecure origin, a refused permission) the codes are still on the screen.
      setCopied('failed');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = 'folio-recovery-codes.txt';
    anchor.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section aria-labelledby="recovery-codes" className="flex max-w-xl flex-col gap-3 rounded border border-emerald-300 bg-white p-4">
      <h2 id="recovery-codes" className="text-lg font-semibold">
        {t('account.recoveryCodes.title')}
      </h2>
      <p role="status" className="text-sm">
        {t('account.recoveryCodes.turnedOn')}
      </p>
      <p className="text-sm">{t('account.recoveryCodes.intro')}</p>
      <ol aria-label={t('account.recoveryCodes.listLabel')} className="grid grid-cols-2 gap-x-6 gap-y-1 rounded bg-slate-100 p-3 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          {t('account.recoveryCodes.copy')}
        </button>
        <button type="button" className={secondaryButton} onClick={download}>
          {t('account.recoveryCodes.download')}
        </button>
        <button type="button" className="rounded bg-brand px-4 py-1.5 text-sm font-semibold text-white" onClick={onDone}>
          {t('account.recoveryCodes.done')}
        </button>
        {copied ? (
          <span role="status" className="text-sm text-slate-700">
            {t(`account.recoveryCodes.${copied}`)}
          </span>
        ) : null}
      </div>
    </section>
  );
}
