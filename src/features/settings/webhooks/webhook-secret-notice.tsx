import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown once right after it was created or rotated: the server never sends it again. */
export function WebhookSecretNotice({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div role="alert" className="flex flex-col gap-2 rounded border border-amber-500 bg-amber-50 p-3" data-testid="webhook-secret-once">
      <p className="text-sm text-slate-900">{t('integrations.webhooks.secret.shownOnce')}</p>
      <code className="block rounded bg-white p-2 font-mono text-sm break-all text-slate-900" data-testid="webhook-secret-value">
        {secret}
      </code>
      <div className="flex gap-3">
        <button
          type="button"
          className="rounded border border-slate-400 px-3 py-1 text-sm"
          onClick={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? t('integrations.webhooks.secret.copied') : t('integrations.webhooks.secret.copy')}
        </button>
        <button type="button" className="rounded bg-brand px-3 py-1 text-sm text-white" onClick={onDismiss}>
          {t('integrations.webhooks.secret.dismiss')}
        </button>
      </div>
    </div>
  );
}
