import { describe, expect, it } from 'vitest';
import { ResponseError } from '../../src/lib/failure-message';
import { createQueryClient } from '../../src/lib/query-client';

// Issue 11: an unknown application id showed "Loading…" for about 7 s while its 404 was retried.
describe('query retries', () => {
  async function attemptsUntilSettled(error: Error): Promise<number> {
    const client = createQueryClient();
    // The real client's retry rule, with no wait between attempts so the test stays fast.
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    let attempts = 0;
    await client
      .fetchQuery({
        queryKey: ['probe'],
        queryFn: () => {
          attempts += 1;
          throw error;
        },
        retry: client.getDefaultOptions().queries?.retry,
      })
      .catch(() => undefined);
    return attempts;
  }

  it.each([400, 403, 404, 409, 422])('asks once when the server answers %i', async (status) => {
    expect(await attemptsUntilSettled(new ResponseError('refused', status))).toBe(1);
  });

  it('asks once when an answer arrived but could not be read (outside the contract)', async () => {
    expect(await attemptsUntilSettled(new ResponseError('items.0.eventType: Invalid option', 200, { items: [{}] }))).toBe(1);
  });

  it.each([0, 500, 503])('retries three times after a failure worth retrying (status %i)', async (status) => {
    expect(await attemptsUntilSettled(new ResponseError('failed', status))).toBe(4);
  });
});
