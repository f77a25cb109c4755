import type { HTMLAttributes } from 'react';

// The box a table (or a frame) wider than a phone scrolls sideways in, so the page itself does not. `relative` makes
// the box the containing block of what is positioned inside it: a visually hidden caption or column name (sr-only is
// absolutely positioned) was otherwise placed past the box's edge, and the whole payment settings list slid 76 px
// sideways at 390 px (e2e/phone-width.spec.ts).

/** A box that scrolls sideways on its own: every wide table of a screen sits in one. */
export function SidewaysScroll({ className, ...box }: HTMLAttributes<HTMLDivElement>) {
  return <div {...box} className={className ? `relative overflow-x-auto ${className}` : 'relative overflow-x-auto'} />;
}
