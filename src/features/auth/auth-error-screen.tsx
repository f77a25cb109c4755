import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { SIGN_IN_PATH } from '../../../contract/callback-url';
import { SignInLayout } from './auth-layout';

// Spec 7 "Sign-in pages": /api/auth/error sends here with NextAuth's error code. The known codes
// get their own words; any other code gets the general one (the code is shown, for support).
const KNOWN_ERRORS = ['Configuration', 'AccessDenied', 'Verification', 'SessionRequired', 'CredentialsSignin'] as const;

export function AuthErrorScreen() {
  const { t } = useTranslation();
  const code = new URLSearchParams(useSearch()).get('error') ?? '';
  const known = (KNOWN_ERRORS as readonly string[]).includes(code);
  return (
    <SignInLayout>
      <h1 className="text-2xl font-bold text-brand-dark">{t('auth.error.title')}</h1>
      <p role="alert" className="mt-3 mb-6 text-sm text-gray-700">
        {known ? t(`auth.error.codes.${code}`) : t('auth.error.codes.Default')}
      </p>
      {code && !known ? <p className="mb-4 text-xs text-gray-600">{t('auth.error.code', { code })}</p> : null}
      <Link href={SIGN_IN_PATH} className="inline-block rounded bg-brand px-4 py-2 text-sm font-medium text-white">
        {t('auth.backToSignIn')}
      </Link>
    </SignInLayout>
  );
}
