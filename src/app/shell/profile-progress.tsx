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

/** The two sizes of the ring: in the panel, with the figure inside; on a phone's bar, standing for the button's label. */
const RING_SIZES = {
  panel: { size: 56, radius: 22, strokeWidth: 6, track: '#e5e7eb', testId: 'profile-progress-ring' },
  bar: { size: 16, radius: 6, strokeWidth: 2.5, track: 'rgb(255 255 255 / 0.35)', testId: 'profile-progress-bar-ring' },
} as const;

/** The progress as a ring whose coloured arc goes `percent` of the way round, from the top. */
function Ring({ percent, kind }: { percent: number; kind: keyof typeof RING_SIZES }) {
  const { size, radius, strokeWidth, track, testId } = RING_SIZES[kind];
  const centre = size / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden className={kind === 'bar' ? 'inline-block align-middle sm:hidden' : undefined}>
      <circle cx={centre} cy={centre} r={radius} fill="none" stroke={track} strokeWidth={strokeWidth} />
      <circle
        data-testid={testId}
        cx={centre}
        cy={centre}
        r={radius}
        fill="none"
        stroke={ringColourOf(percent)}
        strokeWidth={strokeWidth}
        strokeDasharray={`${(circumference * percent) / 100} ${circumference}`}
        transform={`rotate(-90 ${centre} ${centre})`}
      />
      {kind === 'panel' && <text x={centre} y={centre + 4} textAnchor="middle" fontSize="12" fill="#0b2537">{`${percent}%`}</text>}
    </svg>
  );
}

export function ProfileProgress() {
  const { t } = useTranslation();
  return (
    <Popover className="relative">
      <PopoverButton className="rounded px-2 py-1 text-sm whitespace-nowrap text-white/90 hover:bg-white/10 sm:px-3">
        {/* Below sm a small ring of the same progress stands for the label, which stays the button's name. (It was a ring
            with a quarter missing, which read as a page still loading.) */}
        <Ring percent={PROFILE_PROGRESS_PERCENT} kind="bar" />
        <span className="max-sm:sr-only">{t('shell.profileProgress.toggle')}</span>
      </PopoverButton>
      <PopoverPanel anchor="bottom end" className="z-40 w-72 rounded-md bg-white p-4 text-slate-800 shadow-lg" data-testid="profile-progress">
        <div className="flex items-center gap-3">
          <Ring percent={PROFILE_PROGRESS_PERCENT} kind="panel" />
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
