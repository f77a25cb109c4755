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
