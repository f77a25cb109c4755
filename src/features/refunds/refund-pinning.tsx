import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import type { ChoosableColumn } from '../../components/data-table/column-chooser';

/** "Pin columns": one checkbox per column; pinned columns go to the left edge in the order they were pinned. */
export function RefundPinning(props: { columns: ChoosableColumn[]; pinned: readonly string[]; onChange: (pinned: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <Popover className="relative">
      <PopoverButton className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">{t('refunds.pinning.button')}</PopoverButton>
      <PopoverPanel
        // Drawn in place under its button, not anchored in a portal: a portalled panel is wrapped in hidden
        // focus guards that axe reports as focusable content hidden from assistive technology (issue 34).
        className="absolute right-0 top-full z-20 mt-1 w-60 rounded border border-slate-200 bg-white p-2 shadow-lg"
        aria-label={t('refunds.pinning.label')}
      >
        <p className="px-2 pb-1 text-xs text-slate-600">{t('refunds.pinning.hint')}</p>
        <ul className="max-h-80 overflow-y-auto">
          {props.columns.map((column) => {
            const pinned = props.pinned.includes(column.id);
            return (
              <li key={column.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    checked={pinned}
                    onChange={(event) => props.onChange(event.target.checked ? [...props.pinned, column.id] : props.pinned.filter((id) => id !== column.id))}
                  />
                  {column.label}
                </label>
              </li>
            );
          })}
        </ul>
      </PopoverPanel>
    </Popover>
  );
}
