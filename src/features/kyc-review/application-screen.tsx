import { useQuery } from '@tanstack/react-query';
import { ResponseError } from '../../lib/failure-message';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout/page-layout';
import { useLocation, useSearch } from 'wouter';
import type { KycApplication } from '../../../contract/kyc/application';
import { KYC_STEP_TITLE_KEYS } from '../../../contract/kyc/steps';
import { AuditTrail } from './components/audit-trail';
import { DocumentLink } from './components/document-link';
import { FlagListSection } from './components/flag-list-section';
import { ReviewActions } from './components/review-actions';
import { StepData } from './components/step-data';
import { formatDateTime } from '../../lib/format';
import { reviewApplicationQuery } from './api';
import { StatusBadge } from './status-badge';

/** The route is /kyc/applications/[id]: the id is the `id` query parameter, else the path segment. */
function useApplicationId(): string | undefined {
  const [location] = useLocation();
  const fromQuery = new URLSearchParams(useSearch()).get('id');
  if (fromQuery) return fromQuery;
  const segment = location.split('/').filter(Boolean)[2];
  return segment && segment !== '[id]' ? decodeURIComponent(segment) : undefined;
}

/** /kyc/applications/[id] (spec 2 "KYC admin"): every section and document, the allowed actions, the audit trail. */
export function KycApplicationScreen() {
  const { t } = useTranslation();
  const id = useApplicationId();
  const application = useQuery({ ...reviewApplicationQuery(id ?? ''), enabled: Boolean(id) });
  const data = application.data;
  // An id that names no application (404), or cannot name one (400), is not worth a retry: say so.
  const notFound = application.error instanceof ResponseError && (application.error.status === 404 || application.error.status === 400);
  return (
    <PageLayout
      back={{ href: '/kyc/applications', label: t('kycReview.detail.back') }}
      title={data ? data.merchantGroupName : notFound ? t('kycReview.detail.notFoundTitle') : t('shell.routes.kycApplication')}
      subtitle={
        data ? (
          <>
            <StatusBadge status={data.displayStatus} />
            <span>
              {t('kycReview.columns.createdAt')}: {formatDateTime(data.createdAt)}
            </span>
            <span>
              {t('kycReview.columns.submittedAt')}: {data.submittedAt ? formatDateTime(data.submittedAt) : t('kycReview.notSubmitted')}
            </span>
          </>
        ) : undefined
      }
    >
      {!id ? <p role="alert">{t('kycReview.detail.missingId')}</p> : null}
      {application.isPending && id ? <p role="status">{t('kycReview.detail.loading')}</p> : null}
      {notFound ? (
        <p data-testid="not-found" className="text-slate-800">
          {t('kycReview.detail.notFound')}
        </p>
      ) : application.isError ? (
        <p role="alert" className="text-red-700">
          {t('kycReview.detail.loadFailed', { message: application.error.message })}
        </p>
      ) : null}
      {data ? <ApplicationDetail application={data} /> : null}
    </PageLayout>
  );
}

/**
 * An application back from resubmission: what the reviewer asked for last time, so the review goes on
 * from there (the requests are closed by the resubmission, and were otherwise seen only as a count in the
 * audit trail). A flagged document says what replaced it.
 */
function AnsweredRequests({ application }: { application: KycApplication }) {
  const { t } = useTranslation();
  const lastResolved = application.flags.reduce<string | null>(
    (latest, flag) => (flag.resolvedAt && (!latest || flag.resolvedAt > latest) ? flag.resolvedAt : latest),
    null,
  );
  const lastRound = application.flags.filter((flag) => lastResolved !== null && flag.resolvedAt === lastResolved);
  return (
    <FlagListSection id="answered-flags" title={t('kycReview.detail.answeredFlags')} tone="answered" flags={lastRound} documents={application.documents} />
  );
}

function ApplicationDetail({ application }: { application: KycApplication }) {
  const { t } = useTranslation();
  const openFlags = application.flags.filter((flag) => flag.resolvedAt === null);
  const current = application.documents.filter((document) => document.replacedBy === null);
  const headers = [...new Set(current.map((document) => document.header))];
  return (
    <>
      {application.rejectionReason ? (
        <p className="text-sm text-red-800">
          {t('kycReview.detail.rejectionReason')}: {application.rejectionReason}
        </p>
      ) : null}

      <ReviewActions application={application} />

      <FlagListSection id="open-flags" title={t('kycReview.detail.openFlags')} tone="open" flags={openFlags} documents={application.documents} />

      {openFlags.length === 0 && (application.status === 'Pending' || application.status === 'InReview') ? (
        <AnsweredRequests application={application} />
      ) : null}

      <section aria-labelledby="sections" className="mb-6">
        <h2 id="sections" className="sr-only">
          {t('kycReview.detail.sections')}
        </h2>
        {application.steps.map((step) => (
          <section key={step.step} aria-label={t(KYC_STEP_TITLE_KEYS[step.step])} className="mb-4 rounded border border-slate-200 p-4">
            <h3 className="mb-2 flex items-center gap-2 font-semibold">
              {t(KYC_STEP_TITLE_KEYS[step.step])}
              <span className={`rounded px-1.5 py-0.5 text-xs ${step.valid ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-600'}`}>
                {step.valid ? t('kycReview.detail.complete') : t('kycReview.detail.incomplete')}
              </span>
            </h3>
            {step.data ? (
              <StepData data={step.data} documents={application.documents} step={step.step} />
            ) : (
              <p className="text-sm text-slate-500">{t('kycReview.detail.stepNotFilled')}</p>
            )}
          </section>
        ))}
      </section>

      <section aria-labelledby="documents" className="mb-6">
        <h2 id="documents" className="mb-2 text-lg font-semibold">
          {t('kycReview.detail.documents')}
        </h2>
        {headers.length === 0 ? <p className="text-sm text-slate-600">{t('kycReview.detail.noDocuments')}</p> : null}
        {headers.map((header) => (
          <div key={header} className="mb-3">
            <h3 className="font-medium">{t(KYC_STEP_TITLE_KEYS[header as keyof typeof KYC_STEP_TITLE_KEYS] ?? header, { defaultValue: header })}</h3>
            <ul className="ml-5 list-disc text-sm">
              {current
                .filter((document) => document.header === header)
                .map((document) => (
                  <li key={document.documentId}>
                    {t(`kyc.documents.types.${document.documentTypeName}`, { defaultValue: document.documentTypeName })}: <DocumentLink document={document} />
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </section>

      <AuditTrail entries={application.auditTrail} />
    </>
  );
}
