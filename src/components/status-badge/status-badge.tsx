import type { ReactNode } from 'react';
import { TONES, type Tone } from '../../lib/status-tones';

/**
 * A status as a small coloured pill. The tone comes from the enumeration's map in
 * src/lib/status-tones.ts (one map per status enumeration), the words from i18n.
 */
export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  const colours = TONES[tone];
  return (
    <span
      data-testid="status-badge"
      data-tone={tone}
      className="inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap"
      style={{ backgroundColor: colours.background, color: colours.text }}
    >
      {children}
    </span>
  );
}
