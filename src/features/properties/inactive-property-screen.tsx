import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

// Public page (spec 2): shown when a property is inactive. The shell gives it the dark full-height layout.
export function InactivePropertyScreen() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 pt-32 text-center text-white">
      <h1 className="text-3xl font-semibold">{t('shell.inactiveProperty.title')}</h1>
      <p className="text-slate-300">{t('shell.inactiveProperty.body')}</p>
      <Link href="/sign-in" className="rounded bg-white px-4 py-2 font-medium text-brand-dark">
        {t('shell.inactiveProperty.back')}
      </Link>
    </section>
  );
}
