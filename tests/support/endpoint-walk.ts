import { endpoints } from '../../contract/endpoints';
import type { Endpoint } from '../../contract/endpoint';
import { TENANT } from '../../contract/product';

// The walk over every endpoint of the contract that the "no server error" tests share: which
// endpoints, their path parameters, and a path filled with the values a test wants to try.

export { endpoints };

/** Path parameters whose value selects the route rather than being input: they keep their one valid value. */
const FIXED_PARAMS: Record<string, string> = { tenant: TENANT, provider: 'credentials' };

/** The `{param}` names of a path that take input. */
export function inputParams(endpoint: Endpoint): string[] {
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).filter((name) => !(name in FIXED_PARAMS));
}

/** The path with every input parameter filled by `value`, as given (encode it yourself), the fixed ones by their valid value. */
export function filledPath(endpoint: Endpoint, value: string | ((name: string) => string)): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name in FIXED_PARAMS ? FIXED_PARAMS[name]! : typeof value === 'string' ? value : value(name),
  );
}
