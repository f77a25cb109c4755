import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dirtied, follow, startedOver, useHeldAnswer, viewOf, type Hold } from './use-held-answer';

// The hold on the answer a form was built from (decision 0680), step by step as the form lives: the
// read's answers come, the form reports typing, the user saves or asks for the current values.

interface Answer {
  updatedAt: string;
  name: string;
}
const version = (answer: Answer) => answer.updatedAt;
const mine: Answer = { updatedAt: '2026-01-01T10:00:00Z', name: 'Mine' };
const theirs: Answer = { updatedAt: '2026-01-01T10:05:00Z', name: 'Theirs' };
const start: Hold<Answer> = { subject: 'group-1', answer: mine, dirty: false, round: 0 };

describe('the answer a form holds', () => {
  it('follows a newer answer while nothing is typed: the form is built again from it', () => {
    const next = follow(start, 'group-1', theirs, version);
    expect(next.answer).toBe(theirs);
    expect(viewOf(next, theirs, version).key).not.toBe(viewOf(start, mine, version).key);
    expect(viewOf(next, theirs, version).overtaken).toBe(false);
  });

  it('keeps its own answer (and key) while the form holds typing, and says a newer one has come', () => {
    const typing = dirtied(start, true);
    const next = follow(typing, 'group-1', theirs, version);
    expect(next).toBe(typing);
    expect(viewOf(next, theirs, version)).toEqual({ answer: mine, key: viewOf(start, mine, version).key, overtaken: true });
  });

  it('changes nothing when the answer is the same one or none has come (still loading, a failed refetch)', () => {
    expect(follow(start, 'group-1', { ...mine }, version)).toBe(start);
    expect(follow(start, 'group-1', undefined, version)).toBe(start);
    expect(dirtied(start, false)).toBe(start);
    expect(viewOf(dirtied(start, true), mine, version).overtaken).toBe(false);
  });

  it('takes the first answer when it comes', () => {
    const loading: Hold<Answer> = { subject: 'group-1', answer: undefined, dirty: false, round: 0 };
    expect(follow(loading, 'group-1', mine, version).answer).toBe(mine);
  });

  it('starts over from the newest answer when asked, though the form still holds typing (own save, "show the current settings")', () => {
    const held = follow(dirtied(start, true), 'group-1', theirs, version);
    const next = follow(startedOver(held), 'group-1', theirs, version);
    expect(next.answer).toBe(theirs);
    expect(viewOf(next, theirs, version).overtaken).toBe(false);
    // Even from the same answer, a fresh start builds the form again.
    const same = follow(startedOver(dirtied(start, true)), 'group-1', mine, version);
    expect(same.answer).toBe(mine);
    expect(viewOf(same, mine, version).key).not.toBe(viewOf(start, mine, version).key);
  });

  it('never keeps an answer about something else (another scope or property), typed or not', () => {
    const other: Answer = { updatedAt: mine.updatedAt, name: 'Other group' };
    const next = follow(dirtied(start, true), 'group-2', other, version);
    expect(next).toEqual({ subject: 'group-2', answer: other, dirty: false, round: 0 });
    expect(viewOf(next, other, version).key).not.toBe(viewOf(start, mine, version).key);
  });
});

describe('useHeldAnswer', () => {
  it('gives the form the first answer and a key to build it with', () => {
    let seen: ReturnType<typeof useHeldAnswer<Answer>> | undefined;
    const Probe = () => {
      seen = useHeldAnswer('group-1', mine, version);
      return null;
    };
    renderToStaticMarkup(createElement(Probe));
    expect(seen?.answer).toBe(mine);
    expect(seen?.key).toBe(viewOf(start, mine, version).key);
    expect(seen?.overtaken).toBe(false);
  });
});
