import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, setup, stateIn } from 'xstate';
import { loadMachines } from '../../scripts/statecharts/discover';
import { isInSync, renderDiagrams, syncDiagrams } from '../../scripts/statecharts/generate';
import { toMermaid, unescapeMermaid } from '../../scripts/statecharts/to-mermaid';
import { toSvg } from '../../scripts/statecharts/to-svg';
import { walkMachine } from '../../scripts/statecharts/walk-machine';
import { orderFixtureMachine, toggleFixtureMachine } from './fixtures/order.machine';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A tiny checker for the XML our renderer emits: balanced tags, quoted attributes, known entities. */
function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    const between = xml.slice(last, match.index);
    expect(between, `stray markup before <${match[2]}>`).not.toMatch(/[<>]/);
    expect(between.replace(/&(amp|lt|gt|quot|apos);/g, ''), 'bare ampersand').not.toContain('&');
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop(), `closing </${name}>`).toBe(name);
    else if (!selfClosing) stack.push(name as string);
  }
  expect(xml.slice(last).trim()).toBe('');
  expect(stack).toEqual([]);
}

describe('walkMachine', () => {
  it('lists nested states in document order and labels every kind of transition', () => {
    const model = walkMachine(orderFixtureMachine);
    expect(model.states.map((s) => s.key)).toEqual([
      'viewing',
      'editing',
      'editing.lines',
      'editing.lines.empty',
      'editing.lines.filled',
      'editing.notes',
      'editing.notes.hidden',
      'editing.notes.shown',
      'saving',
      'failed',
      'saved',
      'done',
      'cancelled',
    ]);
    const labels = model.transitions.map((t) => `${t.source} -> ${t.targets.join(',')} : ${t.label}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        ' -> cancelled : CANCEL',
        'editing -> saving : SUBMIT [and(hasLines, not(isLocked))]',
        'editing ->  : TOUCH',
        'editing.lines.filled -> viewing : DISCARD',
        'saving -> saved : done: saveOrder',
        'saving -> failed : error: saveOrder',
        'failed -> viewing : after 30000ms',
        'failed -> saving : after autoRetry (2000ms) [canRetry]',
        'saved -> done : always',
      ]),
    );
  });
});

describe('toMermaid', () => {
  const mermaid = toMermaid(walkMachine(orderFixtureMachine), 'tests/statecharts/fixtures/order.machine.ts');
  const readable = unescapeMermaid(mermaid);

  it('emits a stateDiagram-v2 with initial, composite, parallel and final states', () => {
    expect(mermaid.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(mermaid).toContain('  [*] --> viewing\n');
    expect(mermaid).toContain('  state editing {\n');
    expect(mermaid).toContain('    state editing_lines {\n      [*] --> editing_lines_empty\n');
    expect(mermaid).toMatch(/\n {4}}\n {4}--\n {4}state "notes" as editing_notes\n/);
    expect(mermaid).toContain('  done --> [*]\n');
    expect(mermaid).toContain('  cancelled --> [*]\n');
    expect(mermaid).toContain('note right of saving : invokes saveOrder');
  });

  it('labels transitions with event, guard, delay, actor outcome and always', () => {
    for (const line of [
      'viewing --> editing : EDIT',
      'editing --> saving : SUBMIT [and(hasLines, not(isLocked))]',
      'saving --> saved : done: saveOrder',
      'saving --> failed : error: saveOrder',
      'failed --> viewing : after 30000ms',
      'failed --> saving : after autoRetry (2000ms) [canRetry]',
      'saved --> done : always',
      'any_state --> cancelled : CANCEL',
      'editing_lines_filled --> editing_lines_filled : ADD_LINE',
    ]) {
      expect(readable).toContain(line);
    }
  });

  it('declares an edge inside the innermost composite holding both ends', () => {
    const inside = mermaid.slice(mermaid.indexOf('state editing_lines {'), mermaid.indexOf('--\n'));
    expect(inside).toContain('editing_lines_empty --> editing_lines_filled : ADD_LINE');
    expect(inside).not.toContain('DISCARD');
    expect(mermaid).toContain('\n  editing_lines_filled --> viewing : DISCARD\n');
  });

  it('escapes characters that would end a Mermaid label', () => {
    expect(mermaid).toContain('saving --> saved : done#58; saveOrder');
    expect(mermaid.split('\n').filter((l) => l.includes(' --> ') && l.split(':').length > 2)).toEqual([]);
  });
});

describe('toSvg', () => {
  const svg = toSvg(walkMachine(orderFixtureMachine));

  it('is well-formed XML with a size and every state label', () => {
    assertWellFormedXml(svg);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+(\.\d)?" height="\d+(\.\d)?"/);
    for (const state of walkMachine(orderFixtureMachine).states) {
      const name = state.path[state.path.length - 1] as string;
      expect(svg).toContain(`data-state="${state.key}"`);
      expect(svg).toMatch(new RegExp(`>${name}<`));
    }
  });

  it('draws initial markers, arrows and transition labels', () => {
    expect(svg.match(/class="initial"/g)).toHaveLength(3); // root, editing.lines, editing.notes
    expect(svg).toContain('marker-end="url(#arrow)"');
    for (const label of ['EDIT', 'done: saveOrder', 'error: saveOrder', 'after 30000ms', 'always', 'RETRY']) {
      expect(svg).toContain(`>${label}</text>`);
    }
    expect(svg).toContain('invoke saveOrder');
    expect(svg).toContain('↻ TOUCH');
  });

  it('is deterministic and uses fixed number formatting', () => {
    expect(toSvg(walkMachine(orderFixtureMachine))).toBe(svg);
    expect(svg).not.toMatch(/\d\.\d{2,}/);
    expect(svg).not.toContain('NaN');
  });
});

describe('unusual machine shapes', () => {
  // Plain createMachine: inline actors and guards are what is under test here.
  const odd = createMachine({
    id: 'odd',
    type: 'parallel',
    states: {
      player: {
        initial: 'default',
        states: {
          default: { on: { PLAY: 'playing' } },
          playing: {
            invoke: { src: fromPromise(async () => 1), onDone: 'default' },
            on: { BACK: 'hist', PAUSE: { target: 'default', guard: stateIn({ end: 'muted' }) } },
          },
          hist: { type: 'history', history: 'deep' },
        },
      },
      end: {
        initial: 'loud',
        states: { loud: { on: { MUTE: { target: 'muted', guard: ({ event }) => event.type === 'MUTE' } } }, muted: {} },
      },
    },
  });
  const model = walkMachine(odd);

  it('renders a parallel root, history, inline actors and guards, and Mermaid keywords as names', () => {
    const mermaid = unescapeMermaid(toMermaid(model));
    expect(mermaid).toContain('state "default" as player_default');
    expect(mermaid).toContain('state "H*" as player_hist');
    expect(mermaid).toContain('player_playing --> player_hist : BACK');
    expect(mermaid).toContain('player_playing --> player_default : PAUSE [in({"end":"muted"})]');
    expect(mermaid).toContain('player_playing --> player_default : done: inline actor');
    expect(mermaid).toContain('end_loud --> end_muted : MUTE [inline guard]');
    expect(mermaid).toContain('state s_end {');
    expect(mermaid).not.toMatch(/^ {2}--$/m);
    const svg = toSvg(model);
    assertWellFormedXml(svg);
    expect(svg).toContain('>H*</text>');
    expect(svg).toContain('class="cluster" data-state="player"');
  });
});

describe('renderDiagrams + syncDiagrams', () => {
  const tempDirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statecharts-'));
    tempDirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const entries = [
    { machine: toggleFixtureMachine, sourceFile: 'machines/toggle.machine.ts' },
    { machine: orderFixtureMachine, sourceFile: 'machines/order.machine.ts' },
  ];

  it('renders .mmd, .svg per machine and a README, identically on every run', () => {
    const files = renderDiagrams(entries);
    expect(files.map((f) => f.name)).toEqual(['README.md', 'orderFixture.mmd', 'orderFixture.svg', 'toggleFixture.mmd', 'toggleFixture.svg']);
    expect(renderDiagrams([...entries].reverse())).toEqual(files);
    const readme = files[0]?.content ?? '';
    expect(readme).toContain(
      '| `orderFixture` | Editing and saving an order | [orderFixture.svg](orderFixture.svg) | no browser paths yet | [orderFixture.mmd](orderFixture.mmd) | [machines/order.machine.ts](../../machines/order.machine.ts) |',
    );
    expect(readme).toContain('| `toggleFixture` | toggleFixture |');
    // A machine whose browser coverage diagram is recorded links it.
    const linked = renderDiagrams(entries, new Set(['toggleFixture']))[0]?.content ?? '';
    expect(linked).toContain('| [toggleFixture.svg](toggleFixture.svg) | [coverage/toggleFixture.svg](coverage/toggleFixture.svg) |');
  });

  it('check mode reports nothing after a write, then detects stale, missing and extra files', () => {
    const dir = tempDir();
    const files = renderDiagrams(entries);
    expect(syncDiagrams(dir, files, 'check').missing).toHaveLength(5);
    expect(syncDiagrams(dir, files, 'write').written).toHaveLength(5);
    expect(isInSync(syncDiagrams(dir, files, 'check'))).toBe(true);

    fs.appendFileSync(path.join(dir, 'orderFixture.svg'), '<!-- hand edit -->');
    fs.rmSync(path.join(dir, 'toggleFixture.mmd'));
    fs.writeFileSync(path.join(dir, 'removedMachine.svg'), '<svg/>');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'kept');
    const report = syncDiagrams(dir, files, 'check');
    expect(report).toMatchObject({
      stale: ['orderFixture.svg'],
      missing: ['toggleFixture.mmd'],
      extra: ['removedMachine.svg'],
      written: [],
      deleted: [],
    });
    expect(isInSync(report)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'removedMachine.svg'))).toBe(true);

    const fixed = syncDiagrams(dir, files, 'write');
    expect(fixed.written).toEqual(['orderFixture.svg', 'toggleFixture.mmd']);
    expect(fixed.deleted).toEqual(['removedMachine.svg']);
    expect(isInSync(syncDiagrams(dir, files, 'check'))).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('kept');
  });

  it('detects a machine change as stale diagrams', () => {
    const dir = tempDir();
    syncDiagrams(dir, renderDiagrams(entries), 'write');
    const changed = setup({ actors: { ping: fromPromise(async () => 'pong') } }).createMachine({
      id: 'toggleFixture',
      initial: 'off',
      context: { n: 0 },
      states: {
        off: { on: { TOGGLE: { target: 'on', actions: assign({ n: 1 }) } } },
        on: { invoke: { src: 'ping', onDone: 'off' } },
      },
    });
    const report = syncDiagrams(dir, renderDiagrams([entries[1]!, { machine: changed, sourceFile: 'machines/toggle.machine.ts' }]), 'check');
    expect(report.stale).toEqual(['toggleFixture.mmd', 'toggleFixture.svg']);
  });
});

describe('loadMachines', () => {
  it('finds every exported machine once in *.machine.ts files', async () => {
    const entries = await loadMachines(repoRoot, 'tests/statecharts/fixtures');
    expect(entries.map((e) => [e.machine.id, e.sourceFile])).toEqual([
      ['orderFixture', 'tests/statecharts/fixtures/order.machine.ts'],
      ['toggleFixture', 'tests/statecharts/fixtures/order.machine.ts'],
    ]);
  });
});
