import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm as useHookForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ResponseError } from '../../lib/failure-message';
import { Button, buttonClass } from './button';
import { Field } from './field';
import { z } from 'zod';
import { fieldErrorsOf, wordFaults, type FaultWords } from './problem-errors';
import { problemDetailOf } from './problem-detail';
import { createSubmitGuard, kitResolver } from './use-form';

// The kit's parts that hold without a browser: the one reading of a problem's field errors, the
// submit guard, a Field that finds its error in the form, and a pending Button.

const problem = (body: unknown, status = 400) => new ResponseError('refused', status, body);

describe('fieldErrorsOf', () => {
  it('keys the first message of each field by the form field name, without the validator\'s "body." prefix', () => {
    const error = problem({ title: 'Bad Request', errors: { 'body.email': ['enter a valid e-mail address', 'second'], 'fees.0.amount': ['too large'] } });
    expect(fieldErrorsOf(error)).toEqual({ email: 'enter a valid e-mail address', 'fees.0.amount': 'too large' });
  });

  it('reads nothing from a failure that is not a problem with field errors', () => {
    expect(fieldErrorsOf(new Error('offline'))).toEqual({});
    expect(fieldErrorsOf(problem({ detail: 'no' }))).toEqual({});
    expect(fieldErrorsOf(problem({ errors: ['a list, not fields'] }))).toEqual({});
    expect(fieldErrorsOf(undefined)).toEqual({});
  });

  it('keeps the field the server named without the prefix when it names both', () => {
    expect(fieldErrorsOf(problem({ errors: { name: ['plain'], 'body.name': ['prefixed'] } }))).toEqual({ name: 'plain' });
  });
});

describe("a form's own words for its faults (the one mapping of schema and server errors)", () => {
  const schema = z.object({ name: z.string().min(1, 'name.missing').max(5), to: z.array(z.string().regex(/@/, 'to.invalid')) });
  /** Says the key in words; a list item's fault shows at its list's input, naming the item. */
  const words: FaultWords = ({ path, type, message }, values) => {
    const [field = path, index] = path.split('.');
    if (index === undefined) return type === 'too_big' ? `words:tooLong:${field}` : `words:${message}`;
    return { field, message: `${String((values[field] as string[])[Number(index)])}: words:${message}` };
  };
  const check = (values: { name: string; to: string[] }) =>
    kitResolver(schema, () => words)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it("puts the schema's faults in the form's words, each at its field, the first of a field only", async () => {
    const { errors } = await check({ name: 'too long', to: ['a@b', 'nobody', 'nor this'] });
    expect(errors).toEqual({
      name: { type: 'too_big', message: 'words:tooLong:name' },
      to: { type: 'invalid_format', message: 'nobody: words:to.invalid' },
    });
  });

  it("gives a good form's values as the schema's output, and without words the schema's own messages", async () => {
    expect((await check({ name: 'Ada', to: ['a@b'] })).values).toEqual({ name: 'Ada', to: ['a@b'] });
    const plain = await kitResolver(schema, () => undefined)({ name: '', to: [] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(plain.errors.name?.message).toBe('name.missing');
  });

  it("words the server's field errors the same way", () => {
    const faults = Object.entries(fieldErrorsOf(problem({ errors: { 'body.to.1': ['to.invalid'], 'body.name': ['name.missing'] } }))).map(
      ([path, message]) => ({ path, type: 'server', message }),
    );
    expect(wordFaults(faults, words, { name: '', to: ['a@b', 'nobody'] })).toEqual({
      to: { path: 'to', type: 'server', message: 'nobody: words:to.invalid' },
      name: { path: 'name', type: 'server', message: 'words:name.missing' },
    });
  });
});

describe('problemDetailOf', () => {
  it("gives the problem's sentence, else the error's message", () => {
    expect(problemDetailOf(problem({ detail: 'The user was changed by someone else.' }))).toBe('The user was changed by someone else.');
    expect(problemDetailOf(new Error('offline'))).toBe('offline');
    expect(problemDetailOf(null)).toBeNull();
  });
});

describe('createSubmitGuard', () => {
  it('runs a second submit only once the first has finished', async () => {
    const guard = createSubmitGuard();
    let finish: () => void = () => undefined;
    let runs = 0;
    const send = () => {
      runs += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const first = guard(send);
    const second = guard(send);
    expect(runs).toBe(1);
    expect(await second).toBe(false);
    finish();
    expect(await first).toBe(true);
    const third = guard(send);
    finish();
    expect(await third).toBe(true);
    expect(runs).toBe(2);
  });

  it('lets the form be sent again after a submit that failed', async () => {
    const guard = createSubmitGuard();
    await expect(guard(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await guard(() => Promise.resolve())).toBe(true);
  });
});

/** A form whose `email` field carries the given error, as the schema or the server would set it. */
function FormWithError(props: { message?: string; children: ReactNode }) {
  const form = useHookForm<{ email: string }>({
    defaultValues: { email: '' },
    errors: props.message ? { email: { type: 'server', message: props.message } } : {},
  });
  return createElement(FormProvider<{ email: string }>, { ...form, children: props.children });
}

describe('Field in a kit form', () => {
  const field = createElement(Field, { label: 'E-mail', name: 'email', children: (control) => createElement('input', control) });

  it("shows the form's error for its name and marks the control invalid", () => {
    const html = renderToStaticMarkup(createElement(FormWithError, { message: 'enter a valid e-mail address', children: field }));
    expect(html).toContain('enter a valid e-mail address');
    expect(html).toContain('aria-invalid="true"');
  });

  it('shows nothing while the field is fine', () => {
    const html = renderToStaticMarkup(createElement(FormWithError, { children: field }));
    expect(html).not.toContain('aria-invalid');
  });
});

describe('Button', () => {
  it('is a plain button unless it is said to submit', () => {
    expect(renderToStaticMarkup(createElement(Button, null, 'Save'))).toContain('type="button"');
    expect(renderToStaticMarkup(createElement(Button, { type: 'submit' }, 'Save'))).toContain('type="submit"');
  });

  it('while pending is disabled, marked busy and says what it is doing', () => {
    const html = renderToStaticMarkup(createElement(Button, { type: 'submit', pending: true, pendingLabel: 'Saving…' }, 'Save'));
    expect(html).toMatch(/<button[^>]* disabled=""/);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Saving…');
    expect(html).not.toContain('>Save<');
  });

  it('looks like what it does', () => {
    expect(buttonClass('danger')).toContain('bg-red-700');
    expect(buttonClass('primary')).toContain('bg-brand');
    expect(buttonClass('secondary', 'sm')).toContain('border-slate-300');
  });
});
