import type { Page, Route } from '@playwright/test';

/*
 * The environment of the wizard machine, under the test's control: every load, save and submit
 * call of the application is held until the test says how it ends (passed on to the real server,
 * failed, or answered). The machine's "done"/"error" events become exactly these decisions.
 */
export type GatedCall = 'load' | 'save' | 'submit';

const CONFIRMATION = /\/merchants\/confirmation\/[0-9a-f-]{36}(\/submit)?$/;

function classify(method: string, url: string): GatedCall | undefined {
  const match = CONFIRMATION.exec(new URL(url).pathname);
  if (!match) return undefined;
  if (match[1]) return method === 'POST' ? 'submit' : undefined;
  return method === 'GET' ? 'load' : method === 'POST' ? 'save' : undefined;
}

const OUTAGE = { type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'simulated outage' };

export class ApiGate {
  private held: Array<{ call: GatedCall; route: Route }> = [];
  /** The last real application the server answered, to build answers from. */
  lastApplication: Record<string, unknown> | undefined;

  constructor(private readonly page: Page) {}

  async install(): Promise<void> {
    await this.page.route('**/merchants/confirmation/**', async (route) => {
      const call = classify(route.request().method(), route.request().url());
      if (!call) return route.fallback();
      this.held.push({ call, route });
    });
  }

  /** Forgets calls of a page that is being left (they die with it). */
  clear(): void {
    this.held = [];
  }

  private async take(call: GatedCall): Promise<Route> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const index = this.held.findIndex((entry) => entry.call === call);
      if (index >= 0) return this.held.splice(index, 1)[0]!.route;
      if (Date.now() > deadline) throw new Error(`the app made no ${call} call (held: ${this.held.map((entry) => entry.call).join(', ') || 'none'})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async pass(call: GatedCall): Promise<void> {
    const route = await this.take(call);
    const response = await route.fetch();
    const body = await response.text();
    if (call === 'load' && response.ok()) this.lastApplication = JSON.parse(body) as Record<string, unknown>;
    await route.fulfill({ response, body });
  }

  async fail(call: GatedCall): Promise<void> {
    const route = await this.take(call);
    await route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify(OUTAGE) });
  }

  /** Answers with the real application changed by `change` (e.g. as the server answers once it is under review). */
  async answer(call: GatedCall, change: (application: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    const route = await this.take(call);
    let base = this.lastApplication;
    if (call === 'load') {
      const response = await route.fetch();
      base = JSON.parse(await response.text()) as Record<string, unknown>;
      this.lastApplication = base;
    }
    if (!base) throw new Error('no application seen yet to answer from');
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(change(structuredClone(base))),
    });
  }
}
