import type { Page, Request, Route } from '@playwright/test';

/*
 * A statechart's environment under the test's control: the page's calls that `classify` names are
 * held until the path says how each one ends: passed on to the real server, failed with an outage,
 * or answered with the server's own answer changed. The machine's "done"/"error" events become
 * exactly these decisions. The wizard gates (KYC, merchant, property) name their own calls.
 */
export const OUTAGE = { type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'simulated outage' };

export abstract class CallGate<Call extends string> {
  private held: Array<{ call: Call; route: Route }> = [];
  /** The last answer the real server gave through the gate, for answers built from it. */
  protected lastAnswer: Record<string, unknown> | undefined;

  constructor(
    protected readonly page: Page,
    private readonly urlPattern: string,
  ) {}

  /** The held call a request is, or undefined to let it through untouched. */
  protected abstract classify(request: Request): Call | undefined;

  /** Whether a passed call's answer is kept as the base of later answers (every call, unless a gate says otherwise). */
  protected keepsAnswerOf(_call: Call): boolean {
    return true;
  }

  async install(): Promise<void> {
    await this.page.route(this.urlPattern, async (route) => {
      const call = this.classify(route.request());
      if (!call) return route.fallback();
      this.held.push({ call, route });
    });
  }

  /** Forgets the calls of a page being left (they die with it). */
  clear(): void {
    this.held = [];
  }

  protected async take(call: Call): Promise<Route> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const index = this.held.findIndex((entry) => entry.call === call);
      if (index >= 0) return this.held.splice(index, 1)[0]!.route;
      if (Date.now() > deadline) throw new Error(`the app made no ${call} call (held: ${this.held.map((entry) => entry.call).join(', ') || 'none'})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async pass(call: Call): Promise<void> {
    const route = await this.take(call);
    const response = await route.fetch();
    const body = await response.text();
    if (response.ok() && this.keepsAnswerOf(call)) this.lastAnswer = JSON.parse(body) as Record<string, unknown>;
    await route.fulfill({ response, body });
  }

  async fail(call: Call): Promise<void> {
    const route = await this.take(call);
    await route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify(OUTAGE) });
  }

  /** Answers a held call with `change` applied to the server's answer: fetched first when `fetchFirst`, else the last one kept. */
  protected async answerChanged(call: Call, fetchFirst: boolean, change: (answer: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    const route = await this.take(call);
    if (fetchFirst) this.lastAnswer = JSON.parse(await (await route.fetch()).text()) as Record<string, unknown>;
    if (!this.lastAnswer) throw new Error(`no answer seen yet to answer the ${call} call from`);
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(change(structuredClone(this.lastAnswer))) });
  }
}
