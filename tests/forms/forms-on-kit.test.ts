import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every form in src/ is built on the form kit (src/components/form/, decision 0400): it takes its
// values, checks and server errors from the kit's `useForm`. A form is a component that renders a
// <form> element or hands a submit to the kit's <FormDialog>. A new form that keeps its fields in
// useState fails here; so does a file on the list below that has moved onto the kit (take it off).

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Forms off the kit, each only with a measured reason and its decision. Empty but for those: this test
 * fails for any other form off the kit, and once a listed one imports the kit (take it off then).
 */
// None since decision 0571: the sign-in form is on the kit, within its page's first-load budget.
const NOT_ON_THE_KIT: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A form: renders a <form> element, or gives the kit's dialog a submit (the dialog renders the <form>). */
const isForm = (text: string) => /<form[\s>]/.test(text) || (/<FormDialog\b/.test(text) && /\bonSubmit=/.test(text));
/** On the kit: its values come from the kit's useForm (not react-hook-form's own, not useState). */
const usesKit = (text: string) => /import\s*\{[^}]*\buseForm\b[^}]*\}\s*from\s*'[^']*\/form\/use-form'/.test(text);

const KIT = 'src/components/form/';
const sources = sourceFiles(join(ROOT, 'src'))
  .map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') }))
  .filter(({ file }) => !file.startsWith(KIT));
const forms = sources.filter(({ text }) => isForm(text));

/**
 * Turns a refusal into field errors by hand: reads zod's issues (or one of zod's flattened forms of
 * them), or a problem JSON's `errors`. The kit does both once: zodResolver over the contract's schema,
 * `fieldErrorsOf` for the server's, and a form's own words through useForm's `words`.
 */
const HAND_MAPPING = /\.issues\b|\bflatten(?:Error)?\(|\bfieldErrors\b|\btreeifyError\(|\bformatError\(|\bbody as \{[^}]*\berrors\b/;

/** Code outside the kit that reads issues or a problem's errors for something other than a form's field errors. */
const NOT_FIELD_ERRORS: Record<string, string> = {
  'src/lib/api-client.ts': "an answer that does not match the contract's schema becomes the failure's message",
  'src/lib/failure-message.ts': "a refusal's body that does not match its schema becomes the failure's message",
  'src/features/auth/password-policy.ts': 'the rules a new password misses, a checklist shown while typing',
  'src/features/settings/brand-assets/brand-asset-refusal.ts': "a file upload, no form: the server's rule for the file",
};

describe('forms on the form kit', () => {
  it('finds the forms (the search itself works)', () => {
    expect(forms.length).toBeGreaterThan(30);
    expect(isForm('<form onSubmit={submit}>')).toBe(true);
    expect(isForm('<FormDialog open onSubmit={form.submit(send)} />')).toBe(true);
    expect(isForm('<FormDialog open onConfirm={act} />')).toBe(false);
    expect(usesKit("import { useForm } from '../../components/form/use-form';")).toBe(true);
    expect(usesKit("import { Button } from '../form/button';\nimport { useForm } from '../form/use-form';")).toBe(true);
    expect(usesKit("import { useForm } from 'react-hook-form';")).toBe(false);
  });

  it('every form outside the list is built on the kit', () => {
    const offKit = forms.filter(({ file, text }) => !usesKit(text) && !(file in NOT_ON_THE_KIT)).map(({ file }) => file);
    expect(offKit, 'forms not built on src/components/form/use-form (see docs/adding-a-screen.md)').toEqual([]);
  });

  it('recognises a hand mapping of zod issues or problem errors (the search itself works)', () => {
    expect(HAND_MAPPING.test('for (const issue of checked.error.issues) found[issue.path[0]] = issue.message;')).toBe(true);
    expect(HAND_MAPPING.test('const { fieldErrors } = z.flattenError(result.error);')).toBe(true);
    expect(HAND_MAPPING.test('result.error.flatten()')).toBe(true);
    expect(HAND_MAPPING.test('const errors = (error.body as { errors?: unknown } | undefined)?.errors;')).toBe(true);
    expect(HAND_MAPPING.test('Object.keys(fieldErrorsOf(save.error)).length === 0')).toBe(false);
  });

  it("no code in src/ maps zod issues or a problem's errors to field errors by hand: forms use the kit's one mapping", () => {
    const byHand = sources.filter(({ file, text }) => HAND_MAPPING.test(text) && !(file in NOT_FIELD_ERRORS)).map(({ file }) => file);
    expect(byHand, "field errors mapped by hand: use useForm's schema, serverError and words (src/components/form/)").toEqual([]);
    const stale = Object.keys(NOT_FIELD_ERRORS).filter((file) => !sources.some((source) => source.file === file && HAND_MAPPING.test(source.text)));
    expect(stale, 'no longer reads issues or problem errors: take them off NOT_FIELD_ERRORS').toEqual([]);
  });

  it('the list names exactly the forms still off the kit', () => {
    const byFile = new Map(forms.map((form) => [form.file, form.text]));
    const stale = Object.keys(NOT_ON_THE_KIT).filter((file) => {
      const text = byFile.get(file);
      return text === undefined || usesKit(text);
    });
    expect(stale, 'on the kit now, or no longer a form: take them off NOT_ON_THE_KIT').toEqual([]);
  });
});
