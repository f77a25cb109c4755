import type { Page, Request } from '@playwright/test';
import { CallGate } from '../support/call-gate';

/* The KYC wizard machine's environment: every load, save and submit call of the application is held (e2e/support/call-gate.ts). */
export type GatedCall = 'load' | 'save' | 'submit';

const CONFIRMATION = /\/merchants\/confirmation\/[0-9a-f-]{36}(\/submit)?$/;

export class ApiGate extends CallGate<GatedCall> {
  constructor(page: Page) {
    super(page, '**/merchants/confirmation/**');
  }

  protected classify(request: Request): GatedCall | undefined {
    const method = request.method();
    const match = CONFIRMATION.exec(new URL(request.url()).pathname);
    if (!match) return undefined;
    if (match[1]) return method === 'POST' ? 'submit' : undefined;
    return method === 'GET' ? 'load' : method === 'POST' ? 'save' : undefined;
  }

  /** Only a load answers with the whole application; the other answers are built from it. */
  protected override keepsAnswerOf(call: GatedCall): boolean {
    return call === 'load';
  }

  /** Answers with the real application changed by `change` (e.g. as the server answers once it is under review). */
  async answer(call: GatedCall, change: (application: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    await this.answerChanged(call, call === 'load', change);
  }
}
