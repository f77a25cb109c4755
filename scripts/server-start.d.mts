import type { ChildProcess } from 'node:child_process';

export const FACTOR: number;
export const MARGIN_MS: number;
export const UNMEASURED_ALLOWANCE_MS: number;
export function startAllowance(measuredMs: number | undefined): number;
export interface SeedRate {
  added: number;
  of: number;
  ordersPerSecond: number;
  deadlineInMs: number;
}
/** Milliseconds the start took. */
export function waitForServerStart(options: {
  child: ChildProcess;
  baseURL: string;
  name: string;
  allowanceMs?: number;
  onRate?: (rate: SeedRate) => void;
}): Promise<number>;
