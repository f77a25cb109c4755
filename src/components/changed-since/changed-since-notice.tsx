import { useTranslation } from 'react-i18next';

/**
 * Said where a save was refused because someone else saved the same settings after this form read
 * them (decisions 0352, 0354): nothing was written, and the user's own changes stay in the form until
 * they choose to load the other person's values.
 */
export function ChangedSinceNotice({ message, loadLabel, onLoad }: { message: string; loadLabel?: string; onLoad: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="changed-since"
    >
      <p>{message}</p>
      <button type="button" onClick={onLoad} className="rounded border border-amber-400 bg-white px-3 py-1 font-medium">
        {loadLabel ?? t('settings.form.showCurrent')}
      </button>
    </div>
  );
}
