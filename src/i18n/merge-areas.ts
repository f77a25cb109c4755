export type AreaStrings = { default: Record<string, unknown> };

/** The area files' top-level keys side by side (each file holds one area: `{ "auth": {...} }`). */
export function mergeAreas(files: AreaStrings[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const file of files) Object.assign(merged, file.default);
  return merged;
}
