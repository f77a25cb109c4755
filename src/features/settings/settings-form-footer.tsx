import { useTranslation } from 'react-i18next';
import { Button } from '../../components/form/button';

interface SettingsFormFooterProps {
  /** What went wrong with the last save, in words; nothing when it went well. */
  failure?: string | null;
  pending: boolean;
  saved: boolean;
  /** A wizard step: the button saves and moves on. */
  onboarding: boolean;
  /** A wizard's last step: the button saves and finishes, in these words. */
  finishLabel?: string;
}

/** The end of every settings form: what failed, the save button (or save and continue in a wizard), and "Saved." */
export function SettingsFormFooter({ failure, pending, saved, onboarding, finishLabel }: SettingsFormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {failure ? (
        <p role="alert" className="text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" pending={pending} pendingLabel={t('settings.form.saving')}>
          {onboarding ? (finishLabel ?? t('settings.form.saveAndContinue')) : t('settings.form.save')}
        </Button>
        {saved ? (
          <p role="status" className="text-sm text-green-800">
            {t('settings.form.saved')}
          </p>
        ) : null}
      </div>
    </>
  );
}
