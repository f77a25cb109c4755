import type { FastifyRequest } from 'fastify';
import { VERSION_HEADER, versionOf } from '../../contract/versions';
import { problems } from './problem';

/**
 * Refuses (412, nothing written) a change made from a version that is no longer the current one, when the
 * caller said which it was made from (contract/versions.ts). Run it after the row lock the write takes.
 */
export function assertCurrentVersion(request: FastifyRequest, current: string | null, detail: string): void {
  const basis = request.headers[VERSION_HEADER.toLowerCase()];
  if (typeof basis === 'string' && basis !== versionOf(current)) throw problems.changedSince(detail);
}

/** Whether the caller said which version its change was made from (then the check needs the row locked first). */
export function namesVersion(request: FastifyRequest): boolean {
  return typeof request.headers[VERSION_HEADER.toLowerCase()] === 'string';
}
