import type { KycStepId } from '../../../contract/kyc/steps';
import { ApplicationOverviewStep } from './steps/application-overview-step';
import { AuthorisedSignatoryStep } from './steps/authorised-signatory-step';
import { CompanyDetailsStep } from './steps/company-details-step';
import { CompanyStakeholdersStep } from './steps/company-stakeholders-step';
import { ProcessingDetailsStep } from './steps/processing-details-step';
import { SettlementAccountsStep } from './steps/settlement-accounts-step';
import { SurveyStep } from './steps/survey-step';

/** The fields of each step (spec 2 "KYC wizard", in order). */
export function StepContent({ step }: { step: KycStepId }) {
  switch (step) {
    case 'application-overview':
      return <ApplicationOverviewStep />;
    case 'company-details':
      return <CompanyDetailsStep />;
    case 'business-information':
      return <SurveyStep group="BusinessInfo" />;
    case 'sanctions-exposure':
      return <SurveyStep group="SanctionExposure" />;
    case 'company-stakeholders':
      return <CompanyStakeholdersStep />;
    case 'processing-details':
      return <ProcessingDetailsStep />;
    case 'settlement-accounts':
      return <SettlementAccountsStep />;
    case 'authorised-signatory':
      return <AuthorisedSignatoryStep />;
  }
}
