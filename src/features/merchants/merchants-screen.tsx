import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout/page-layout';

// Placeholder until a later issue builds this screen: it shows the route's title.
export function MerchantsScreen() {
  const { t } = useTranslation();
  return <PageLayout title={t('shell.routes.merchants')} />;
}
