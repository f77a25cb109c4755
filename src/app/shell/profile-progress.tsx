import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';

// Spec 2 / spec 9: provider admins only, hidden by default, fixed at 50 %, green at >= 50 % else amber.
export const PROFILE_PROGRESS_PERCENT = 50;
export const PROFILE_PROGRESS_GREEN_FROM = 50;
const CHECKLIST = [
  { key: 'user', done: true },
  { key: 'brandIdentity', done: true },
  { key: 'emailSetup', done: false },
  { key: 'rateCode', done: false },
] as const;

export function ringColourOf(percent: number): string {
  return percent >= PROFILE_PROGRESS_GREEN_FROM ? '#16a34a' : '#d97706';
}

function Ring({ percent }: { percent: number }) {
  const radius = 22;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden>
      <circle cx="28" cy="28" r={radius} fill="none" stroke="#e5e7eb" strokeWidth="6" />
      <circle
        data-testid="profile-progress-ring"
        cx="28"
        cy="28"
        r={radius}
        fill="none"
        stroke={ringColourOf(percent)}
        strokeWidth="6"
        strokeDasharray={`${(circumference * percent) / 100} ${circumference}`}
        transform="rotate(-90 28 28)"
      />
      <text x="28" y="32" textAnchor="middle" fontSize="12" fill="#0b2537">{`${percent}%`}</text>
    </svg>
  );
}

export function ProfileProgress() {
  const { t } = useTranslation();
  return (
    <Popover className="relative">
      <PopoverButton className="rounded px-2 py-1 text-sm whitespace-nowrap text-white/90 hover:bg-white/10 sm:px-3">
        {/* Below sm a small ring stands for the label, which stays the button's name. */}
        <span aria-hidden className="inline-block h-4 w-4 rounded-full border-2 border-white/80 border-r-transparent align-middle sm:hidden" />
        <span className="max-sm:sr-only">{t('shell.profileProgress.toggle')}</span>
      </PopoverButton>
      <PopoverPanel anchor="bottom end" className="z-40 w-72 rounded-md bg-white p-4 text-slate-800 shadow-lg" data-testid="profile-progress">
        <div className="flex items-center gap-3">
          <Ring percent={PROFILE_PROGRESS_PERCENT} />
          <div>
            <p className="font-semibold">{t('shell.profileProgress.title')}</p>
            <p className="text-sm text-slate-600">{t('shell.profileProgress.percent', { value: PROFILE_PROGRESS_PERCENT })}</p>
          </div>
        </div>
        <ul className="mt-3 space-y-1 text-sm">
          {CHECKLIST.map((item) => (
            <li key={item.key} className="flex justify-between" data-done={item.done}>
              <span>{t(`shell.profileProgress.items.${item.key}`)}</span>
              <span className={item.done ? 'text-green-700' : 'text-amber-700'}>
                {item.done ? t('shell.profileProgress.done') : t('shell.profileProgress.notDone')}
              </span>
            </li>
          ))}
        </ul>
      </PopoverPanel>
    </Popover>
  );
}
