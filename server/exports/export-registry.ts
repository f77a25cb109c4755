import type { FastifyInstance } from 'fastify';
import type { ExportType } from '../../contract/exports';
import type { ExportSource } from './export-source';
import type { ExportWorker } from './export-worker';

// The export machinery knows no domain (decision 0190): each domain module registers the source of
// its export type here, the worker asks the registry for it, and a domain's start route nudges the
// worker through it. One room per app, so test apps side by side never share sources or workers.

interface ExportRoom {
  sources: Partial<Record<ExportType, ExportSource>>;
  worker?: ExportWorker;
}

const rooms = new WeakMap<FastifyInstance, ExportRoom>();

function roomOf(app: FastifyInstance): ExportRoom {
  let room = rooms.get(app);
  if (!room) rooms.set(app, (room = { sources: {} }));
  return room;
}

/** A domain's export: the rows, cells and headers of `exportType` (orders: TRANSACTION, payouts: PAYOUT). */
export function registerExportSource(app: FastifyInstance, exportType: ExportType, source: ExportSource): void {
  const room = roomOf(app);
  if (room.sources[exportType]) throw new Error(`an export source for ${exportType} is already registered`);
  room.sources[exportType] = source;
}

export function exportSourcesOf(app: FastifyInstance): Partial<Record<ExportType, ExportSource>> {
  return { ...roomOf(app).sources };
}

export function attachExportWorker(app: FastifyInstance, worker: ExportWorker | undefined): void {
  roomOf(app).worker = worker;
}

/** A job was just created here: look for it now rather than at the next poll (no worker in this instance: another one polls). */
export function nudgeExportWorker(app: FastifyInstance): void {
  roomOf(app).worker?.nudge();
}
