import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { KYC_STEP_TITLE_KEYS } from '../../contract/kyc/steps';

// The words for a KYC field and a reviewer's field flag, shared by the applicant's wizard (what the
// reviewer asked to change), the reviewer's pages (what they asked for) and the refusal that names the
// flagged fields still unchanged (src/lib/refusals.ts), so all name a field alike.

function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** A field's label: the wizard's label when it has one, else the key in words. */
export function fieldLabelOf(t: TFunction, key: string): string {
  return t(`kyc.fields.${key}`, { defaultValue: humanize(key) });
}

/**
 * Each part of a field path in words. An item of a list (`accounts.0`) is named as one, counted from 1: "Account 1",
 * "Stakeholder 2" (`kyc.fieldItems.<list>`), else "<list's label> #1"; never "Settlement accounts › 0".
 */
function fieldPathLabels(t: TFunction, fields: readonly string[]): string[] {
  const labels: string[] = [];
  fields.forEach((field, index) => {
    const list = fields[index - 1];
    if (!/^\d+$/.test(field) || list === undefined) {
      labels.push(fieldLabelOf(t, field));
      return;
    }
    const number = Number(field) + 1;
    labels[labels.length - 1] = t(`kyc.fieldItems.${list}`, { number, label: labels.at(-1), defaultValue: '{{label}} #{{number}}' });
  });
  return labels;
}

/**
 * A field flag's target (`<step>` or `<step>.<field>.<part>`) in words: the step's title, then each
 * field's label, e.g. "Company details: Business address › Postal code". Unknown steps keep their id.
 * `withStep: false` leaves the step's title out, for a list already grouped by step.
 */
export function flagTargetLabelOf(t: TFunction, target: string, { withStep = true }: { withStep?: boolean } = {}): string {
  const [step = '', ...fields] = target.split('.');
  const titleKey = (KYC_STEP_TITLE_KEYS as Record<string, string>)[step];
  const stepTitle = titleKey ? t(titleKey) : step;
  if (fields.length === 0) return stepTitle;
  const fieldsText = fieldPathLabels(t, fields).join(' › ');
  return withStep ? `${stepTitle}: ${fieldsText}` : fieldsText;
}

/** fieldLabelOf with the screen's translation. */
export function useFieldLabel() {
  const { t } = useTranslation();
  return (key: string) => fieldLabelOf(t, key);
}

/** flagTargetLabelOf with the screen's translation. */
export function useFlagTargetLabel() {
  const { t } = useTranslation();
  return (target: string, options: { withStep?: boolean } = {}) => flagTargetLabelOf(t, target, options);
}
