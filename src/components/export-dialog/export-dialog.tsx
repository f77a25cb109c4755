import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EXPORT_FILE_TYPES, ExportFileTypeSchema, type ExportFileType } from '../../../contract/exports';
import { Button } from '../form/button';
import { FormDialog } from '../form/form-dialog';
import { useForm } from '../form/use-form';

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

/** Choose csv or xlsx and the columns; an empty choice is refused (spec 5). The form is mounted only while open, so it starts fresh. */
export function ExportDialog(props: ExportDialogProps) {
  return props.open ? <ExportForm {...props} /> : null;
}

function ExportForm(props: ExportDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(
    () => z.object({ fileType: ExportFileTypeSchema, columns: z.array(z.string()).min(1, { message: t('exports.messages.noColumns') }) }),
    [t],
  );
  const form = useForm({
    schema,
    defaultValues: { fileType: 'xlsx' as ExportFileType, columns: props.columns.map((c) => c.id).filter((id) => props.visibleColumns.includes(id)) },
  });
  const chosen = form.watch('columns');
  const choose = (columns: string[]) => form.setValue('columns', columns, { shouldValidate: form.formState.isSubmitted });
  // Keep the table's column order whatever the click order.
  const toggle = (id: string, on: boolean) => choose(props.columns.map((c) => c.id).filter((columnId) => (columnId === id ? on : chosen.includes(columnId))));
  return (
    <FormDialog
      open
      title={t('exports.dialog.title')}
      confirmLabel={t('exports.dialog.export')}
      error={form.formState.errors.columns?.message}
      onSubmit={form.submit((choice) => props.onExport(choice))}
      onCancel={props.onClose}
      testId="export-dialog"
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t('exports.dialog.format')}</legend>
        <div className="mt-1 flex gap-4">
          {EXPORT_FILE_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-1 text-sm">
              <input type="radio" value={type} {...form.register('fileType')} />
              {t(`exports.dialog.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-900">{t('exports.dialog.columns')}</legend>
        <div className="mt-1 flex gap-3 text-xs">
          <Button variant="link" onClick={() => choose(props.columns.map((c) => c.id))}>
            {t('exports.dialog.selectAll')}
          </Button>
          <Button variant="link" onClick={() => choose([])}>
            {t('exports.dialog.selectNone')}
          </Button>
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
    </FormDialog>
  );
}
