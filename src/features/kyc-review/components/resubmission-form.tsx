import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { KycApplication } from '../../../../contract/kyc/application';
import { KYC_STEP_TITLE_KEYS, type KycStepId } from '../../../../contract/kyc/steps';
import { Button } from '../../../components/form/button';
import { useForm } from '../../../components/form/use-form';
import { BIRTH_DATE } from './field-order';
import { BIRTH_PARTS, labelKeyOf, reviewEntries } from './review-entries';
import { useFieldLabel } from '../../../lib/kyc-field-labels';
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

/** One line of the form per flaggable item, in the order shown: flagged or not, and the reason. */
interface FlagDraft {
  checked: boolean;
  reason: string;
}

/**
 * The flags to send: at least one, each with a reason the applicant can act on. The problem is one
 * sentence for the whole form (`problem`), as the reviewer reads it above the buttons.
 */
function flagsSchema(items: Flaggable[], t: TFunction) {
  return z
    .object({ flags: z.array(z.object({ checked: z.boolean(), reason: z.string() })) })
    .transform(({ flags }) =>
      items.flatMap((item, index) => {
        const draft = flags[index];
        if (!draft?.checked) return [];
        const reason = draft.reason.trim();
        return [item.target, ...(item.alsoTargets ?? [])].map((target) => ({ targetKind: item.targetKind, target, reason }));
      }),
    )
    .superRefine((flags, context) => {
      if (flags.length === 0) context.addIssue({ code: 'custom', path: ['problem'], message: t('kycReview.resubmission.nothingFlagged') });
      else if (flags.some((flag) => flag.reason.length < MIN_REASON))
        context.addIssue({ code: 'custom', path: ['problem'], message: t('kycReview.resubmission.reasonRequired') });
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
  /** Sends the flags; settles when the request has. */
  onSend: (flags: FlagInput[]) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const sections = flaggablesOf(
    application,
    (step) => t(KYC_STEP_TITLE_KEYS[step]),
    fieldLabel,
    (typeName) => t(`kyc.documents.types.${typeName}`, { defaultValue: typeName }),
  );
  const items = sections.flatMap((section) => section.items);
  // The items are read once: the application does not change while the dialog is open.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const schema = useMemo(() => flagsSchema(items, t), [t]);
  const form = useForm<{ flags: FlagDraft[] }, FlagInput[]>({
    schema,
    defaultValues: { flags: items.map(() => ({ checked: false, reason: '' })) },
  });
  const flags = form.watch('flags');
  const problem = (form.formState.errors as { problem?: { message?: string } }).problem?.message;
  const indexOf = new Map(items.map((item, index) => [item.target, index]));

  return (
    <form noValidate onSubmit={form.submit((chosen) => onSend(chosen))}>
      <p className="mb-3 text-sm text-slate-600">{t('kycReview.resubmission.intro')}</p>
      <div className="max-h-[60vh] space-y-4 overflow-y-auto pr-2">
        {sections.map((section) => (
          <fieldset key={section.step} className="rounded border border-slate-200 p-3">
            <legend className="px-1 font-medium">{t(KYC_STEP_TITLE_KEYS[section.step])}</legend>
            {section.items.map((item) => {
              const index = indexOf.get(item.target) ?? 0;
              const checked = flags[index]?.checked ?? false;
              return (
                <div key={item.target} className="mb-2">
                  <label className="inline-flex items-center gap-2 text-sm">
                    <input type="checkbox" {...form.register(`flags.${index}.checked`)} />
                    {t('kycReview.resubmission.flag', { name: item.name })}
                  </label>
                  {checked ? (
                    <label className="mt-1 block text-sm">
                      <span className="sr-only">{t('kycReview.resubmission.reasonFor', { name: item.name })}</span>
                      <input
                        type="text"
                        placeholder={t('kycReview.resubmission.reasonPlaceholder')}
                        maxLength={KYC_REASON_MAX_LENGTH}
                        {...form.register(`flags.${index}.reason`)}
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
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" pending={busy}>
          {t('kycReview.resubmission.send')}
        </Button>
      </div>
    </form>
  );
}
