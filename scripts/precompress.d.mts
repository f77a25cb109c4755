export const PENDING: string;
export function precompressed(names: string[]): string[];
export function precompress(dir: string, names: string[]): Promise<void>;
export function precompressPending(dir: string): Promise<void>;
