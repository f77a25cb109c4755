import { PSEUDO_CLOSE, PSEUDO_OPEN } from './pseudo-locale';

// The en-XA transformation (decision 0480), apart from ./pseudo-locale.ts so that a visit in English does not download it.

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

// What must pass through untouched: interpolations ({{name}}), nested keys ($t(...)) and markup (<strong>).
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]+>)/;

/** One catalogue string in en-XA: accented outside its placeholders, lengthened by a third, bracketed. */
export function pseudoString(text: string): string {
  if (text.trim() === '') return text;
  const parts = text.split(KEPT);
  let letters = 0;
  const accented = parts
    .map((part, index) => {
      if (index % 2 === 1) return part;
      letters += part.length;
      return part.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter);
    })
    .join('');
  return `${PSEUDO_OPEN}${accented}${'~'.repeat(Math.ceil(letters / 3))}${PSEUDO_CLOSE}`;
}

/** A catalogue (nested objects of strings) in en-XA. */
export function pseudoCatalogue<T>(node: T): T {
  if (typeof node === 'string') return pseudoString(node) as T;
  if (Array.isArray(node)) return node.map((entry: unknown) => pseudoCatalogue(entry)) as T;
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, pseudoCatalogue(value)])) as T;
  return node;
}
