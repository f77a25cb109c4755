// Types of eslint/server-rooms.js for the TypeScript that reads it (tests, scripts).
export const PLATFORM: readonly string[];
export const DOMAIN_USES: Readonly<Record<string, readonly string[]>>;
export const DEMO: string;
export const ENTRY_POINTS: readonly string[];
export const PATH_ROOMS: Readonly<Record<string, string>>;
export function roomOf(relativePath: string): string;
export function roomViolation(from: string, to: string): string | undefined;
export function cycleInDomainUses(uses?: Readonly<Record<string, readonly string[]>>): string[] | undefined;
