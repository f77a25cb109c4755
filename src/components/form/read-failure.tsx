import { useTranslation } from 'react-i18next';

// A form built from a read: when the read fails, what is said depends on whether it ever answered.
// A first read that failed leaves nothing to show, so its failure stands in the form's place. A read
// that answered and then failed to answer again (the connection dropped, the server was restarting)
// still has its answer: the form stays, with what the user typed in it, and the failure is said above
// it. Before, every failure replaced the form, and a refetch's failure threw the typing away.

/** The parts of a React Query result this needs. */
export interface Read {
  isError: boolean;
  data: unknown;
  error: Error | null;
}

/** The read never answered: its failure stands in place of the form. */
export const neverAnswered = (read: Read): boolean => read.isError && read.data === undefined;

/** The read's failure in words: in the form's place when it never answered, above the kept form when it answered before. */
export function ReadFailure({ read }: { read: Read }) {
  const { t } = useTranslation();
  if (!read.isError) return null;
  const message = read.error?.message ?? '';
  return (
    <p role="alert" data-testid={neverAnswered(read) ? 'read-failed' : 'read-failed-again'} className="text-sm text-red-800">
      {neverAnswered(read) ? message : t('components.readFailure.again', { message })}
    </p>
  );
}
