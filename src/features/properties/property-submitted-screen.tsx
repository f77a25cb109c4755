import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageLayout } from '../../components/page-layout/page-layout';

/** /properties/property-submitted (spec 2): the property went to review; what happens next. */
export function PropertySubmittedScreen() {
  const { t } = useTranslation();
  const merchantId = new URLSearchParams(useSearch()).get('merchantId');
  return (
    <PageLayout title={t('shell.routes.propertySubmitted')}>
      <p className="max-w-xl text-slate-800" data-testid="property-submitted">
        {t('properties.submitted.body')}
      </p>
      <div className="mt-4 flex gap-3">
        {merchantId ? (
          <Link href={`/properties/property-overview/${merchantId}`} className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
            {t('properties.submitted.open')}
          </Link>
        ) : null}
        <Link href="/properties" className="rounded border border-slate-300 px-3 py-1.5 text-sm">
          {t('properties.submitted.list')}
        </Link>
      </div>
    </PageLayout>
  );
}
