import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ResponseError } from '../../src/lib/failure-message';
import { createQueryClient } from '../../src/lib/query-client';

// Spec 8 "Error toast", wired for failed mutations and loads (decision 0201): what reaches it.
function clientReporting() {
  const reported: unknown[] = [];
  const client = createQueryClient((error) => reported.push(error));
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return { client, reported };
}
const refused = new ResponseError('only a Failed payout can be retried', 409, { title: 'Conflict', status: 409 });

describe('failures shown by the error toast', () => {
  it('every failed mutation, unless its screen shows the failure itself', async () => {
    const { client, reported } = clientReporting();
    await new MutationObserver(client, { mutationFn: () => Promise.reject(refused) }).mutate().catch(() => undefined);
    await new MutationObserver(client, { mutationFn: () => Promise.reject(new Error('shown in place')), meta: { errorToast: false } })
      .mutate()
      .catch(() => undefined);
    expect(reported).toEqual([refused]);
  });

  it('a failed refetch of data on screen, but not a first load (the screen shows that in place)', async () => {
    const { client, reported } = clientReporting();
    await client.fetchQuery({ queryKey: ['first'], queryFn: () => Promise.reject(new ResponseError('down', 503)) }).catch(() => undefined);
    expect(reported).toEqual([]);
    await client.fetchQuery({ queryKey: ['shown'], queryFn: () => 'rows' });
    const failure = new ResponseError('down', 503);
    await client.fetchQuery({ queryKey: ['shown'], queryFn: () => Promise.reject(failure), staleTime: 0 }).catch(() => undefined);
    expect(reported).toEqual([failure]);
  });

  it('never a 401: the session ends and sign-in says so', async () => {
    const { client, reported } = clientReporting();
    await new MutationObserver(client, { mutationFn: () => Promise.reject(new ResponseError('expired', 401)) }).mutate().catch(() => undefined);
    expect(reported).toEqual([]);
  });
});
