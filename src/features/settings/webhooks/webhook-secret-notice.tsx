import { useTranslation } from 'react-i18next';
import { ShownOnceSecret } from '../../../components/shown-once/shown-once-secret';

/** The signing secret, shown once right after it was created or rotated: the server never sends it again. */
export function WebhookSecretNotice({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceSecret
      secret={secret}
      intro={t('integrations.webhooks.secret.shownOnce')}
      dismissLabel={t('integrations.webhooks.secret.dismiss')}
      onDismiss={onDismiss}
      testId="webhook-secret-once"
      valueTestId="webhook-secret-value"
    />
  );
}
