import { describe, expect, it } from 'vitest';
import { PERSISTED_STORE_KEY, readTablePreferences, writeTablePreferences, type KeyValueStorage } from './persisted-store';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (key) => data[key] ?? null, setItem: (key, value) => void (data[key] = value) };
}

const base = { columns: { amount: false }, sorting: [{ id: 'createdAt', desc: true }], filters: { statuses: ['Paid'] } };

describe('persisted-store (spec 3 persisted table preferences)', () => {
  it("keeps each table's columns, sorting and filters under the one 'persisted-store' entry", () => {
    const storage = memoryStorage();
    writeTablePreferences(storage, 'transactions', { ...base, pageIndex: 3 });
    writeTablePreferences(storage, 'payouts', { ...base, columns: { reference: false } });
    expect(Object.keys(storage.data)).toEqual([PERSISTED_STORE_KEY]);
    expect(readTablePreferences(storage, 'transactions')).toEqual({ ...base, pageIndex: 3 });
    expect(readTablePreferences(storage, 'payouts')).toEqual({ ...base, columns: { reference: false } });
    expect(readTablePreferences(storage, 'refunds')).toBeUndefined();
  });

  it('keeps the page index and its page size for transactions only and column pinning for refunds only', () => {
    const storage = memoryStorage();
    const pinning = { left: ['id'], right: [] };
    writeTablePreferences(storage, 'transactions', { ...base, pageIndex: 2, pageSize: 50 });
    expect(readTablePreferences(storage, 'transactions')).toEqual({ ...base, pageIndex: 2, pageSize: 50 });
    writeTablePreferences(storage, 'payouts', { ...base, pageIndex: 2, pageSize: 50, columnPinning: pinning });
    writeTablePreferences(storage, 'refunds', { ...base, pageIndex: 2, columnPinning: pinning });
    writeTablePreferences(storage, 'transactions', { ...base, columnPinning: pinning });
    expect(readTablePreferences(storage, 'payouts')).toEqual(base);
    expect(readTablePreferences(storage, 'refunds')).toEqual({ ...base, columnPinning: pinning });
    expect(readTablePreferences(storage, 'transactions')).toEqual(base);
  });

  it('survives garbage in storage and drops malformed parts', () => {
    expect(readTablePreferences(memoryStorage({ [PERSISTED_STORE_KEY]: 'not json' }), 'transactions')).toBeUndefined();
    const storage = memoryStorage({
      [PERSISTED_STORE_KEY]: JSON.stringify({
        transactions: { columns: { a: true, b: 'yes' }, sorting: [{ id: 'x' }, { id: 'y', desc: false }], filters: [], pageIndex: 1.5, pageSize: 30 },
      }),
    });
    expect(readTablePreferences(storage, 'transactions')).toEqual({ columns: { a: true }, sorting: [{ id: 'y', desc: false }], filters: {} });
  });

  it('keeps a page counted from the end (the last page of a list whose count is an estimate, decision 0460)', () => {
    const storage = memoryStorage();
    writeTablePreferences(storage, 'transactions', { ...base, pageIndex: -1 });
    expect(readTablePreferences(storage, 'transactions')).toEqual({ ...base, pageIndex: -1 });
  });
});
