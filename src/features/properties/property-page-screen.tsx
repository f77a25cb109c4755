import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

// Placeholder for the property pages until a later issue builds them: shows the page's title.
export function PropertyPageScreen() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const page = location.split('/').pop() ?? '';
  return <h1 className="text-2xl font-semibold text-slate-800">{t(`shell.routes.propertyPages.${page}`)}</h1>;
}
