import { useTranslation } from 'react-i18next';
import { ConfirmField } from '../components/choice-fields';

const NEEDS = ['company', 'people', 'bank', 'signatory'] as const;

export function ApplicationOverviewStep() {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="mb-2 font-semibold">{t('kyc.overview.whatYouNeed')}</h3>
      <ul className="mb-4 list-disc pl-5 text-sm text-slate-700">
        {NEEDS.map((need) => (
          <li key={need}>{t(`kyc.overview.needs.${need}`)}</li>
        ))}
      </ul>
      <ConfirmField name="acknowledged" label={t('kyc.overview.acknowledge')} />
    </>
  );
}
