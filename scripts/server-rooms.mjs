// `node scripts/server-rooms.mjs`: every import inside server/ that runs against the direction of its
// rooms (eslint/server-rooms.js, docs/architecture.md "The import rule"), and the cycles between rooms.
// Prints one line per backward import, then the counts. `--quiet` prints the counts only.
// It also prints the registrations across rooms: each domain registers its own routes (docs/architecture.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { DOMAIN_USES, ENTRY_POINTS, roomOf, roomViolation } from '../eslint/server-rooms.js';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'server');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [full] : [];
  });
}

/** Every source file of server/ (migrations left out): { file, text }, file relative to server/. */
export function serverSources() {
  return sourceFiles(server).map((file) => ({ file: path.relative(server, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));
}

/**
 * The domain a contract file belongs to by its name (decision 0605): the domain named like it
 * (`payment-settings.ts`, `kyc/endpoints.ts`), or the domain of its first word (`transaction-payments.ts`
 * is the transactions'). Undefined when no domain is named after it (`auth.ts`, `exports.ts`).
 */
export function domainOfContract(contractPath) {
  const domains = Object.keys(DOMAIN_USES);
  const name = contractPath.replace(/\.ts$/, '');
  const [top] = name.split('/');
  if (domains.includes(top)) return top;
  const [word] = top.split('-');
  return domains.find((domain) => domain === `${word}s` || domain === `${word}es`);
}

const IMPORT_LIST = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g;

/**
 * Routes registered by another room than their domain's: a file that registers the endpoints of another
 * domain's contract file, and a file (not a composition root) that imports another folder's route or
 * module registration. Each: { file, names, of, reason }.
 */
export function registrationsAcross(sources = serverSources()) {
  return sources.flatMap(({ file, text }) => {
    const room = roomOf(file);
    if (ENTRY_POINTS.includes(room)) return [];
    return [...text.matchAll(IMPORT_LIST)].flatMap(([, list, specifier]) => {
      const names = list.split(',').map((name) =>
        name
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          .trim(),
      );
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (target.startsWith('../contract/')) {
        const owner = domainOfContract(target.slice('../contract/'.length));
        const tables = names.filter((name) => name.endsWith('Endpoints'));
        if (!owner || owner === room || tables.length === 0 || !text.includes('registerEndpoint(')) return [];
        return [{ file, names: tables, of: owner, reason: `registers the endpoints of domain "${owner}" (contract/${target.slice(12)}.ts)` }];
      }
      if (target.startsWith('..')) return [];
      const to = roomOf(target);
      const registrations = names.filter((name) => /^register[A-Z]\w*(Routes|Module|Actions)$/.test(name));
      if (to === room || registrations.length === 0 || !Object.hasOwn(DOMAIN_USES, to)) return [];
      return [{ file, names: registrations, of: to, reason: `registers routes of domain "${to}" (${specifier})` }];
    });
  });
}

/** Every import between two rooms of server/: { file, specifier, from, to } (paths relative to server/). */
export function serverRoomImports() {
  return sourceFiles(server).flatMap((file) => {
    const relativeFile = path.relative(server, file);
    // Type-only imports count too: they tie a room to another room's shapes just the same.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ specifier, target: path.relative(server, path.resolve(path.dirname(file), specifier)) }))
      .filter(({ target }) => !target.startsWith('..'))
      .map(({ specifier, target }) => ({ file: relativeFile, specifier, from: roomOf(relativeFile), to: roomOf(target) }))
      .filter(({ from, to }) => from !== to);
  });
}

/** The imports that run against the direction, each with the reason. */
export function backwardImports(imports = serverRoomImports()) {
  return imports.flatMap((entry) => {
    const reason = roomViolation(entry.from, entry.to);
    return reason ? [{ ...entry, reason }] : [];
  });
}

/** The groups of rooms that reach each other through imports (strongly connected, two rooms or more). */
export function roomCycles(imports = serverRoomImports()) {
  const next = new Map();
  for (const { from, to } of imports) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from).add(to);
  }
  // Tarjan's algorithm.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  function connect(room) {
    index.set(room, counter);
    low.set(room, counter);
    counter += 1;
    stack.push(room);
    onStack.add(room);
    for (const other of next.get(room)) {
      if (!index.has(other)) {
        connect(other);
        low.set(room, Math.min(low.get(room), low.get(other)));
      } else if (onStack.has(other)) low.set(room, Math.min(low.get(room), index.get(other)));
    }
    if (low.get(room) === index.get(room)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== room);
      if (group.length > 1) groups.push(group.sort());
    }
  }
  for (const room of [...next.keys()].sort()) if (!index.has(room)) connect(room);
  return groups;
}

/** Pairs of rooms that import each other directly. */
export function mutualPairs(imports = serverRoomImports()) {
  const arrows = new Set(imports.map(({ from, to }) => `${from} -> ${to}`));
  return [...arrows]
    .map((arrow) => arrow.split(' -> '))
    .filter(([from, to]) => from < to && arrows.has(`${to} -> ${from}`))
    .map(([from, to]) => `${from} <-> ${to}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const imports = serverRoomImports();
  const backward = backwardImports(imports);
  const cycles = roomCycles(imports);
  if (!process.argv.includes('--quiet')) {
    for (const entry of backward) console.log(`${entry.file} -> ${entry.specifier}  [${entry.from} -> ${entry.to}] ${entry.reason}`);
    for (const group of cycles) console.log(`cycle: ${group.join(', ')}`);
  }
  const across = registrationsAcross();
  if (!process.argv.includes('--quiet')) for (const entry of across) console.log(`${entry.file}: ${entry.names.join(', ')}  ${entry.reason}`);
  const arrows = new Set(backward.map(({ from, to }) => `${from} -> ${to}`));
  console.log(
    `backward imports: ${backward.length} in ${new Set(backward.map(({ file }) => file)).size} files (${arrows.size} room arrows: ${[...arrows].sort().join(', ') || 'none'})`,
  );
  console.log(
    `room cycles: ${cycles.length} (${cycles.map((group) => group.join(' ~ ')).join('; ') || 'none'}); rooms importing each other: ${mutualPairs(imports).join(', ') || 'none'}`,
  );
  console.log(`registrations across rooms: ${across.length} in ${new Set(across.map(({ file }) => file)).size} files`);
}
