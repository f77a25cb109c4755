import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { PROPERTY_WIZARD_STEPS, stepNumberOf } from '../../../contract/property-wizard';
import { PageLayout } from '../../components/page-layout/page-layout';
import { PROPERTY_PAGE_FORMS } from '../../components/settings-forms/registry';
import { SettingsFormHost } from '../../components/settings-forms/settings-form-host';
import { useActionMutation } from '../../lib/use-action-mutation';
import { propertyKeys, propertyOverviewQuery, transitionPropertyCall } from './api';
import { CreatePropertyForm } from './create-property-form';

const WIZARD = '/properties/create-property';

/**
 * /properties/create-property (spec 2, decision 0261): the first step creates the property, each
 * later step is the page's own settings form saved as it goes; the address holds the property and
 * the step, so a reload resumes where the user was. Finishing marks the property complete and
 * sends it for review.
 */
export function CreatePropertyScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const params = new URLSearchParams(useSearch());
  const merchantId = params.get('merchantId') ?? undefined;
  const index = Math.min(
    Math.max(
      0,
      PROPERTY_WIZARD_STEPS.findIndex((step) => step.id === params.get('step')),
    ),
    PROPERTY_WIZARD_STEPS.length - 1,
  );
  const step = PROPERTY_WIZARD_STEPS[index]!;
  const property = useQuery({ ...propertyOverviewQuery(merchantId ?? ''), enabled: Boolean(merchantId) });
  const goTo = (id: string, to = merchantId) => navigate(`${WIZARD}?merchantId=${to}&step=${id}`);
  const finish = useActionMutation({
    mutationFn: async () => {
      if (property.data?.status === 'Created') await transitionPropertyCall(merchantId!, { action: 'complete' });
      return transitionPropertyCall(merchantId!, { action: 'submit' });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      navigate(`/properties/property-submitted?merchantId=${merchantId}`);
    },
  });
  const last = index === PROPERTY_WIZARD_STEPS.length - 1;
  const next = () => (last ? finish.act() : goTo(PROPERTY_WIZARD_STEPS[index + 1]!.id));
  const data = property.data;
  return (
    <PageLayout title={t('shell.routes.createProperty')} subtitle={data ? data.name : undefined}>
      <ol aria-label={t('properties.create.steps')} className="mb-4 flex flex-wrap gap-2 text-xs">
        {PROPERTY_WIZARD_STEPS.map((entry, position) => (
          <li key={entry.id}>
            <button
              type="button"
              disabled={!merchantId}
              aria-current={position === index ? 'step' : undefined}
              onClick={() => goTo(entry.id)}
              className={`rounded-full border px-2 py-1 ${position === index ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white'}`}
            >
              {t('properties.create.stepLabel', { number: stepNumberOf(entry.page), name: t(`properties.create.stepNames.${entry.id}`) })}
            </button>
          </li>
        ))}
      </ol>
      <h2 className="mb-3 text-lg font-semibold" data-testid="wizard-step">
        {t(`properties.create.stepNames.${step.id}`)}
      </h2>
      {!merchantId ? (
        <CreatePropertyForm
          onCreated={(created) => {
            queryClient.setQueryData(propertyKeys.overview(created.merchantId), created);
            goTo(PROPERTY_WIZARD_STEPS[0].id, created.merchantId);
          }}
        />
      ) : data ? (
        <div className="flex flex-col gap-4">
          <SettingsFormHost
            key={step.id}
            loader={PROPERTY_PAGE_FORMS[step.page]}
            scope={{ kind: 'property', merchantGroupId: data.merchantGroupId, merchantId: data.merchantId }}
            onboarding
            onSaved={next}
          />
          <div className="flex gap-2 border-t border-slate-200 pt-3">
            {index > 0 ? (
              <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={() => goTo(PROPERTY_WIZARD_STEPS[index - 1]!.id)}>
                {t('properties.create.back')}
              </button>
            ) : null}
            <button type="button" disabled={finish.pending} className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-60" onClick={next}>
              {last ? t('properties.create.finish') : t('properties.create.next')}
            </button>
          </div>
          {finish.error ? (
            <p role="alert" className="text-sm text-red-700">
              {finish.error.message}
            </p>
          ) : null}
        </div>
      ) : property.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {property.error.message}
        </p>
      ) : (
        <p role="status">{t('properties.overview.loading')}</p>
      )}
    </PageLayout>
  );
}
