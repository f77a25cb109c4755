import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA: the rules the accessibility gate holds every screen to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Finding {
  id: string;
  help: string;
  targets: string;
}

/**
 * The serious and critical axe-core findings on the page as it is now.
 *
 * One `axe.run` in the page itself (legacy mode): the default runs axe per frame and then finishes in
 * a new blank page, injecting axe's 600 KB three times and opening a page per scan, which measured
 * about 40 % more browser CPU for the same findings. Our screens have no cross-origin frames, the one
 * case that needs the per-frame mode. Only violations are reported back: passes are not read.
 */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).join(', '),
    }));
}
