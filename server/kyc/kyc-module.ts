import type { FastifyInstance } from 'fastify';
import { startRounds } from '../jobs/job-runner';
import { registerDocumentRoutes } from './document-routes';
import { registerDocumentUploadRoute } from './document-upload-route';
import { expireIdleApplications } from './expiry';
import { registerKycRoutes } from './kyc-routes';
import { syncSurveyQuestions } from './survey-questions';
import { whenDatabaseReady } from '../http/database-readiness';

/** KYC onboarding (issue 5): the application, its review and its documents; the groups themselves are the merchant-groups module's. */
export function registerKycModule(app: FastifyInstance): void {
  registerKycRoutes(app);
  registerDocumentUploadRoute(app);
  registerDocumentRoutes(app);
  // Before the first request, outside any request's transaction: reference data survey answers point at.
  whenDatabaseReady(app, () => syncSurveyQuestions(app.ctx.db));
  // The idle expiry runs hourly outside demo mode (the demo's dates are fixed and must not expire).
  if (!app.ctx.config.demo) {
    const sweep = startRounds({
      everyMs: 60 * 60 * 1000,
      round: () => expireIdleApplications(app.ctx.db),
      onError: (error) => app.log.error({ err: error }, 'KYC expiry failed'),
    });
    app.addHook('onClose', () => sweep.stop());
  }
}
