import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';

// Placeholder route table; the shell issue replaces it with the full table and guard.
export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Switch>
      <Route>
        <main className="p-8">{t('common.loading')}</main>
      </Route>
    </Switch>
  );
}
