import { useTranslation } from 'react-i18next';

// Placeholder until a later issue builds this screen: it shows the route's title.
export function RefundSubmittedScreen() {
  const { t } = useTranslation();
  return <h1 className="text-2xl font-semibold text-slate-800">{t('shell.routes.refundSubmitted')}</h1>;
}
