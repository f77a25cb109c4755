import { KYC_SURVEY_QUESTIONS } from '../../contract/kyc/surveys';
import type { Db } from '../db/database';

// The survey questions are reference data defined in the contract (the form and the server share
// them); they are written to survey_questions so merchant_surveys can refer to them, in every
// mode (not only the demo), when the server starts (server/kyc/kyc-module.ts).

export async function syncSurveyQuestions(db: Db): Promise<void> {
  const rows = KYC_SURVEY_QUESTIONS.map((question, position) => ({
    id: question.id,
    question_group: question.group,
    kind: question.kind,
    label: question.label,
    options: JSON.stringify(question.options.map((option) => option.value)),
    position,
  }));
  await db
    .insertInto('survey_questions')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        question_group: eb.ref('excluded.question_group'),
        kind: eb.ref('excluded.kind'),
        label: eb.ref('excluded.label'),
        options: eb.ref('excluded.options'),
        position: eb.ref('excluded.position'),
      })),
    )
    .execute();
}
