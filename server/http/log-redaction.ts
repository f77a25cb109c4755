import type { FastifyRequest } from 'fastify';

// What the request log may keep of an address (decision 0346). Its query values and the token in a
// guest payment page's, a payment link's or an export's path are keys to someone's money or account
// (a password reset, an invitation, a payable link, a signed download): whoever reads the log must
// not be able to use them. Parameter names stay, so a line still says what was asked.

const TOKEN_PATHS = [
  // The guest's payment page and its API: /pay/<token>, /pay/api/v1/links/<token>/pay.
  /^(\/pay\/(?:api\/v\d+\/links\/)?)(?!api\/)[^/?]+/,
  // An export's status, stop and download: /order/export/<token>, /payouts/export/stop/<token>, /export-files/<token>.
  /(\/export(?:-files)?\/(?:stop\/)?)[^/?]+/,
];

export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt < 0 ? url : url.slice(0, queryAt);
  for (const pattern of TOKEN_PATHS) path = path.replace(pattern, '$1[redacted]');
  if (queryAt < 0) return path;
  const names = url
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${path}?${names.join('&')}`;
}

/** Fastify's request serializer, with the address redacted. */
export function loggedRequest(request: FastifyRequest) {
  return { method: request.method, url: redactedUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
