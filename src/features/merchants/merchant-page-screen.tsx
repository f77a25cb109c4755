import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout/page-layout';
import { useLocation } from 'wouter';

// Placeholder for the merchant pages until a later issue builds them: shows the page's title.
export function MerchantPageScreen() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const page = location.split('/').pop() ?? '';
  return <PageLayout title={t(`shell.routes.merchantPages.${page}`)} />;
}
