import { useCallback, useState } from 'react';

// A form built from a read's answer keeps what the user typed when the read brings a newer answer
// (decision 0680). Reads refetch on their own: when the connection comes back, on a live resync,
// when another save on the screen invalidates them. A form re-mounted on every new answer dropped
// the unsaved typing whenever someone else had saved meanwhile. Here the form holds the answer it
// was built from while it holds typing: its save sends that answer's version, so a save over
// someone else's newer one is refused (changed-since, decisions 0352/0354) instead of writing
// over it, and nothing typed is lost before the user chooses to load the current values.

/** What a form is built from: the answer, and whether the form holds unsaved typing on top of it. */
export interface Hold<T> {
  /** What the answer is about (a scope, a property): an answer about something else never waits. */
  subject: string;
  answer: T | undefined;
  dirty: boolean;
  /** Counts the fresh starts asked for, so a fresh start rebuilds the form even from the same answer. */
  round: number;
}

/**
 * The hold once `latest` is the newest answer: a clean form takes it (it is rebuilt, nothing is
 * lost), a dirty one keeps its own. The same object when nothing changes, so a render does not loop.
 */
export function follow<T>(hold: Hold<T>, subject: string, latest: T | undefined, versionOf: (answer: T) => string): Hold<T> {
  if (hold.subject !== subject) return { subject, answer: latest, dirty: false, round: hold.round };
  // Nothing newer (still loading, or a failed refetch): what the form was built from stays.
  if (latest === undefined || hold.dirty) return hold;
  if (hold.answer !== undefined && versionOf(hold.answer) === versionOf(latest)) return hold;
  return { ...hold, answer: latest };
}

/** The form says whether it holds unsaved typing. */
export const dirtied = <T>(hold: Hold<T>, dirty: boolean): Hold<T> => (hold.dirty === dirty ? hold : { ...hold, dirty });

/** A fresh start: the form is built again, from the newest answer once `follow` has seen it. */
export const startedOver = <T>(hold: Hold<T>): Hold<T> => ({ ...hold, dirty: false, round: hold.round + 1 });

/** What the form is given: the held answer, its key, and whether a newer answer waits behind its typing. */
export function viewOf<T>(hold: Hold<T>, latest: T | undefined, versionOf: (answer: T) => string): Pick<HeldAnswer<T>, 'answer' | 'key' | 'overtaken'> {
  const version = hold.answer === undefined ? 'none' : versionOf(hold.answer);
  return {
    answer: hold.answer,
    key: `${hold.subject}:${hold.round}:${version}`,
    overtaken: hold.dirty && latest !== undefined && versionOf(latest) !== version,
  };
}

export interface HeldAnswer<T> {
  /** The answer to build the form from, and whose version its save sends. */
  answer: T | undefined;
  /** The form's React `key`: it changes when the form is to be built again. */
  key: string;
  /** A newer answer has come while the form holds typing: someone else saved since the form was built. */
  overtaken: boolean;
  /** The form says here whether it holds unsaved typing (a stable function). */
  onDirtyChange: (dirty: boolean) => void;
  /**
   * Builds the form again from the newest answer the read holds: after the user's own save (the form
   * is still dirty then) and when they ask for the current values. Call it once the read holds the
   * answer to start from (after `setQueryData`, or after the refetch was awaited).
   */
  startOver: () => void;
}

/**
 * Holds the answer a form was built from: `latest` is the read's newest answer (undefined while it
 * loads); `subject` says what it is about; `versionOf` tells two answers apart.
 */
export function useHeldAnswer<T>(subject: string, latest: T | undefined, versionOf: (answer: T) => string): HeldAnswer<T> {
  const [hold, setHold] = useState<Hold<T>>({ subject, answer: latest, dirty: false, round: 0 });
  const now = follow(hold, subject, latest, versionOf);
  // Set while rendering (React's way for state that follows a prop): the form is never built from an answer it would drop.
  if (now !== hold) setHold(now);
  const onDirtyChange = useCallback((dirty: boolean) => setHold((held) => dirtied(held, dirty)), []);
  const startOver = useCallback(() => setHold(startedOver), []);
  return { ...viewOf(now, latest, versionOf), onDirtyChange, startOver };
}
