import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { PageLayout } from '../../components/page-layout/page-layout';
import { KYC_DISPLAY_STATUS_LABEL_KEYS, type OnboardingStatus } from '../../../contract/merchant-groups';
import { KYC_WIZARD } from '../../../machines/kyc-wizard';
import { applicationQuery, myGroupQuery } from './api';

/** Statuses in which the application waits for the provider's review: it was submitted and nothing is decided. */
const UNDER_REVIEW: readonly OnboardingStatus[] = ['Pending', 'InReview'];

/**
 * /kyc/application-success (spec 2): says what is true of the application (issue 11). While the
 * applicant can still fill it in (Created, or sent back for resubmission) it was not submitted, so
 * the wizard opens at the step to continue; once decided, the page says so rather than "submitted".
 * The application comes from the cache the submit filled, so right after submitting no request is needed.
 */
export function ApplicationSuccessScreen() {
  const { t } = useTranslation();
  const group = useQuery(myGroupQuery());
  const groupId = group.data?.merchantGroupId ?? '';
  const application = useQuery({ ...applicationQuery(groupId), enabled: groupId !== '' });
  const data = application.data;
  if (data && data.mode !== 'readOnly') {
    const resume = KYC_WIZARD.steps.find((step) => step.id === data.resumeStep) ?? KYC_WIZARD.steps[0]!;
    return <Redirect to={resume.path} replace />;
  }
  const submitted = data ? UNDER_REVIEW.includes(data.status) : false;
  const failure = group.error ?? application.error;
  return (
    <PageLayout title={!data ? t('kyc.title') : submitted ? t('kyc.success.title') : t('kyc.success.decidedTitle')}>
      {failure ? (
        <p role="alert" className="text-red-700">
          {t('kyc.wizard.loadFailed', { message: failure.message })}
        </p>
      ) : !data ? (
        <p role="status">{t('kyc.wizard.loading')}</p>
      ) : (
        <>
          {submitted ? <p className="text-slate-700">{t('kyc.success.body')}</p> : null}
          <p role="status" className="text-sm text-slate-700">
            {t('kyc.success.status', { status: t(KYC_DISPLAY_STATUS_LABEL_KEYS[data.displayStatus]) })}
          </p>
        </>
      )}
    </PageLayout>
  );
}
