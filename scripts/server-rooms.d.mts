// Types of scripts/server-rooms.mjs for the tests that read it.
export interface RoomImport {
  /** The importing file, relative to server/. */
  file: string;
  specifier: string;
  from: string;
  to: string;
}
export function serverRoomImports(): RoomImport[];
export function backwardImports(imports?: RoomImport[]): Array<RoomImport & { reason: string }>;
export function roomCycles(imports?: RoomImport[]): string[][];
export function mutualPairs(imports?: RoomImport[]): string[];
export interface ServerSource {
  /** The file, relative to server/. */
  file: string;
  text: string;
}
export function serverSources(): ServerSource[];
export function domainOfContract(contractPath: string): string | undefined;
export function registrationsAcross(sources?: ServerSource[]): Array<{ file: string; names: string[]; of: string; reason: string }>;
