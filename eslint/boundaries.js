// Import boundaries of the architecture (docs/architecture.md "The import rule"), enforced at
// lint time:
// - machines/ are framework-agnostic: no React, no DOM/fetch code, nothing from src/ or server/;
// - server/ imports nothing from src/;
// - contract/ is shared by both sides, so it imports from neither;
// - the SPA is layered src/components + src/lib -> src/features -> src/app: a feature never imports
//   another feature or the shell (src/app); shared code (components, lib) imports neither. Features
//   reach the session, the active property, notifications and sign-out cleanup through src/lib;
// - src/components holds UI that knows no domain of the product (decision 0600): from contract/ it reads
//   only what every domain shares, and no folder of it is named for a domain;
// - inside server/ the rooms run one way: platform below domains, the demo seed on top, no cycle
//   between domains (eslint/server-rooms.js).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { roomOf, roomViolation } from './server-rooms.js';

const root = path.resolve(import.meta.dirname, '..');
const browserOnlyPackages = [
  'react',
  'react-dom',
  '@xstate/react',
  '@tanstack/react-query',
  '@tanstack/react-table',
  'wouter',
  'react-hot-toast',
  'react-i18next',
  '@headlessui/react',
];

function area(absolutePath) {
  const relative = path.relative(root, absolutePath).split(path.sep);
  if (relative[0] === 'src' && relative[1] === 'features' && relative[2]) return { top: 'src', layer: 'features', feature: relative[2] };
  if (relative[0] === 'src') return { top: 'src', layer: relative[1], feature: undefined };
  return { top: relative[0], layer: undefined, feature: undefined };
}

// What src/components may read from contract/ (decision 0600): the parts every domain shares, not a domain's own
// module. endpoint/problem: the shape of a call and its refusal; paging/ranges: every list; exports: every list's
// export; capabilities: who may do what where (the SPA's lib answers it for every screen); link-state: the payment
// link's state words, which every screen showing an order or a link uses alike (decision 0535); money, currency,
// text, versions: shared rules.
const SHARED_CONTRACT = new Set(['endpoint', 'problem', 'paging', 'ranges', 'exports', 'capabilities', 'link-state', 'money', 'currency', 'text', 'versions']);

// The names of the product's domains (docs/decisions/0601: the glossary): every feature folder, and the other names
// the server or the wire gives the same domains. A folder of src/components by one of these names is domain code.
const featureFolders = existsSync(path.join(root, 'src/features'))
  ? readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const DOMAIN_NAMES = new Set([...featureFolders, 'orders', 'payments', 'merchant-config', 'vcc', 'guest-payment', 'settings-forms']);

/** Why a file of src/components is domain code; undefined when it is not (decision 0600). */
function componentsDomainFolder(absoluteFile) {
  const relative = path.relative(root, absoluteFile).split(path.sep);
  if (relative[0] !== 'src' || relative[1] !== 'components' || relative.length < 4) return undefined;
  const folder = relative[2];
  return DOMAIN_NAMES.has(folder) ? `src/components/${folder} is named for a domain: domain code lives in its feature, src/features/<feature>` : undefined;
}

function contractModuleOf(absoluteTarget) {
  return path
    .relative(path.join(root, 'contract'), absoluteTarget)
    .split(path.sep)
    .join('/')
    .replace(/\.(ts|tsx|js)$/, '');
}

function isPackage(source, names) {
  return names.some((name) => source === name || source.startsWith(`${name}/`));
}

const serverRoot = path.join(root, 'server');

/** Why an import between two files of server/ runs against the rooms' direction; undefined when it may. */
function serverRoomViolation(absoluteFile, absoluteTarget) {
  const file = path.relative(serverRoot, absoluteFile).split(path.sep).join('/');
  const target = path.relative(serverRoot, absoluteTarget).split(path.sep).join('/');
  return roomViolation(roomOf(file), roomOf(target));
}

function violation(fileArea, source, target) {
  if (fileArea.top === 'machines') {
    if (isPackage(source, browserOnlyPackages)) return `machines/ must not import React or browser code ("${source}")`;
    if (target && ['src', 'server'].includes(target.top)) return `machines/ must not import from ${target.top}/`;
  }
  if (fileArea.top === 'server' && target?.top === 'src') return 'server/ must not import from src/';
  if (fileArea.top === 'contract' && target && ['src', 'server', 'machines'].includes(target.top)) return `contract/ must not import from ${target.top}/`;
  if (fileArea.feature && target?.feature && target.feature !== fileArea.feature)
    return `feature "${fileArea.feature}" must not import feature "${target.feature}"; move shared code to src/components or src/lib`;
  if (fileArea.feature && target?.top === 'src' && target.layer === 'app')
    return `feature "${fileArea.feature}" must not import the shell (src/app); reach shared state through src/lib`;
  if ((fileArea.layer === 'components' || fileArea.layer === 'lib') && target?.top === 'src' && (target.layer === 'features' || target.layer === 'app'))
    return `src/${fileArea.layer} must not import src/${target.layer}; shared code depends on nothing above it`;
  return undefined;
}

/** Why a file of src/components imports a domain's module of contract/; undefined when it may (decision 0600). */
function componentsContractViolation(fileArea, absoluteTarget) {
  if (fileArea.layer !== 'components' || !absoluteTarget) return undefined;
  const module = contractModuleOf(absoluteTarget);
  if (module.startsWith('..') || SHARED_CONTRACT.has(module)) return undefined;
  return `src/components must not import the domain module contract/${module}: domain code lives in its feature, src/features/<feature> (decision 0600)`;
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { boundary: '{{message}}' } },
  create(context) {
    const fileArea = area(context.filename);
    const domainFolder = componentsDomainFolder(path.resolve(context.filename));
    function checkFolder(node) {
      if (domainFolder)
        context.report({ node, messageId: 'boundary', data: { message: `${domainFolder} (decision 0600) (docs/architecture.md, "The import rule")` } });
    }
    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      const source = node.source.value;
      const target = source.startsWith('.') ? area(path.resolve(path.dirname(context.filename), source)) : undefined;
      const resolved = source.startsWith('.') ? path.resolve(path.dirname(context.filename), source) : undefined;
      const message =
        violation(fileArea, source, target) ??
        componentsContractViolation(fileArea, resolved) ??
        (fileArea.top === 'server' && target?.top === 'server' ? serverRoomViolation(path.resolve(context.filename), resolved) : undefined);
      if (message) context.report({ node, messageId: 'boundary', data: { message: `${message} (docs/architecture.md, "The import rule")` } });
    }
    return { Program: checkFolder, ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const boundariesPlugin = { rules: { boundaries: rule } };
