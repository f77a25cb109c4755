import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from './openapi/build-openapi';

// `npm run openapi` writes docs/api/openapi.json from contract/; `--check` fails when it is stale.
const target = path.resolve('docs/api/openapi.json');
const generated = `${JSON.stringify(buildOpenApi(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed: string;
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    committed = '';
  }
  if (committed !== generated) {
    console.error('docs/api/openapi.json is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('docs/api/openapi.json is up to date.');
} else {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, generated);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
