import { useTranslation } from 'react-i18next';

/**
 * Said in place of what waits for the server's answer (a screen's read, what the user may do there): a
 * status that screen readers announce, in one look everywhere. `message` names what is loading where
 * that helps; by default it is the plain "Loading…".
 */
export function LoadingStatus({ message, testId }: { message?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" data-testid={testId} className="text-sm text-slate-600">
      {message ?? t('common.loading')}
    </p>
  );
}
