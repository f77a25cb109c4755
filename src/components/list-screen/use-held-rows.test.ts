import { describe, expect, it } from 'vitest';
import type { ListPage } from './list-screen';
import { heldRows, type HeldPage } from './use-held-rows';

// The "new rows" rule of a list that updates live (issue 38): rows arriving by themselves never move the
// rows a user is reading; they wait behind "N new rows". Driven here the way useHeldRows drives it on each
// render: the page it remembers, the newest answer, the view the user asked for.

interface Row {
  id: string;
  status: string;
}

const page = (...rows: Array<string | Row>): ListPage<Row> => {
  const items = rows.map((row) => (typeof row === 'string' ? { id: row, status: 'Paid' } : row));
  return { items, total: items.length };
};
const VIEW = JSON.stringify([0, 25, [{ id: 'createdAt', desc: true }], {}]);

/** A list screen as its hook runs it: each answer is one render; the button applies what it was offered. */
function readingList(enabled = true) {
  let held: HeldPage<Row> | undefined;
  let offered: HeldPage<Row> | undefined;
  let last = { shown: [] as string[], newRows: 0 };
  const render = (data: ListPage<Row> | undefined, view = VIEW, isPlaceholderData = false) => {
    const outcome = heldRows(held, { data, isPlaceholderData }, (row) => row.id, view, enabled);
    if (outcome.remember) held = outcome.remember;
    offered = outcome.onShowNew;
    last = { shown: outcome.shown?.items.map((row) => `${row.id}:${row.status}`) ?? [], newRows: outcome.newRows };
    return last;
  };
  return {
    render,
    clickNewRows: () => {
      if (offered) held = offered;
    },
  };
}

describe('rows that arrive by themselves', () => {
  it('do not move the rows being read: the refetched page waits behind "N new rows", shown on a click', () => {
    const list = readingList();
    expect(list.render(page('o3', 'o2', 'o1'))).toEqual({ shown: ['o3:Paid', 'o2:Paid', 'o1:Paid'], newRows: 0 });
    // Two payments arrive (a live update refetched the list): newest first, they would push every row down.
    const refetched = page('o5', 'o4', 'o3', 'o2', 'o1');
    expect(list.render(refetched)).toEqual({ shown: ['o3:Paid', 'o2:Paid', 'o1:Paid'], newRows: 2 });
    // Another render of the same answer (a hover, a timer) keeps them where they are.
    expect(list.render(refetched)).toEqual({ shown: ['o3:Paid', 'o2:Paid', 'o1:Paid'], newRows: 2 });
    list.clickNewRows();
    expect(list.render(refetched)).toEqual({ shown: ['o5:Paid', 'o4:Paid', 'o3:Paid', 'o2:Paid', 'o1:Paid'], newRows: 0 });
  });

  it('a row that leaves a full page as another arrives is not swapped under the reader either', () => {
    const list = readingList();
    list.render(page('o3', 'o2', 'o1'));
    expect(list.render(page('o4', 'o3', 'o2'))).toEqual({ shown: ['o3:Paid', 'o2:Paid', 'o1:Paid'], newRows: 1 });
  });

  it('a change in place (a status) shows at once, with no button', () => {
    const list = readingList();
    list.render(page('o3', 'o2', 'o1'));
    expect(list.render(page('o3', { id: 'o2', status: 'Refunded' }, 'o1'))).toEqual({ shown: ['o3:Paid', 'o2:Refunded', 'o1:Paid'], newRows: 0 });
  });

  it('another view the user asks for (a sort, a page) shows what it answers, and is held from then on', () => {
    const list = readingList();
    list.render(page('o3', 'o2', 'o1'));
    list.render(page('o4', 'o3', 'o2', 'o1'));
    const byAmount = JSON.stringify([0, 25, [{ id: 'amount', desc: true }], {}]);
    // While the sorted page loads, the previous rows stay as placeholder.
    expect(list.render(page('o4', 'o3', 'o2', 'o1'), byAmount, true).newRows).toBe(0);
    expect(list.render(page('o1', 'o4', 'o2', 'o3'), byAmount)).toEqual({ shown: ['o1:Paid', 'o4:Paid', 'o2:Paid', 'o3:Paid'], newRows: 0 });
    expect(list.render(page('o9', 'o1', 'o4', 'o2', 'o3'), byAmount)).toEqual({ shown: ['o1:Paid', 'o4:Paid', 'o2:Paid', 'o3:Paid'], newRows: 1 });
  });

  it('a list that does not hold (no holdNewRows) shows every answer as it comes', () => {
    const list = readingList(false);
    list.render(page('o3', 'o2', 'o1'));
    expect(list.render(page('o4', 'o3', 'o2', 'o1'))).toEqual({ shown: ['o4:Paid', 'o3:Paid', 'o2:Paid', 'o1:Paid'], newRows: 0 });
  });
});
