import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';

// One frame for every screen in the shell (decision 0195): breadcrumbs or a back link, the title
// (the page's only h1), its actions on the right, then the content; one content width and one left
// edge everywhere. After a navigation inside the app, focus moves to the heading so keyboard and
// screen-reader users start at the new page rather than on the link they left.

export interface Crumb {
  label: string;
  /** The current page (the last crumb) has none. */
  href?: string;
}

export interface PageLayoutProps {
  title: ReactNode;
  /** Shown under the title (a status badge, dates, an intro sentence). */
  subtitle?: ReactNode;
  back?: { href: string; label: string };
  breadcrumbs?: readonly Crumb[];
  /** Buttons on the right of the title (column chooser, export, create). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The width every screen's content shares; the left edge is the shell's content padding. */
export const PAGE_CONTENT_CLASS = 'flex w-full max-w-7xl flex-col gap-4';

export function PageLayout(props: PageLayoutProps) {
  const heading = useHeadingFocusAfterNavigation();
  return (
    <div className={PAGE_CONTENT_CLASS} data-testid="page-layout">
      {props.breadcrumbs ? <Breadcrumbs crumbs={props.breadcrumbs} /> : null}
      {props.back ? (
        <Link href={props.back.href} className="self-start text-sm text-brand underline underline-offset-2">
          <span aria-hidden>← </span>
          {props.back.label}
        </Link>
      ) : null}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none" data-page-heading>
            {props.title}
          </h1>
          {props.subtitle ? <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">{props.subtitle}</div> : null}
        </div>
        {props.actions ? <div className="flex flex-wrap items-center gap-2">{props.actions}</div> : null}
      </header>
      {props.children}
    </div>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('common.breadcrumbs')}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-700">
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden>/</span> : null}
            {crumb.href ? (
              <Link href={crumb.href} className="text-brand underline underline-offset-2">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

// The first screen of a visit keeps the browser's own starting point (the skip link comes first);
// every later path change inside the app moves focus to the new page's heading.
let lastPathname: string | undefined;

function useHeadingFocusAfterNavigation() {
  const heading = useRef<HTMLHeadingElement>(null);
  const [pathname] = useLocation();
  useEffect(() => {
    const navigated = lastPathname !== undefined && lastPathname !== pathname;
    lastPathname = pathname;
    if (navigated && !heading.current?.contains(document.activeElement)) heading.current?.focus({ preventScroll: false });
  }, [pathname]);
  return heading;
}
