import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageLayout } from '../page-layout/page-layout';

/** What an unknown address shows (issue 11): says so, and offers the way home. */
export function NotFoundPage({ homeHref }: { homeHref: string }) {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('common.notFound.title')}>
      <p className="text-slate-800" data-testid="not-found">
        {t('common.notFound.body')}
      </p>
      <Link href={homeHref} className="self-start rounded bg-brand px-4 py-2 font-medium text-white hover:bg-brand/90">
        {t('common.notFound.home')}
      </Link>
    </PageLayout>
  );
}
