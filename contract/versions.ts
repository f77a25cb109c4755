// Two people may change one thing at once: a settings page, a property's payment or virtual card settings, a
// user (decisions 0352, 0354, 0355). A change may say which version it was made from, the `updatedAt` it read,
// in this header (NEVER_SAVED when it read null). When the thing has changed since, the change is refused with
// 412 (problem type changed-since) and nothing is written, instead of silently replacing the other person's.
// A caller that does not say keeps the last write.

export const VERSION_HEADER = 'If-Match';
export const NEVER_SAVED = 'never-saved';

/** The version a change is made from: what the caller read as `updatedAt`. */
export const versionOf = (updatedAt: string | null): string => updatedAt ?? NEVER_SAVED;

/**
 * Decision 0683: the version a property's e-mail or webhook page names when it has no settings of its own and shows
 * its group's: the group's version, marked, so the save is refused once the group's settings changed meanwhile.
 */
export const INHERITED_VERSION_PREFIX = 'inherited:';
export const inheritedVersionOf = (groupUpdatedAt: string): string => `${INHERITED_VERSION_PREFIX}${groupUpdatedAt}`;

/**
 * The version of what a page shows when a scope's settings are its own or else its group's, as a whole (e-mail,
 * webhooks): its own version when it has settings, else the group's it shows, else NEVER_SAVED.
 */
export function shownVersionOf(own: string | null | undefined, inherited: string | null | undefined): string {
  if (own) return own;
  return inherited ? inheritedVersionOf(inherited) : NEVER_SAVED;
}
