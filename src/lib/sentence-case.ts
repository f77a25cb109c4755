/**
 * A message as a sentence starts (issue 11: "export ready" -> "Export ready"). Server problem
 * details and the spec's catalogue words are written in lower case; shown to a user, their first
 * letter is a capital. Nothing else changes, so names and codes inside keep their case.
 */
export function sentenceCase(text: string): string {
  const start = text.search(/\S/);
  if (start < 0) return text;
  return text.slice(0, start) + text.charAt(start).toLocaleUpperCase('en') + text.slice(start + 1);
}

/**
 * A message as a whole sentence (issue 34: toasts switched between "this payment link has already been used" and
 * sentences): a capital first and a full stop last, unless it already ends as a sentence, a list or a quote does.
 */
export function asSentence(text: string): string {
  const trimmed = sentenceCase(text).trimEnd();
  if (!trimmed) return trimmed;
  return /[.!?…:;)"'”’]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
