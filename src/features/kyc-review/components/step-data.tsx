import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES, type KycDocument } from '../../../../contract/kyc/documents';
import { ACCOUNT_TYPES, PAYMENT_SCHEMES, STAKEHOLDER_KINDS } from '../../../../contract/kyc/step-schemas';
import type { KycStepId } from '../../../../contract/kyc/steps';
import { useFieldLabel } from '../../../lib/kyc-field-labels';
import { KYC_SURVEY_QUESTIONS } from '../../../../contract/kyc/surveys';
import { DocumentLink } from './document-link';
import { birthDateText, isBirthDate, labelKeyOf, reviewEntries } from './review-entries';

type Data = Record<string, unknown>;

/**
 * A saved step draft as a definition list. Survey answers show the question and answer texts;
 * document ids show the document itself.
 */
export function StepData({
  data,
  documents,
  step,
  path = [],
  currency,
}: {
  data: Data;
  documents: readonly KycDocument[];
  step?: KycStepId;
  path?: readonly string[];
  currency?: string;
}) {
  const { t, i18n } = useTranslation();
  const label = useFieldLabel();
  const entries = reviewEntries(data, step, path);
  const labelOf = (key: string) => label(labelKeyOf(key, data));
  // Processing amounts are whole units of the first processing currency (contract/kyc/step-schemas.ts).
  const amountCurrency = currency ?? (Array.isArray(data.currencies) && typeof data.currencies[0] === 'string' ? data.currencies[0] : undefined);

  const value = (key: string, raw: unknown): React.ReactNode => {
    const notAnswered = <span className="text-slate-600 italic">{t('kycReview.detail.notAnswered')}</span>;
    if (raw === null || raw === undefined || raw === '') return notAnswered;
    if (isBirthDate(key, raw)) return birthDateText(raw, i18n.language) ?? notAnswered;
    const chosen = optionLabel(key, raw, t);
    if (chosen !== undefined) return chosen;
    if (AMOUNT_FIELDS.has(key) && typeof raw === 'number' && amountCurrency) return wholeAmount(raw, amountCurrency, i18n.language);
    if (key.endsWith('DocumentId') && typeof raw === 'string') {
      const document = documents.find((entry) => entry.documentId === raw);
      return document ? <DocumentLink document={document} /> : raw;
    }
    if (key === 'responses' && typeof raw === 'object') return <SurveyAnswers responses={raw as Record<string, string[]>} />;
    if (typeof raw === 'boolean') return raw ? t('kyc.form.yes') : t('kyc.form.no');
    if ((key === 'country' || key === 'incorporationCountry') && typeof raw === 'string') return `${countryName(raw)} (${raw})`;
    if (Array.isArray(raw)) {
      if (raw.every((item) => typeof item !== 'object')) return raw.join(', ');
      return (
        <ol className="space-y-3">
          {raw.map((item, index) => (
            <li key={index} className="rounded border border-slate-200 p-2">
              <StepData data={item as Data} documents={documents} step={step} path={[...path, key]} currency={amountCurrency} />
            </li>
          ))}
        </ol>
      );
    }
    if (typeof raw === 'object') return <StepData data={raw as Data} documents={documents} step={step} path={[...path, key]} currency={amountCurrency} />;
    return String(raw);
  };

  return (
    // On a phone or a tablet each answer sits under its field's name: two columns (at least 10rem for the names, again in every
    // nested address or person) left the answers beyond the screen's edge.
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm lg:grid-cols-[minmax(10rem,14rem)_1fr]">
      {entries.map(([key, raw]) => (
        <div key={key} className="contents">
          <dt className="text-slate-500">
            {key.endsWith('DocumentId') ? t(`kyc.documents.types.${documentTypeOf(key, raw, documents)}`, { defaultValue: label(key) }) : labelOf(key)}
          </dt>
          <dd className="min-w-0 break-words text-slate-900 max-lg:mb-2">{value(key, raw)}</dd>
        </div>
      ))}
    </dl>
  );
}

const FIELD_DOCUMENT_TYPE: Record<string, number> = {
  certificateOfIncorporationDocumentId: 1,
  businessRegistrationDocumentId: 2,
  memorandumDocumentId: 3,
  licenseToOperateDocumentId: 4,
  proofOfPrincipalPlaceOfBusinessDocumentId: 5,
  ownershipStructureDocumentId: 6,
  processorStatementDocumentId: 7,
  bankStatementDocumentId: 8,
  delegationOfAuthorityDocumentId: 9,
  proofOfAddressDocumentId: 10,
  proofOfIdentityDocumentId: 11,
};
function documentTypeOf(field: string, id: unknown, documents: readonly KycDocument[]): string {
  const document = documents.find((entry) => entry.documentId === id);
  return document?.documentTypeName ?? DOCUMENT_TYPES[FIELD_DOCUMENT_TYPE[field] ?? 0] ?? 'None';
}

function questionIndex(id: string): number {
  const index = KYC_SURVEY_QUESTIONS.findIndex((question) => question.id === id);
  return index < 0 ? Number.MAX_SAFE_INTEGER : index;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function SurveyAnswers({ responses }: { responses: Record<string, string[]> }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-1">
      {Object.entries(responses)
        .sort(([a], [b]) => questionIndex(a) - questionIndex(b))
        .map(([id, answers]) => {
          const question = KYC_SURVEY_QUESTIONS.find((entry) => entry.id === id);
          const text = (answer: string) => {
            const option = question?.options.find((entry) => entry.value === answer);
            return t(`kyc.survey.${id}.options.${answer}`, { defaultValue: option?.label ?? answer });
          };
          return (
            <li key={id}>
              <span className="text-slate-600">{t(`kyc.survey.${id}.label`, { defaultValue: question?.label ?? id })}</span>{' '}
              <strong>{(Array.isArray(answers) ? answers : []).map(text).join(', ')}</strong>
            </li>
          );
        })}
    </ul>
  );
}

const AMOUNT_FIELDS = new Set(['expectedMonthlyVolume', 'averageTransactionAmount', 'maxTransactionAmount']);
const ACCOUNT_TYPE_KEYS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  current: 'kyc.accountTypes.current',
  savings: 'kyc.accountTypes.savings',
  recurring: 'kyc.accountTypes.recurring',
  'fixed deposit': 'kyc.accountTypes.fixedDeposit',
};

/** The words the wizard showed for a chosen option, never its stored value ("ubo", a slug). */
function optionLabel(key: string, raw: unknown, t: (key: string, options?: { defaultValue: string }) => string): string | undefined {
  if (key === 'kind' && (STAKEHOLDER_KINDS as readonly unknown[]).includes(raw)) return t(`kyc.stakeholders.${String(raw)}`);
  if (key === 'accountType' && typeof raw === 'string' && raw in ACCOUNT_TYPE_KEYS) return t(ACCOUNT_TYPE_KEYS[raw as keyof typeof ACCOUNT_TYPE_KEYS]);
  if (key === 'paymentSchemes' && Array.isArray(raw))
    return raw
      .map((value) => {
        const scheme = PAYMENT_SCHEMES.find(([slug]) => slug === value);
        return scheme ? t(`kyc.paymentSchemes.${scheme[0]}`, { defaultValue: scheme[1] }) : String(value);
      })
      .join(', ');
  return undefined;
}

function wholeAmount(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}
