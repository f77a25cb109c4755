import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSignedInTranslations } from '../../i18n/i18n';
import { Field } from './field';
import { MoneyInput } from './money-input';

// The markup a screen reader meets: label -> control, description and error by aria attributes.
beforeAll(async () => {
  await loadSignedInTranslations();
});

const render = (element: ReturnType<typeof createElement>): string => renderToStaticMarkup(element);

/** Attributes of the first element of a tag in the rendered markup (node has no DOM). */
const attributesOf = (html: string, tag: string): Record<string, string> => {
  const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  return Object.fromEntries([...(match?.[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [name, value]));
};
const idOf = (html: string, text: string) => new RegExp(`id="([^"]+)"[^>]*>${text}<`).exec(html)?.[1];

describe('Field', () => {
  it('ties the label, the description and the error to the control', () => {
    const html = render(
      createElement(Field, {
        label: 'Amount',
        description: 'Before tax',
        error: 'Too much',
        required: true,
        children: (control) => createElement('input', control),
      }),
    );
    const input = attributesOf(html, 'input');
    expect(attributesOf(html, 'label').for).toBe(input.id);
    expect(input['aria-describedby']?.split(' ')).toEqual([idOf(html, 'Before tax'), idOf(html, 'Too much')]);
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-errormessage']).toBe(idOf(html, 'Too much'));
    expect(input['aria-required']).toBe('true');
  });

  it('marks nothing invalid without an error', () => {
    const html = render(createElement(Field, { label: 'Amount', children: (control) => createElement('input', control) }));
    const input = attributesOf(html, 'input');
    expect(input['aria-invalid']).toBeUndefined();
    expect(input['aria-describedby']).toBeUndefined();
  });
});

describe('MoneyInput', () => {
  const money = (value: number | null, currency: string) => render(createElement(MoneyInput, { label: 'Refund', value, currency, onChange: () => undefined }));

  it('shows minor units in the currency’s own decimals, with the currency beside the field', () => {
    expect(attributesOf(money(1250, 'EUR'), 'input').value).toBe('12.50');
    expect(attributesOf(money(1200, 'JPY'), 'input').value).toBe('1200');
    expect(attributesOf(money(1234, 'KWD'), 'input').value).toBe('1.234');
    expect(money(1234, 'KWD')).toContain('>KWD</span>');
    expect(money(1200, 'JPY')).toMatch(/inputmode="numeric"/i);
  });
});
