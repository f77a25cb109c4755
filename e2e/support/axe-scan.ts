import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * axe-core's own minified build, the version @axe-core/playwright pins (resolved from it, so the two
 * cannot differ): evaluated once per document, where the builder evaluated the 1.5 MB unminified build
 * twice per scan (decision 0651).
 */
const AXE_SOURCE = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  id: string;
  help: string;
  targets: string;
}

interface AxeWindow {
  axe?: {
    configure(options: unknown): void;
    run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
  };
}

/**
 * The serious and critical axe-core findings on the page as it is now.
 *
 * One `axe.run` in the page itself over the whole document, with axe's default rules (every rule but
 * the experimental ones: the WCAG 2.1 A and AA rules and axe's best practices; the scans with
 * @axe-core/playwright ran the same set, its tag filter being replaced by the options given after it).
 * Our screens have no cross-origin frames, the one case that needs axe's per-frame mode. Only
 * violations are reported back: passes are not read. axe is evaluated into a document once: a screen
 * reached inside the app (no reload) is scanned by the copy already there.
 */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  const present = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
  if (!present) {
    await page.evaluate(AXE_SOURCE);
    await page.evaluate(() => (window as AxeWindow).axe!.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } }));
  }
  const violations = await page.evaluate(async () => {
    const results = await (window as AxeWindow).axe!.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.targets.join(', ') }));
}
