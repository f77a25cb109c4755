import { useTranslation } from 'react-i18next';
import { passwordChecklist } from './password-policy';

/** The password policy as a live checklist (spec 5 leaves field rules open; decision 0003 sets them). */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const { t, i18n } = useTranslation();
  const rules = passwordChecklist(password);
  return (
    <div id={id} className="text-sm">
      <p className="mb-1 text-white/80">{t('auth.createPassword.policyTitle')}</p>
      <ul aria-label={t('auth.createPassword.policyTitle')} className="flex flex-col gap-1">
        {rules.map((rule) => {
          const key = `auth.createPassword.rules.${rule.key}`;
          const label = i18n.exists(key) ? t(key, { count: rule.count }) : rule.fallback;
          return (
            <li key={rule.key} className={rule.met ? 'text-emerald-300' : 'text-white/70'}>
              <span aria-hidden="true">{rule.met ? '✓ ' : '○ '}</span>
              {label}
              <span className="sr-only"> ({rule.met ? t('auth.createPassword.met') : t('auth.createPassword.notMet')})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
