import { z } from 'zod';
import { msg } from './messages';

// Spec 3 "KYC question groups" and "Sanctions exposure list": the survey questions of the
// business-information and sanctions steps, and the schema of their answers.

export interface SurveyQuestion {
  id: string;
  group: 'BusinessInfo' | 'SanctionExposure';
  kind: 'checkbox' | 'radio';
  /** English text; the SPA shows t(`kyc.survey.${id}.label`, { defaultValue: label }). */
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}
const YES_NO = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
] as const;
const SANCTIONS_ITEMS = [
  ['cuba-iran-north-korea', 'Cuba/Iran/North Korea'],
  ['sanctioned-parties', 'sanctioned individuals or entities'],
  ['sectoral-sanctions', 'sectoral sanctions'],
  ['russia-energy-military-defence', 'Russia energy/military/defence'],
  ['blocked-governments', 'blocked governments'],
  ['us-state-department-listed', 'US State Department listed entity'],
  ['nord-stream-turkstream', 'Nord Stream 2/TurkStream'],
  ['belarus-government', 'Belarus government'],
  ['belarus-potash-petroleum-tobacco', 'Belarus potash/petroleum/tobacco'],
  ['belarus-surveillance-equipment', 'surveillance equipment to Belarus'],
  ['afghanistan-government', 'Afghanistan government'],
] as const;

export const KYC_SURVEY_QUESTIONS: readonly SurveyQuestion[] = [
  {
    id: 'bi-property-type',
    group: 'BusinessInfo',
    kind: 'radio',
    label: 'What kind of accommodation do you run?',
    options: [
      { value: 'hotel', label: 'Hotel' },
      { value: 'resort', label: 'Resort' },
      { value: 'hostel', label: 'Hostel' },
      { value: 'serviced-apartments', label: 'Serviced apartments' },
      { value: 'other', label: 'Other' },
    ],
  },
  {
    id: 'bi-sales-channels',
    group: 'BusinessInfo',
    kind: 'checkbox',
    label: 'Where do guests book?',
    options: [
      { value: 'website', label: 'Own website' },
      { value: 'ota', label: 'Online travel agencies' },
      { value: 'phone-email', label: 'Phone or e-mail' },
      { value: 'walk-in', label: 'Walk-in' },
      { value: 'travel-agents', label: 'Travel agents and tour operators' },
    ],
  },
  {
    id: 'bi-annual-volume',
    group: 'BusinessInfo',
    kind: 'radio',
    label: 'Expected yearly card volume (EUR)',
    options: [
      { value: 'lt-1m', label: 'Below 1 million' },
      { value: '1m-5m', label: '1 to 5 million' },
      { value: '5m-20m', label: '5 to 20 million' },
      { value: 'gt-20m', label: 'Above 20 million' },
    ],
  },
  {
    id: 'bi-card-presence',
    group: 'BusinessInfo',
    kind: 'radio',
    label: 'How are cards taken?',
    options: [
      { value: 'present', label: 'Card present only' },
      { value: 'not-present', label: 'Card not present only' },
      { value: 'both', label: 'Both' },
    ],
  },
  { id: 'bi-advance-payments', group: 'BusinessInfo', kind: 'radio', label: 'Do guests pay in advance (deposits or prepaid rates)?', options: YES_NO },
  ...SANCTIONS_ITEMS.map(([id, label]): SurveyQuestion => ({
    id: `se-${id}`,
    group: 'SanctionExposure',
    kind: 'radio',
    label: `Does your business have exposure to: ${label}?`,
    options: YES_NO,
  })),
  {
    id: 'se-confirmation',
    group: 'SanctionExposure',
    kind: 'checkbox',
    label: 'I confirm these answers are true and complete',
    options: [{ value: 'confirmed', label: 'Confirmed' }],
  },
];

export function surveyResponsesSchema(group: SurveyQuestion['group']) {
  const shape: Record<string, z.ZodType<string[]>> = {};
  for (const question of KYC_SURVEY_QUESTIONS.filter((entry) => entry.group === group)) {
    const values = question.options.map((option) => option.value) as [string, ...string[]];
    const answer = z.array(z.enum(values, msg('option')), msg(question.kind === 'radio' ? 'chooseOne' : 'chooseAtLeastOne'));
    shape[question.id] =
      question.kind === 'radio'
        ? answer.length(1, msg('chooseOne'))
        : answer.min(1, msg('chooseAtLeastOne')).refine((list) => new Set(list).size === list.length, msg('option'));
  }
  return z.object(shape, msg('required'));
}
