// Import boundaries of the architecture (docs/architecture.md "The import rule"), enforced at
// lint time:
// - machines/ are framework-agnostic: no React, no DOM/fetch code, nothing from src/ or server/;
// - server/ imports nothing from src/;
// - contract/ is shared by both sides, so it imports from neither;
// - the SPA is layered src/components + src/lib -> src/features -> src/app: a feature never imports
//   another feature or the shell (src/app); shared code (components, lib) imports neither. Features
//   reach the session, the active property, notifications and sign-out cleanup through src/lib;
// - inside server/ the rooms run one way: platform below domains, the demo seed on top, no cycle
//   between domains (eslint/server-rooms.js).
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

const rule = {
  meta: { type: 'problem', schema: [], messages: { boundary: '{{message}}' } },
  create(context) {
    const fileArea = area(context.filename);
    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      const source = node.source.value;
      const target = source.startsWith('.') ? area(path.resolve(path.dirname(context.filename), source)) : undefined;
      const resolved = source.startsWith('.') ? path.resolve(path.dirname(context.filename), source) : undefined;
      const message =
        violation(fileArea, source, target) ??
        (fileArea.top === 'server' && target?.top === 'server' ? serverRoomViolation(path.resolve(context.filename), resolved) : undefined);
      if (message) context.report({ node, messageId: 'boundary', data: { message: `${message} (docs/architecture.md, "The import rule")` } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const boundariesPlugin = { rules: { boundaries: rule } };
