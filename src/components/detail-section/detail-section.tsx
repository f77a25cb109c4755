import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Test hook on the value. */
  testId?: string;
}

/** Label/value pairs as a definition list: two columns where there is room, stacked on narrow screens. */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="text-slate-700 max-sm:mt-2">{item.label}</dt>
          <dd className="text-slate-900" data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled block of a detail screen: a heading (h2) and its label/value grid or other content. */
export function DetailSection(props: { title: string; items?: readonly DetailItem[]; actions?: ReactNode; children?: ReactNode }) {
  const id = `section-${props.title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="rounded border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {props.title}
        </h2>
        {props.actions}
      </div>
      {props.items ? <DetailList items={props.items} /> : null}
      {props.children}
    </section>
  );
}
