import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFileType } from '../../../contract/exports';
import { EXPORT_FILE_TYPES } from '../../../contract/exports';

export interface ExportColumnChoice {
  id: string;
  label: string;
}

export interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  columns: ExportColumnChoice[];
  /** The columns visible in the table: preselected (spec 2 export "defaulting to the visible columns"). */
  visibleColumns: string[];
  onExport: (choice: { fileType: ExportFileType; columns: string[] }) => void;
}

/** Choose csv or xlsx and the columns; an empty choice is refused (spec 5). Mounted only while open, so it starts fresh. */
export function ExportDialog(props: ExportDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} className="relative z-40">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded bg-white p-5 shadow-xl">{props.open && <ExportForm {...props} />}</DialogPanel>
      </div>
    </Dialog>
  );
}

function ExportForm(props: ExportDialogProps) {
  const { t } = useTranslation();
  const [fileType, setFileType] = useState<ExportFileType>('xlsx');
  const [chosen, setChosen] = useState<string[]>(() => props.columns.map((c) => c.id).filter((id) => props.visibleColumns.includes(id)));
  const [refused, setRefused] = useState(false);
  const toggle = (id: string, on: boolean) => {
    setRefused(false);
    // Keep the table's column order whatever the click order.
    setChosen((current) => props.columns.map((c) => c.id).filter((columnId) => (columnId === id ? on : current.includes(columnId))));
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setRefused(true);
    props.onExport({ fileType, columns: chosen });
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle className="text-lg font-semibold">{t('exports.dialog.title')}</DialogTitle>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">{t('exports.dialog.format')}</legend>
        <div className="mt-1 flex gap-4">
          {EXPORT_FILE_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-1 text-sm">
              <input type="radio" name="fileType" value={type} checked={fileType === type} onChange={() => setFileType(type)} />
              {t(`exports.dialog.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">{t('exports.dialog.columns')}</legend>
        <div className="mt-1 flex gap-3 text-xs">
          <button type="button" className="text-blue-700 underline" onClick={() => (setRefused(false), setChosen(props.columns.map((c) => c.id)))}>
            {t('exports.dialog.selectAll')}
          </button>
          <button type="button" className="text-blue-700 underline" onClick={() => setChosen([])}>
            {t('exports.dialog.selectNone')}
          </button>
        </div>
        <ul className="mt-2 grid max-h-64 grid-cols-2 gap-1 overflow-y-auto">
          {props.columns.map((column) => (
            <li key={column.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosen.includes(column.id)} onChange={(event) => toggle(column.id, event.target.checked)} />
                {column.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {refused && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('exports.messages.noColumns')}
        </p>
      )}
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
          {t('exports.dialog.export')}
        </button>
      </div>
    </form>
  );
}
