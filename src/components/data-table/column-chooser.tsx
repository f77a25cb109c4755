import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';

export interface ChoosableColumn {
  id: string;
  label: string;
}

/** A "Columns" popover with one checkbox per column; at least one column stays visible. */
export function ColumnChooser(props: { columns: ChoosableColumn[]; visibility: Record<string, boolean>; onChange: (next: Record<string, boolean>) => void }) {
  const { t } = useTranslation();
  const shownCount = props.columns.filter((column) => props.visibility[column.id] !== false).length;
  return (
    <Popover className="relative">
      <PopoverButton className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">{t('dataTable.columns')}</PopoverButton>
      <PopoverPanel
        // Drawn in place under its button, not anchored in a portal: a portalled panel is wrapped in hidden
        // focus guards that axe reports as focusable content hidden from assistive technology (issue 34).
        className="absolute right-0 top-full z-20 mt-1 w-56 rounded border border-slate-200 bg-white p-2 shadow-lg"
        aria-label={t('dataTable.chooseColumns')}
      >
        <ul className="max-h-80 overflow-y-auto">
          {props.columns.map((column) => {
            const shown = props.visibility[column.id] !== false;
            return (
              <li key={column.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    checked={shown}
                    disabled={shown && shownCount === 1}
                    onChange={(event) => props.onChange({ ...props.visibility, [column.id]: event.target.checked })}
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
