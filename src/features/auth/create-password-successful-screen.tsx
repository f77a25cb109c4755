import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PasswordLayout } from './auth-layout';

export function CreatePasswordSuccessfulScreen() {
  const { t } = useTranslation();
  return (
    <PasswordLayout graphic>
      <h1 className="text-2xl font-bold">{t('auth.createPasswordSuccessful.title')}</h1>
      <p className="mt-2 mb-6 text-white/80">{t('auth.createPasswordSuccessful.body')}</p>
      <Link href="/sign-in" className="inline-block rounded bg-white px-4 py-2 font-semibold text-brand-dark">
        {t('auth.createPasswordSuccessful.signIn')}
      </Link>
    </PasswordLayout>
  );
}
