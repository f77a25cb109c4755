import type { Page, Route } from '@playwright/test';

/**
 * Holds the browser's calls to one endpoint until the test lets each one through to the real server
 * (`release`), or, for server failures that cannot be caused honestly from outside, answers it with a
 * failure (`fail`: network fault injection at the browser, used only where a comment says why).
 * Holding only delays a call: whatever passes gets the real server's answer.
 */
export class NetworkGate {
  private held: Route[] = [];
  private waiters: Array<() => void> = [];
  private passing = false;
  /** Calls that reached the gate so far. */
  seen = 0;

  constructor(
    private readonly page: Page,
    private readonly url: RegExp,
    private readonly method: string,
  ) {}

  async install(): Promise<this> {
    await this.page.route(this.url, async (route) => {
      if (route.request().method() !== this.method) return route.fallback();
      this.seen++;
      if (this.passing) return route.continue();
      this.held.push(route);
      this.waiters.splice(0).forEach((wake) => wake());
    });
    return this;
  }

  private async next(timeoutMs = 15_000): Promise<Route> {
    const deadline = Date.now() + timeoutMs;
    while (this.held.length === 0) {
      if (Date.now() > deadline) throw new Error(`no ${this.method} ${this.url} call arrived within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.held.shift() as Route;
  }

  /** Waits for the next call and lets it reach the server. */
  async release(timeoutMs?: number): Promise<void> {
    // A call held across a reload was cancelled by the browser; skip it and let the next one through.
    for (;;) {
      try {
        return await (await this.next(timeoutMs)).continue();
      } catch (error) {
        if (String(error).includes('call arrived within')) throw error;
      }
    }
  }

  /** Waits for the next call and answers it with a problem response instead of the server. */
  async fail(status: number, detail: string, timeoutMs?: number): Promise<void> {
    const route = await this.next(timeoutMs);
    await route.fulfill({
      status,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Injected failure', status, detail }),
    });
  }

  /** Waits until a call is being held, without letting it through. */
  async waitForHeld(timeoutMs?: number): Promise<void> {
    const route = await this.next(timeoutMs);
    this.held.unshift(route);
  }

  /** From now on every call passes straight to the server (held ones too). */
  async open(): Promise<void> {
    this.passing = true;
    for (const route of this.held.splice(0)) await route.continue().catch(() => undefined);
  }

  close(): void {
    this.passing = false;
  }

  get holding(): number {
    return this.held.length;
  }
}
