import type { ReactNode } from 'react';
import type { Money } from '../../../contract/home';
import { formatMoney } from '../../lib/format';

// Pieces both home screens draw (issue 15): a figure with its label, money per currency, a titled list.

/** Amounts per currency, "—" for none. */
export function moneyText(totals: readonly Money[]): string {
  return totals.length === 0 ? '—' : totals.map((money) => formatMoney(money.amountMinor, money.currency)).join(' · ');
}

export function StatCard({ label, value, testId, children }: { label: string; value: ReactNode; testId: string; children?: ReactNode }) {
  return (
    <section aria-label={label} data-testid={testId} className="flex min-w-44 flex-1 flex-col gap-1 rounded border border-slate-300 bg-white p-4">
      <h2 className="text-sm text-slate-700">{label}</h2>
      <p className="text-2xl font-semibold text-slate-900" data-testid={`${testId}-value`}>
        {value}
      </p>
      {children}
    </section>
  );
}

export function DashboardList({
  title,
  count,
  empty,
  testId,
  children,
}: {
  title: string;
  count?: number;
  empty: string;
  testId: string;
  children: ReactNode[];
}) {
  return (
    <section aria-label={title} data-testid={testId} className="flex flex-col gap-2 rounded border border-slate-300 bg-white p-4">
      <h2 className="font-semibold text-slate-900">
        {title}
        {count !== undefined ? <span className="ml-2 text-sm font-normal text-slate-700">({count})</span> : null}
      </h2>
      {children.length === 0 ? <p className="text-sm text-slate-700">{empty}</p> : <ul className="flex flex-col divide-y divide-slate-200">{children}</ul>}
    </section>
  );
}
