import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PasswordLayout } from './auth-layout';

export function ForgotPasswordSuccessfulScreen() {
  const { t } = useTranslation();
  return (
    <PasswordLayout graphic>
      <h1 className="text-2xl font-bold">{t('auth.forgotPasswordSuccessful.title')}</h1>
      <p className="mt-2 mb-6 text-white/80">{t('auth.forgotPasswordSuccessful.body')}</p>
      <div className="flex flex-col gap-2 text-sm">
        <Link href="/sign-in" className="underline">
          {t('auth.backToSignIn')}
        </Link>
        <Link href="/forgot-password" className="underline">
          {t('auth.forgotPasswordSuccessful.tryAgain')}
        </Link>
      </div>
    </PasswordLayout>
  );
}
