import type { Page, Request } from '@playwright/test';
import { CallGate } from '../support/call-gate';

/*
 * The merchant wizard machine's environment: its load, save-step and complete calls are held
 * (e2e/support/call-gate.ts). The settings forms' own saves pass untouched.
 */
export type WizardCall = 'load' | 'save' | 'submit';

const WIZARD = /\/merchant-wizard\/[0-9a-f-]{36}(\/steps|\/complete)?$/;

export class MerchantWizardGate extends CallGate<WizardCall> {
  constructor(page: Page) {
    super(page, '**/merchant-wizard/**');
  }

  protected classify(request: Request): WizardCall | undefined {
    const method = request.method();
    const match = WIZARD.exec(new URL(request.url()).pathname);
    if (!match) return undefined;
    if (match[1] === '/steps') return method === 'POST' ? 'save' : undefined;
    if (match[1] === '/complete') return method === 'POST' ? 'submit' : undefined;
    return method === 'GET' ? 'load' : undefined;
  }

  /** Answers with the real progress changed by `change` (a load fetches it first; a complete builds on the last one seen). */
  async answer(call: WizardCall, change: (answer: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    await this.answerChanged(call, call === 'load', change);
  }
}
