import type { MouseEvent, ReactNode } from 'react';
import { needsRenewal } from '../../lib/document-links';

interface SignedFileLinkProps {
  /** The signed access url (decision 0185). */
  href: string;
  /** A fresh url for the same file, asked for when `href` has run out. */
  renew: () => Promise<string | undefined>;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A link to a file behind a short-lived signed url, opened in a new tab. A link still valid is
 * followed as it is; one that has run out is renewed first. The tab is opened inside the click
 * (so no pop-up blocker stops it) and sent to the fresh url once the server has answered.
 */
export function SignedFileLink({ href, renew, className, 'aria-label': ariaLabel, children }: SignedFileLinkProps) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!needsRenewal(href)) return;
    event.preventDefault();
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    renew().then(
      (url) => {
        if (url && tab) tab.location.href = url;
        else tab?.close();
      },
      () => tab?.close(),
    );
  }

  return (
    <a href={href} target="_blank" rel="noreferrer" className={className} aria-label={ariaLabel} onClick={onClick}>
      {children}
    </a>
  );
}
