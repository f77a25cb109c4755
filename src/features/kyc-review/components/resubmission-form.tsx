import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycApplication } from '../../../../contract/kyc/application';
import { KYC_STEP_TITLE_KEYS, type KycStepId } from '../../../../contract/kyc/steps';
import { BIRTH_DATE } from './field-order';
import { BIRTH_PARTS, labelKeyOf, reviewEntries } from './review-entries';
import { useFieldLabel } from './step-data';
import { KYC_REASON_MAX_LENGTH } from '../../../../contract/kyc/review';

export interface FlagInput {
  targetKind: 'field' | 'document';
  target: string;
  reason: string;
}

export interface Flaggable {
  targetKind: 'field' | 'document';
  target: string;
  /** Flagged together with `target`, with the same reason (the birth date's month and year). */
  alsoTargets?: string[];
  name: string;
}

const MIN_REASON = 3;

/**
 * What a reviewer can flag: a whole step, one of its fields (a list or address as one; the birth
 * date as one), or a document; fields in the order the wizard asks them, then the documents in the
 * order their fields come.
 */
export function flaggablesOf(
  application: KycApplication,
  stepTitle: (step: KycStepId) => string,
  fieldLabel: (key: string) => string,
  documentLabel: (typeName: string) => string,
) {
  return application.steps.map((step) => {
    const fields: Flaggable[] = [{ targetKind: 'field', target: step.step, name: stepTitle(step.step) }];
    const entries = reviewEntries(step.data ?? {}, step.step);
    for (const [key] of entries) {
      if (key.endsWith('DocumentId')) continue;
      const [first, ...rest] = key === BIRTH_DATE ? BIRTH_PARTS : [key];
      fields.push({
        targetKind: 'field',
        target: `${step.step}.${first}`,
        ...(rest.length ? { alsoTargets: rest.map((part) => `${step.step}.${part}`) } : {}),
        name: `${stepTitle(step.step)}: ${fieldLabel(labelKeyOf(key, step.data ?? {}))}`,
      });
    }
    const fieldOrder = entries.map(([, value]) => value);
    const position = (documentId: string) => {
      const at = fieldOrder.indexOf(documentId);
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    const documents: Flaggable[] = application.documents
      .filter((document) => document.header === step.step && document.replacedBy === null)
      .sort((a, b) => position(a.documentId) - position(b.documentId))
      .map((document) => ({
        targetKind: 'document',
        target: document.documentId,
        name: `${documentLabel(document.documentTypeName)}: ${document.name}`,
      }));
    return { step: step.step, items: [...fields, ...documents] };
  });
}

/** Send for resubmission: flag fields and documents, each with the reason the applicant will see. */
export function ResubmissionForm({
  application,
  busy,
  onSend,
  onCancel,
}: {
  application: KycApplication;
  busy: boolean;
  onSend: (flags: FlagInput[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [chosen, setChosen] = useState<Record<string, Flaggable>>({});
  const [problem, setProblem] = useState<string>();
  const sections = flaggablesOf(
    application,
    (step) => t(KYC_STEP_TITLE_KEYS[step]),
    fieldLabel,
    (typeName) => t(`kyc.documents.types.${typeName}`, { defaultValue: typeName }),
  );

  const send = () => {
    const flags = Object.values(chosen).flatMap((item) =>
      [item.target, ...(item.alsoTargets ?? [])].map((target) => ({ targetKind: item.targetKind, target, reason: (reasons[item.target] ?? '').trim() })),
    );
    if (flags.length === 0) return setProblem(t('kycReview.resubmission.nothingFlagged'));
    if (flags.some((flag) => flag.reason.length < MIN_REASON)) return setProblem(t('kycReview.resubmission.reasonRequired'));
    setProblem(undefined);
    onSend(flags);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <p className="mb-3 text-sm text-slate-600">{t('kycReview.resubmission.intro')}</p>
      <div className="max-h-[60vh] space-y-4 overflow-y-auto pr-2">
        {sections.map((section) => (
          <fieldset key={section.step} className="rounded border border-slate-200 p-3">
            <legend className="px-1 font-medium">{t(KYC_STEP_TITLE_KEYS[section.step])}</legend>
            {section.items.map((item) => {
              const checked = Boolean(chosen[item.target]);
              return (
                <div key={item.target} className="mb-2">
                  <label className="inline-flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={(event) =>
                        setChosen((old) => {
                          const next = { ...old };
                          if (event.target.checked) next[item.target] = item;
                          else delete next[item.target];
                          return next;
                        })
                      }
                    />
                    {t('kycReview.resubmission.flag', { name: item.name })}
                  </label>
                  {checked ? (
                    <label className="mt-1 block text-sm">
                      <span className="sr-only">{t('kycReview.resubmission.reasonFor', { name: item.name })}</span>
                      <input
                        type="text"
                        placeholder={t('kycReview.resubmission.reasonPlaceholder')}
                        maxLength={KYC_REASON_MAX_LENGTH}
                        value={reasons[item.target] ?? ''}
                        onChange={(event) => setReasons((old) => ({ ...old, [item.target]: event.target.value }))}
                        className="w-full rounded border border-slate-300 px-2 py-1"
                      />
                    </label>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end gap-3">
        <button type="button" onClick={onCancel} className="rounded border border-slate-300 px-4 py-2 text-sm">
          {t('common.cancel')}
        </button>
        <button type="submit" disabled={busy} className="rounded bg-brand px-4 py-2 text-sm text-white disabled:opacity-50">
          {t('kycReview.resubmission.send')}
        </button>
      </div>
    </form>
  );
}
