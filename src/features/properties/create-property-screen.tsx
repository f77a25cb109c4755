import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { propertyEndpoints, type PropertyOverview } from '../../../contract/properties';
import { PROPERTY_WIZARD_STEPS } from '../../../contract/property-wizard';
import { wizardModeOf } from '../../../machines/property-wizard.machine';
import { PageLayout } from '../../components/page-layout/page-layout';
import { useCapabilities } from '../../lib/capabilities';
import { propertyKeys, propertyOverviewQuery } from './api';
import { CreatePropertyForm } from './create-property-form';
import { LoadingStatus } from '../../components/loading-status/loading-status';

/**
 * /properties/create-property (spec 2, decisions 0261 and 0301): the first step creates the property;
 * from then on the property wizard machine walks the steps, each the page's own settings form saved
 * as it goes; the address holds the property and the step, so a reload resumes where the user was.
 */
export interface CreatePropertyParts {
  /** The add-property wizard, whose steps are the property's settings forms: it belongs to features/settings and the route table hands it in (decision 0600). */
  PropertyWizard: ComponentType<{ property: PropertyOverview; urlStep: string | undefined }>;
}

/** This screen's address: the wizard's steps add `?merchantId=..&step=..` to it. */
const CREATE_PROPERTY_PATH = '/properties/create-property';

export function CreatePropertyScreen({ PropertyWizard }: CreatePropertyParts) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const params = new URLSearchParams(useSearch());
  const merchantId = params.get('merchantId') ?? undefined;
  const property = useQuery({ ...propertyOverviewQuery(merchantId ?? ''), enabled: Boolean(merchantId) });
  const data = property.data;
  // Only those the server lets add a property get the form; the others are told why (issue 32).
  const capabilities = useCapabilities();
  // The screen waits for the answer: it says whether there is a group to add a property in at all (the form then
  // asks which ones, with what a new property starts with there).
  if (!merchantId && capabilities.loading)
    return (
      <PageLayout title={t('shell.routes.createProperty')}>
        <LoadingStatus testId="create-property-loading" />
      </PageLayout>
    );
  // The call alone is not enough: a group closed to new properties (or none at all) leaves nothing to add one to.
  if (!merchantId && (!capabilities.may(propertyEndpoints.createProperty) || capabilities.addPropertyGroupCount === 0))
    return (
      <PageLayout title={t('shell.routes.createProperty')}>
        <p role="status" data-testid="read-only-reason">
          {t('capabilities.readOnly.properties')}
        </p>
      </PageLayout>
    );
  return (
    <PageLayout
      title={t('shell.routes.createProperty')}
      subtitle={data ? data.name : undefined}
      // Each step names the property it adds and leads back to it (issue 34).
      breadcrumbs={
        data
          ? [
              { label: t('shell.routes.properties'), href: '/properties' },
              { label: t('subjects.property', { name: data.name }), href: `/properties/property-overview/${data.merchantId}` },
              { label: t('shell.routes.createProperty') },
            ]
          : undefined
      }
    >
      {!merchantId ? (
        <>
          <h2 className="mb-3 text-lg font-semibold" data-testid="wizard-step">
            {t(`properties.create.stepNames.${PROPERTY_WIZARD_STEPS[0].id}`)}
          </h2>
          <CreatePropertyForm
            onCreated={(created) => {
              queryClient.setQueryData(propertyKeys.overview(created.merchantId), created);
              navigate(`${CREATE_PROPERTY_PATH}?merchantId=${created.merchantId}&step=${PROPERTY_WIZARD_STEPS[0].id}`);
            }}
          />
        </>
      ) : data ? (
        // A new machine when the property's mode changes (sent back, submitted): its steps depend on it.
        <PropertyWizard key={`${data.merchantId}-${wizardModeOf(data.status)}`} property={data} urlStep={params.get('step') ?? undefined} />
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
