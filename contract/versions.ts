// Two people may change one thing at once: a settings page, a property's payment or virtual card settings, a
// user (decisions 0352, 0354, 0355). A change may say which version it was made from, the `updatedAt` it read,
// in this header (NEVER_SAVED when it read null). When the thing has changed since, the change is refused with
// 412 (problem type changed-since) and nothing is written, instead of silently replacing the other person's.
// A caller that does not say keeps the last write.

export const VERSION_HEADER = 'If-Match';
export const NEVER_SAVED = 'never-saved';

/** The version a change is made from: what the caller read as `updatedAt`. */
export const versionOf = (updatedAt: string | null): string => updatedAt ?? NEVER_SAVED;
