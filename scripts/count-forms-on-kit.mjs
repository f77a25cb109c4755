// node scripts/count-forms-on-kit.mjs <git ref>: the forms in src/ (outside the kit) and how many are on the kit,
// found with the same tests as tests/forms/forms-on-kit.test.ts, read from the commit.
import { execFileSync } from 'node:child_process';
const ref = process.argv[2] ?? 'HEAD';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 26 });
const isForm = (text) => /<form[\s>]/.test(text) || (/<FormDialog\b/.test(text) && /\bonSubmit=/.test(text));
const usesKit = (text) => /import\s*\{[^}]*\buseForm\b[^}]*\}\s*from\s*'[^']*\/form\/use-form'/.test(text);
const files = git('ls-tree', '-r', '--name-only', ref, 'src')
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('src/components/form/'));
const forms = files.map((f) => ({ f, text: git('show', `${ref}:${f}`) })).filter(({ text }) => isForm(text));
const on = forms.filter(({ text }) => usesKit(text));
console.log(
  `${ref}: ${on.length} of ${forms.length} forms on the kit; off the kit: ${forms
    .filter((x) => !usesKit(x.text))
    .map((x) => x.f)
    .join(', ')}`,
);
