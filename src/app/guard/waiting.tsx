import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session-provider';

/** What the guard shows while the session (or the signed-in user) is being read, or why that failed. */
export function Waiting() {
  const { t } = useTranslation();
  const { userError, retry } = useSession();
  if (userError)
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-8">
        <p role="alert" className="text-red-800">
          {userError}
        </p>
        <button type="button" onClick={retry} className="rounded bg-brand px-3 py-1 text-white">
          {t('common.retry')}
        </button>
      </main>
    );
  return (
    <main className="flex min-h-screen items-center justify-center" data-testid="guard-waiting">
      <p role="status">{t('shell.loadingScreen')}</p>
    </main>
  );
}
