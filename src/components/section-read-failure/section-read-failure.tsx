import { useTranslation } from 'react-i18next';
import { ResponseError } from '../../lib/failure-message';
import { neverAnswered, type Read } from '../form/read-failure';

// A section built from a read of its own (a log, a history, an audit trail): when the read fails it says so,
// in the words the section gives it. Before, a failed first read left "Loading…" on screen for good, or the
// section's "nothing yet" sentence, which was untrue, or nothing at all (decision 0722).

/** An answer that arrived but is outside the contract: the list of its mismatches is for developers, not for the page. */
function answeredButUnreadable(error: Error | null): boolean {
  return error instanceof ResponseError && error.status >= 200 && error.status < 300;
}

/**
 * The read's failure in the section's words: `never` (a catalogue key) when it never answered, in the section's
 * place; `again`, when given, above what it read before. Each sentence takes the reason as `{{message}}`.
 */
export function SectionReadFailure({ read, never, again }: { read: Read; never: string; again?: string }) {
  const { t } = useTranslation();
  if (!read.isError) return null;
  const first = neverAnswered(read);
  if (!first && !again) return null;
  const message = answeredButUnreadable(read.error) ? t('components.readFailure.unreadableAnswer') : (read.error?.message ?? '');
  return (
    <p role="alert" data-testid={first ? 'read-failed' : 'read-failed-again'} className="text-sm text-red-800">
      {t(first ? never : (again as string), { message })}
    </p>
  );
}
