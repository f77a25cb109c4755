import type { Page, Route } from '@playwright/test';

/*
 * The property wizard machine's environment under the test's control. Its load and save-step are
 * both a read of the property's overview (held in order), its finish the lifecycle calls (complete,
 * submit). The screen's own first read of the overview, which decides the wizard's steps, passes
 * untouched; the settings forms' calls are not held at all.
 */
export type PropertyWizardCall = 'overview' | 'lifecycle';

const OVERVIEW = /\/properties\/[0-9a-f-]{36}\/overview$/;
const LIFECYCLE = /\/properties\/[0-9a-f-]{36}\/lifecycle$/;
const OUTAGE = { type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'simulated outage' };

export class PropertyWizardGate {
  private held: Array<{ call: PropertyWizardCall; route: Route }> = [];
  private lastAnswer: Record<string, unknown> | undefined;
  /** The screen reads the overview once before the wizard (and its machine) exists. */
  private screenRead = true;

  constructor(private readonly page: Page) {}

  async install(): Promise<void> {
    await this.page.route('**/properties/*/*', async (route) => {
      const { pathname } = new URL(route.request().url());
      const method = route.request().method();
      const call = method === 'GET' && OVERVIEW.test(pathname) ? 'overview' : method === 'POST' && LIFECYCLE.test(pathname) ? 'lifecycle' : undefined;
      if (!call) return route.fallback();
      if (call === 'overview' && this.screenRead) {
        this.screenRead = false;
        return route.fallback();
      }
      this.held.push({ call, route });
    });
  }

  /** Forgets the calls of a page being left; the next page reads the overview for its screen first. */
  clear(): void {
    this.held = [];
    this.screenRead = true;
  }

  private async take(call: PropertyWizardCall): Promise<Route> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const index = this.held.findIndex((entry) => entry.call === call);
      if (index >= 0) return this.held.splice(index, 1)[0]!.route;
      if (Date.now() > deadline) throw new Error(`the app made no ${call} call (held: ${this.held.map((entry) => entry.call).join(', ') || 'none'})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async pass(call: 'overview'): Promise<void> {
    const route = await this.take(call);
    const response = await route.fetch();
    const body = await response.text();
    if (response.ok()) this.lastAnswer = JSON.parse(body) as Record<string, unknown>;
    await route.fulfill({ response, body });
  }

  async fail(call: PropertyWizardCall): Promise<void> {
    const route = await this.take(call);
    await route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify(OUTAGE) });
  }

  /** The overview as the server reads it, with `change` applied. */
  async answerOverview(change: (answer: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    const route = await this.take('overview');
    this.lastAnswer = JSON.parse(await (await route.fetch()).text()) as Record<string, unknown>;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(change(structuredClone(this.lastAnswer))) });
  }

  /**
   * Answers the finish's lifecycle calls (complete, then submit for a property still Created) as the server
   * would, without moving the property, so every path starts from the same wizard.
   */
  async answerFinish(calls: number): Promise<void> {
    if (!this.lastAnswer) throw new Error('no overview seen yet to answer from');
    for (let index = 0; index < calls; index++) {
      const route = await this.take('lifecycle');
      const status = index === calls - 1 ? 'PendingReview' : 'NotOnboarded';
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...this.lastAnswer, status }) });
    }
  }
}
