// Matching a location to a route of the table, apart from the permission rules so that the first load
// (the public routes) can match without them (decision 0571).

export const ID_PLACEHOLDER = '[id]';

export function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|\\]/g, '\\$&').replace(/\[id\]/g, '([^/]+)');
  return new RegExp(`^${escaped}/?$`);
}

export function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The route a location shows, `[id]` matching one path segment. */
export function routeOf<R extends { path: string }>(routes: readonly R[], pathname: string): R | undefined {
  const path = trimSlash(pathname);
  return routes.find((route) => route.path === path) ?? routes.find((route) => route.path.includes(ID_PLACEHOLDER) && patternOf(route.path).test(path));
}
