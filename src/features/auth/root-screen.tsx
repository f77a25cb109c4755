import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { useSession } from '../../lib/session/session-provider';
import { PageLayout } from '../../components/page-layout/page-layout';
import { StartHere } from './start-here';
import { currentRoleOf } from '../../lib/permissions';

/**
 * `/` (spec 2): signed out -> sign-in. Signed in, the role's home is the shell's business; this is
 * the neutral landing it falls back to (spec 2 "Home by role": no known role -> the root).
 */
export function RootScreen() {
  const { t } = useTranslation();
  const { status, profile, session, user, merchantUserInfo, userLoaded, userError, signOut, retry } = useSession();

  if (status === 'unauthenticated') return <Redirect to="/sign-in" replace />;
  if (status === 'loading')
    return (
      <main className="flex h-full min-h-screen items-center justify-center">
        <p role="status">{t('auth.root.loading')}</p>
      </main>
    );
  // Signed in, the root sits in the shell: the same page frame as every other screen.
  return (
    <PageLayout title={userLoaded && profile ? t('auth.root.welcome', { firstName: profile.firstName }) : t('shell.routes.root')}>
      {userLoaded && profile ? (
        <>
          <p className="text-gray-700">{t('auth.root.signedInAs', { email: profile.email })}</p>
          <StartHere role={currentRoleOf(user?.userRoles)} groupStatus={merchantUserInfo?.merchantGroupStatus ?? null} />
        </>
      ) : userError ? (
        <div role="alert" className="rounded bg-red-50 p-3 text-red-800">
          <p>{t('auth.root.loadFailed', { message: userError })}</p>
          <button type="button" onClick={retry} className="mt-2 rounded bg-brand px-3 py-1 text-white">
            {t('auth.root.retry')}
          </button>
        </div>
      ) : (
        <p role="status">{t('auth.root.loadingAccount')}</p>
      )}
      {session && (
        <button type="button" onClick={signOut} className="self-start rounded border border-brand px-3 py-1 text-brand">
          {t('auth.root.signOut')}
        </button>
      )}
    </PageLayout>
  );
}
