import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodError } from 'zod';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, type Problem, type ProblemCode, type ProblemParamsArg } from '../../contract/problem';

/** A problem as the server writes it: a code, when it has one, from the registry (contract/problem-codes.ts). */
export type ServerProblem = Omit<Problem, 'code'> & { code?: ProblemCode };

/** An error the caller caused or may see; everything else is a 500 without internals. */
export class HttpProblem extends Error {
  constructor(readonly problem: ServerProblem) {
    super(problem.detail ?? problem.title);
  }

  /**
   * The same refusal with its stable code (decision 0686) and the values its sentence names: the SPA shows the
   * catalogue's words for the code, API callers keep reading `detail`, which stays as it was.
   */
  withCode<C extends ProblemCode>(code: C, ...params: ProblemParamsArg<C>): HttpProblem {
    return new HttpProblem({ ...this.problem, code, ...(params[0] ? { params: params[0] } : {}) });
  }
}

export const problems = {
  validation: (errors: Record<string, string[]>, detail = 'the request has invalid fields') =>
    new HttpProblem({ type: PROBLEM_TYPES.validation, title: 'Invalid request', status: 400, detail, errors }),
  badRequest: (detail: string) => new HttpProblem({ type: PROBLEM_TYPES.validation, title: 'Invalid request', status: 400, detail }),
  unauthorized: (detail = 'sign in to continue') => new HttpProblem({ type: PROBLEM_TYPES.unauthorized, title: 'Unauthorized', status: 401, detail }),
  forbidden: (detail = 'you do not have permission for this') => new HttpProblem({ type: PROBLEM_TYPES.forbidden, title: 'Forbidden', status: 403, detail }),
  notFound: (detail = 'not found') => new HttpProblem({ type: PROBLEM_TYPES.notFound, title: 'Not found', status: 404, detail }),
  /** `errors` names the field that clashes (field -> i18n keys), so a form can show it there. */
  conflict: (detail: string, errors?: Record<string, string[]>) =>
    new HttpProblem({ type: PROBLEM_TYPES.conflict, title: 'Conflict', status: 409, detail, ...(errors ? { errors } : {}) }),
  changedSince: (detail: string) => new HttpProblem({ type: PROBLEM_TYPES.changedSince, title: 'Changed since you read it', status: 412, detail }),
  tooLarge: (detail: string) => new HttpProblem({ type: PROBLEM_TYPES.payloadTooLarge, title: 'Payload too large', status: 413, detail }),
  unsupportedMedia: (detail: string) => new HttpProblem({ type: PROBLEM_TYPES.unsupportedMedia, title: 'Unsupported media type', status: 415, detail }),
  starting: (detail: string) => new HttpProblem({ type: PROBLEM_TYPES.starting, title: 'Service unavailable', status: 503, detail }),
};

/** Zod issues as field -> messages; the path is dotted (`businessAddress.city`), `_` for the whole body. */
export function fieldErrors(error: ZodError, prefix?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
}

/** PostgreSQL's unique_violation (both engines report the SQLSTATE as `code`). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Turns every error into the spec's error payload; framework errors from bad input stay 4xx. */
export function installProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error.problem);
    const status = error.statusCode ?? 500;
    if (status === 429)
      return sendProblem(
        reply,
        new HttpProblem({
          type: PROBLEM_TYPES.rateLimited,
          title: 'Too many requests',
          status,
          detail: 'too many attempts; wait a moment and try again',
        }).withCode('request.tooManyAttempts').problem,
      );
    if (status === 413) return sendProblem(reply, problems.tooLarge('the request body is too large').problem);
    if (status === 415) return sendProblem(reply, problems.unsupportedMedia(error.message).problem);
    if (status >= 400 && status < 500) return sendProblem(reply, { type: PROBLEM_TYPES.validation, title: 'Invalid request', status, detail: error.message });
    // Two requests racing to create the same thing: the loser's insert meets the database's unique
    // constraint after its own check said the way was clear. That is the caller's conflict, not our failure.
    if (isUniqueViolation(error)) {
      request.log.warn({ constraint: (error as { constraint?: string }).constraint }, 'unique constraint met by a concurrent request');
      return sendProblem(
        reply,
        problems.conflict('this was just created by another request; reload and try again').withCode('request.createdMeanwhile').problem,
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, {
      type: PROBLEM_TYPES.internal,
      title: 'Internal error',
      status: 500,
      detail: 'something went wrong on our side; it has been logged',
    });
  });
  app.setNotFoundHandler((request, reply) => sendProblem(reply, problems.notFound(`no route ${request.method} ${request.url.split('?')[0]}`).problem));
}
