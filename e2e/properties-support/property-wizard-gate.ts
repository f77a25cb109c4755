import type { Page, Request } from '@playwright/test';
import { CallGate } from '../support/call-gate';

/*
 * The property wizard machine's environment (e2e/support/call-gate.ts). Its load and save-step are
 * both a read of the property's overview (held in order), its finish the lifecycle calls (complete,
 * submit). The screen's own first read of the overview, which decides the wizard's steps, passes
 * untouched; the settings forms' calls are not held at all.
 */
export type PropertyWizardCall = 'overview' | 'lifecycle';

const OVERVIEW = /\/properties\/[0-9a-f-]{36}\/overview$/;
const LIFECYCLE = /\/properties\/[0-9a-f-]{36}\/lifecycle$/;

export class PropertyWizardGate extends CallGate<PropertyWizardCall> {
  /** The screen reads the overview once before the wizard (and its machine) exists. */
  private screenRead = true;

  constructor(page: Page) {
    super(page, '**/properties/*/*');
  }

  protected classify(request: Request): PropertyWizardCall | undefined {
    const { pathname } = new URL(request.url());
    const method = request.method();
    const call = method === 'GET' && OVERVIEW.test(pathname) ? 'overview' : method === 'POST' && LIFECYCLE.test(pathname) ? 'lifecycle' : undefined;
    if (call === 'overview' && this.screenRead) {
      this.screenRead = false;
      return undefined;
    }
    return call;
  }

  /** Forgets the calls of a page being left; the next page reads the overview for its screen first. */
  override clear(): void {
    super.clear();
    this.screenRead = true;
  }

  /** The overview as the server reads it, with `change` applied. */
  async answerOverview(change: (answer: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    await this.answerChanged('overview', true, change);
  }

  /**
   * Answers the finish's lifecycle calls (complete, then submit for a property still Created) as the server
   * would, without moving the property, so every path starts from the same wizard.
   */
  async answerFinish(calls: number): Promise<void> {
    for (let index = 0; index < calls; index++) {
      const status = index === calls - 1 ? 'PendingReview' : 'NotOnboarded';
      await this.answerChanged('lifecycle', false, (answer) => ({ ...answer, status }));
    }
  }
}
