import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyOverview } from '../../../contract/properties';
import { PROPERTY_REVIEW_TARGETS, type PropertyAction, type PropertyReviewTarget, type PropertyTransitionBody } from '../../../contract/property-lifecycle';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { useActionMutation } from '../../lib/use-action-mutation';
import { propertyKeys, transitionPropertyCall } from './api';

const inputClass = 'mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm';
type FlagDraft = { target: PropertyReviewTarget; reason: string };

/**
 * The lifecycle actions the server says this user may take now (decision 0260), each behind a
 * confirmation; sending back asks for a reason per field or page, taking offline for a reason.
 */
export function LifecycleActions({ property }: { property: PropertyOverview }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<PropertyAction | null>(null);
  const [reason, setReason] = useState('');
  const [flags, setFlags] = useState<FlagDraft[]>([{ target: 'name', reason: '' }]);
  const mutation = useActionMutation({
    mutationFn: (body: PropertyTransitionBody) => transitionPropertyCall(property.merchantId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(propertyKeys.overview(property.merchantId), answer);
      void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      setOpen(null);
    },
  });
  const start = (action: PropertyAction) => {
    mutation.reset();
    setReason('');
    setFlags([{ target: 'name', reason: '' }]);
    setOpen(action);
  };
  const bodyOf = (action: PropertyAction): PropertyTransitionBody => {
    if (action === 'requestResubmission') return { action, flags };
    if (action === 'deactivate' || action === 'reactivate') return { action, confirm: true, reason };
    return { action };
  };
  if (property.allowedActions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {property.allowedActions.map((action) => (
        <button
          key={action}
          type="button"
          onClick={() => start(action)}
          className={`rounded px-3 py-1.5 text-sm font-medium ${action === 'deactivate' || action === 'requestResubmission' ? 'border border-slate-300 bg-white' : 'bg-slate-900 text-white'}`}
        >
          {t(`properties.actions.${action}.button`)}
        </button>
      ))}
      {open ? (
        <ConfirmDialog
          open
          title={t(`properties.actions.${open}.title`, { name: property.name })}
          confirmLabel={t(`properties.actions.${open}.confirm`)}
          tone={open === 'deactivate' ? 'danger' : 'primary'}
          pending={mutation.pending}
          error={mutation.error?.message ?? null}
          onCancel={() => setOpen(null)}
          onConfirm={() => mutation.act(bodyOf(open))}
        >
          <p>{t(`properties.actions.${open}.body`, { name: property.name })}</p>
          {open === 'requestResubmission' ? (
            <div className="mt-3 flex flex-col gap-3">
              {flags.map((flag, index) => (
                <fieldset key={index} className="rounded border border-slate-200 p-2">
                  <legend className="px-1 text-xs text-slate-600">{t('properties.review.flag', { number: index + 1 })}</legend>
                  <label className="block text-xs text-slate-700">
                    {t('properties.review.target')}
                    <select
                      className={inputClass}
                      value={flag.target}
                      onChange={(event) => setFlags(flags.map((f, i) => (i === index ? { ...f, target: event.target.value as PropertyReviewTarget } : f)))}
                    >
                      {PROPERTY_REVIEW_TARGETS.map((target) => (
                        <option key={target} value={target}>
                          {t(`properties.targets.${target}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="mt-2 block text-xs text-slate-700">
                    {t('properties.review.reason')}
                    <textarea
                      className={inputClass}
                      rows={2}
                      value={flag.reason}
                      onChange={(event) => setFlags(flags.map((f, i) => (i === index ? { ...f, reason: event.target.value } : f)))}
                    />
                  </label>
                </fieldset>
              ))}
              <button type="button" className="self-start text-sm text-blue-700 underline" onClick={() => setFlags([...flags, { target: 'city', reason: '' }])}>
                {t('properties.review.addFlag')}
              </button>
            </div>
          ) : null}
          {open === 'deactivate' || open === 'reactivate' ? (
            <label className="mt-3 block text-xs text-slate-700">
              {t('properties.actions.reason')}
              <textarea className={inputClass} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
            </label>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
