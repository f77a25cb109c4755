import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { groupOpensPage, rowOf } from '../../../contract/permission-rules';
import { MENU, PAGE_AREAS } from '../../../contract/permission-table';

// The root for roles whose home the spec does not name (issue 32): rather than a bare welcome, where
// this account's work is, from the same permission table the menu comes from.

export function StartHere({ role, groupStatus }: { role: string | undefined; groupStatus: string | null | undefined }) {
  const { t } = useTranslation();
  const row = rowOf(role);
  const menu = (row?.menu ?? []) as readonly string[];
  const items = MENU.filter((item) => menu.includes(item.key) && groupOpensPage(PAGE_AREAS[item.area].resource, groupStatus));
  return (
    <section aria-label={t('capabilities.start.label')} data-testid="start-here" className="flex max-w-3xl flex-col gap-2">
      {row?.side === 'api' ? <p className="text-sm text-slate-700">{t('capabilities.start.api')}</p> : null}
      {items.length === 0 ? (
        <p role="status" className="text-sm text-slate-700">
          {row?.side === 'provider' && Object.keys(row.grants).length > 0 ? t('capabilities.start.machine') : t('capabilities.start.nothing')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.key}>
              <Link href={item.path} className="font-medium text-brand underline">
                {t(`shell.menu.${item.key}`)}
              </Link>
              <span className="text-sm text-slate-700"> · {t(`capabilities.start.items.${item.key}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
