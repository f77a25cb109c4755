import type { FastifyRequest } from 'fastify';
import type { ProblemCode } from '../../contract/problem';
import { VERSION_HEADER, versionOf } from '../../contract/versions';
import { problems } from './problem';

/** The codes of the "changed since you opened it" refusals: every 412 carries one (decision 0686). */
type ChangedSinceCode = Extract<ProblemCode, `${string}.changedSince`>;

/**
 * Refuses (412, nothing written) a change made from a version that is no longer the current one, when the
 * caller said which it was made from (contract/versions.ts). Run it after the row lock the write takes.
 */
export function assertCurrentVersion(request: FastifyRequest, current: string | null, detail: string, code: ChangedSinceCode): void {
  assertVersionAmong(request, [versionOf(current)], detail, code);
}

/**
 * The same, where more than one name stands for what is current (decision 0683): the webhook addresses are current
 * by their own version or the row's, a property without settings of its own by "never saved" or its group's.
 */
export function assertVersionAmong(request: FastifyRequest, current: readonly string[], detail: string, code: ChangedSinceCode): void {
  const basis = request.headers[VERSION_HEADER.toLowerCase()];
  if (typeof basis === 'string' && !current.includes(basis)) throw problems.changedSince(detail).withCode(code);
}

/** Whether the caller said which version its change was made from (then the check needs the row locked first). */
export function namesVersion(request: FastifyRequest): boolean {
  return typeof request.headers[VERSION_HEADER.toLowerCase()] === 'string';
}
