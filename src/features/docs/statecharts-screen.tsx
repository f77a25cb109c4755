import { useTranslation } from 'react-i18next';

// The server serves the statechart diagrams to provider staff at this very address
// (server/docs/statechart-routes.ts, decision 0199). The SPA only meets it when it navigates there
// itself, e.g. back from sign-in with this address as callbackUrl: a real page load hands over to
// the server, which checks the session and the role.
export const STATECHARTS_ADDRESS = '/docs/statecharts';

export function StatechartsScreen() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 p-8">
      <h1 className="text-2xl font-semibold text-slate-900">{t('shell.routes.statecharts')}</h1>
      <p className="text-slate-800">{t('shell.statecharts.intro')}</p>
      {/* A plain link, not the router's: the page is the server's. */}
      <a href={STATECHARTS_ADDRESS} className="self-start rounded bg-brand px-4 py-2 font-medium text-white hover:bg-brand/90">
        {t('shell.statecharts.open')}
      </a>
    </main>
  );
}
