import type { LightMyRequestResponse } from 'fastify';

/** What a browser keeps: each answer's Set-Cookie applied in arrival order, cleared cookies dropped. */
export class CookieJar {
  readonly cookies: Record<string, string>;

  constructor(initial: Record<string, string> = {}) {
    this.cookies = { ...initial };
  }

  take(response: LightMyRequestResponse): this {
    for (const cookie of response.cookies) {
      const expired = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (cookie.value === '' || expired) delete this.cookies[cookie.name];
      else this.cookies[cookie.name] = cookie.value;
    }
    return this;
  }

  copy(): CookieJar {
    return new CookieJar(this.cookies);
  }
}

/** The value a response set for a cookie, if it set one. */
export function setCookie(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}
