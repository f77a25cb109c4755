import { useTranslation } from 'react-i18next';
import { KYC_SURVEY_QUESTIONS, type SurveyQuestion } from '../../../../contract/kyc/surveys';
import { ChoiceGroup } from '../components/choice-fields';
import { TextField } from '../components/form-fields';

/** Business information and sanctions exposure: the question groups of spec 3, saved as merchant surveys. */
export function SurveyStep({ group }: { group: SurveyQuestion['group'] }) {
  const { t } = useTranslation();
  const questions = KYC_SURVEY_QUESTIONS.filter((question) => question.group === group);
  return (
    <>
      {questions.map((question) => (
        <ChoiceGroup
          key={question.id}
          name={`responses.${question.id}`}
          kind={question.kind}
          legend={t(`kyc.survey.${question.id}.label`, { defaultValue: question.label })}
          options={question.options.map((option) => ({
            value: option.value,
            label: t(`kyc.survey.${question.id}.options.${option.value}`, { defaultValue: option.label }),
          }))}
        />
      ))}
      {group === 'SanctionExposure' ? (
        <TextField name="explanation" label={t('kyc.fields.sanctionsExplanation')} hint={t('kyc.hints.sanctionsExplanation')} />
      ) : null}
    </>
  );
}
