import { useTranslation } from 'react-i18next';
import { ID_PHOTO_RULES } from '../../../../contract/kyc/documents';

// Spec 3 "Photo rules for ID uploads", shown beside every identity-document upload.

export function PhotoRules({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <section id={id} aria-label={t('kyc.photoRules.title')} className="rounded border border-slate-200 bg-slate-50 p-3 text-sm">
      <h4 className="mb-1 font-semibold text-slate-700">{t('kyc.photoRules.title')}</h4>
      <ul className="list-disc pl-5 text-slate-600">
        {ID_PHOTO_RULES.map((rule) => (
          <li key={rule}>{t(rule)}</li>
        ))}
      </ul>
    </section>
  );
}
