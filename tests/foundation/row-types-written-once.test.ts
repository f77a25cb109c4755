import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A list's row shape is written once (issue 35, decision 0610): a query built with Kysely's builder
// has its row type inferred from server/db/schema.ts; a raw `sql<Row>` statement types its row from
// the schema (`Pick<Selectable<XTable>, ...>` plus the computed columns). What this guard counts is
// the other way: a row whose columns are re-typed by hand over raw SQL.
//
// A hand row type is the type argument of `sql<...>` or `executeQuery<...>` that is
// - a name declared in the same file (or imported from a sibling server file) as an `interface` or
//   as `type Name = { ... }`, alone or in an intersection (`sql<Name & { total: string }>`), or
// - an inline object type of three columns or more (one or two are a count or a returned id).
// A type written from the schema (`type Name = Pick<Selectable<...>, ...> & {...}`) is not one.

const SERVER = path.resolve(__dirname, '../../server');

/** What remains, and why, is in decision 0610. Lower it when you type one from the schema; never raise it. */
const HAND_ROW_TYPES_LEFT = 0;

/**
 * Rows of PostgreSQL's own catalog, which server/db/schema.ts does not describe: typed by hand where they are read,
 * and not counted. Add one only for a statement that reads nothing but the catalog.
 */
const CATALOG_ROWS = new Set(['server/demo/seed-volume.ts: DroppedIndex']);

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The type argument after each `sql<` / `executeQuery<`, up to its matching `>`. */
function rowTypeArguments(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b(?:sql|executeQuery)</g)) {
    let depth = 1;
    let at = match.index + match[0].length;
    const start = at;
    for (; at < text.length && depth > 0; at += 1) {
      if (text[at] === '<') depth += 1;
      else if (text[at] === '>' && text[at - 1] !== '=') depth -= 1;
    }
    found.push(text.slice(start, at - 1).trim());
  }
  return found;
}

function declaresHandObject(text: string, name: string): boolean {
  const interfaceDecl = new RegExp(`^\\s*(?:export\\s+)?interface\\s+${name}\\b[^{]*\\{`, 'm');
  const objectAlias = new RegExp(`^\\s*(?:export\\s+)?type\\s+${name}\\s*=\\s*\\{`, 'm');
  return interfaceDecl.test(text) || objectAlias.test(text);
}

/** The file a name is imported from, when it is a relative import inside server/. */
function importedFrom(file: string, text: string, name: string): string | undefined {
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']+)'/g)) {
    const names = match[1]!.split(',').map((part) =>
      part
        .replace(/\btype\b/, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim(),
    );
    if (names.includes(name)) return path.resolve(path.dirname(file), `${match[2]}.ts`);
  }
  return undefined;
}

/** The column names of an inline object type `{ id: string; name: string }`. */
const inlineColumns = (literal: string) =>
  literal
    .replace(/^\{|\}$/g, '')
    .split(/[;,\n]/)
    .map((part) => /^\s*['"]?(\w+)['"]?\??\s*:/.exec(part)?.[1])
    .filter((name) => name !== undefined);

/** Each hand row type of a file, as `file: Name` (file relative to the repository). */
export function handRowTypes(file: string, text: string, readOther: (file: string) => string | undefined): string[] {
  const relative = path.relative(path.resolve(SERVER, '..'), file);
  const names = new Set<string>();
  for (const argument of rowTypeArguments(text)) {
    if (argument.startsWith('{')) {
      const columns = inlineColumns(argument);
      if (columns.length >= 3) names.add(`inline { ${columns.join(', ')} }`);
      continue;
    }
    for (const name of argument.match(/^[A-Z]\w*(?=\s*(?:&|$))/) ?? []) {
      if (declaresHandObject(text, name)) names.add(name);
      else {
        const source = importedFrom(file, text, name);
        const other = source ? readOther(source) : undefined;
        if (other && declaresHandObject(other, name)) names.add(name);
      }
    }
  }
  return [...names].map((name) => `${relative}: ${name}`);
}

function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

describe('row types written once', () => {
  it('finds a row re-typed by hand over raw SQL, and not one typed from the schema', () => {
    const planted = [
      'interface GuestRecord {\n  id: string;\n  guest_name: string;\n}',
      'type FromSchema = Pick<Selectable<OrdersTable>, "id"> & { merchant_name: string };',
      'const a = sql<GuestRecord>`SELECT id, guest_name FROM orders`;',
      'const b = sql<FromSchema & { n: string }>`SELECT 1`;',
      'const c = sql<{ id: string; name: string; n: number }>`SELECT 1`;',
      'const d = sql<{ n: string }>`SELECT count(*) AS n`;',
    ].join('\n');
    const found = handRowTypes(path.join(SERVER, 'planted/planted.ts'), planted, () => undefined);
    expect(found).toEqual(['server/planted/planted.ts: GuestRecord', 'server/planted/planted.ts: inline { id, name, n }']);
  });

  it(`leaves at most ${HAND_ROW_TYPES_LEFT} rows typed by hand over raw SQL in server/`, () => {
    const found = serverFiles(SERVER)
      .flatMap((file) => handRowTypes(file, readFileSync(file, 'utf8'), readIfThere))
      .filter((row) => !CATALOG_ROWS.has(row));
    expect(found.length, `Type these rows from server/db/schema.ts or build the query (decision 0610):\n${found.join('\n')}`).toBeLessThanOrEqual(
      HAND_ROW_TYPES_LEFT,
    );
  });
});
