import type { SettingsScope } from '../../../contract/settings/scope';

/**
 * What every settings form receives, whether it is shown as a settings page or as a step of the
 * merchant or property wizard (spec 2: the pages take isOnboarding).
 */
export interface SettingsFormProps {
  scope: SettingsScope;
  /** A wizard step: save as a draft and let the wizard move on, instead of a standalone page. */
  onboarding: boolean;
  /** Called after a successful save (the wizard keeps the step as a draft and advances on it). */
  onSaved?: () => void;
  /** The save button's words on a wizard's last step, whose save also finishes the wizard ("Save and send for review"). */
  finishLabel?: string;
  /** Told whether the form holds typed values it has not saved (a wizard asks before leaving the step). */
  onDirtyChange?: (dirty: boolean) => void;
}
