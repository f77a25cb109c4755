import type { Page, Route } from '@playwright/test';

/*
 * The merchant wizard machine's environment under the test's control: its load, save-step and
 * complete calls are held until the path says how they end (passed to the real server, failed
 * with an outage, or answered as the server would). The settings forms' own saves pass untouched.
 */
export type WizardCall = 'load' | 'save' | 'submit';

const WIZARD = /\/merchant-wizard\/[0-9a-f-]{36}(\/steps|\/complete)?$/;

function classify(method: string, url: string): WizardCall | undefined {
  const match = WIZARD.exec(new URL(url).pathname);
  if (!match) return undefined;
  if (match[1] === '/steps') return method === 'POST' ? 'save' : undefined;
  if (match[1] === '/complete') return method === 'POST' ? 'submit' : undefined;
  return method === 'GET' ? 'load' : undefined;
}

const OUTAGE = { type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'simulated outage' };

export class MerchantWizardGate {
  private held: Array<{ call: WizardCall; route: Route }> = [];
  private lastAnswer: Record<string, unknown> | undefined;

  constructor(private readonly page: Page) {}

  async install(): Promise<void> {
    await this.page.route('**/merchant-wizard/**', async (route) => {
      const call = classify(route.request().method(), route.request().url());
      if (!call) return route.fallback();
      this.held.push({ call, route });
    });
  }

  /** Forgets the calls of a page being left. */
  clear(): void {
    this.held = [];
  }

  private async take(call: WizardCall): Promise<Route> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const index = this.held.findIndex((entry) => entry.call === call);
      if (index >= 0) return this.held.splice(index, 1)[0]!.route;
      if (Date.now() > deadline) throw new Error(`the app made no ${call} call (held: ${this.held.map((entry) => entry.call).join(', ') || 'none'})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async pass(call: WizardCall): Promise<void> {
    const route = await this.take(call);
    const response = await route.fetch();
    const body = await response.text();
    if (response.ok()) this.lastAnswer = JSON.parse(body) as Record<string, unknown>;
    await route.fulfill({ response, body });
  }

  async fail(call: WizardCall): Promise<void> {
    const route = await this.take(call);
    await route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify(OUTAGE) });
  }

  /** Answers with the real progress changed by `change` (a load fetches it first; a complete builds on the last one seen). */
  async answer(call: WizardCall, change: (answer: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    const route = await this.take(call);
    if (call === 'load') this.lastAnswer = JSON.parse(await (await route.fetch()).text()) as Record<string, unknown>;
    if (!this.lastAnswer) throw new Error('no wizard answer seen yet to answer from');
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(change(structuredClone(this.lastAnswer))) });
  }
}
