import type { ServerResponse } from 'node:http';
import { LIVE_SSE_EVENTS } from '../../contract/live-events';
import { can, canSeeMerchant, type Caller } from '../auth/caller';
import type { LiveStreamConfig } from '../config';
import type { LiveEnvelope } from './live-outbox';

/**
 * Whether a caller may hear of an event: the same rules as the event's read endpoint (its permission,
 * open in the caller's merchant-group status, on a property in the caller's scope), or the export's
 * owner. server/auth/caller.ts holds both rules; the registrar and the list queries use them too.
 */
export function mayHear(caller: Caller, envelope: LiveEnvelope): boolean {
  const { audience } = envelope;
  if ('ownerUserId' in audience) return audience.ownerUserId === caller.userId;
  return can(caller, audience.resource, 'Read') && canSeeMerchant(caller, audience.merchantId);
}

export function sseFrame(event: string, id: string | undefined, data: unknown): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Why a stream ended, for the log and the tests. */
export type StreamEnd = 'client' | 'session-ended' | 'slow-client' | 'server-closing';

/**
 * One open stream: writes frames the caller may hear, a heartbeat comment, and ends itself when its
 * client stops reading, so one stalled browser cannot grow the server's memory (decision 0532): when
 * the socket is full (write answers false) the client has `drainGraceMs` to take what waits, and more
 * than `maxBufferedBytes` waiting ends it at once. A burst to a client that reads (a resume, a
 * settlement run) fills the socket for a moment and drains; only a client that does not read is cut.
 */
export class LiveStream {
  private ended = false;
  private readonly heartbeat: NodeJS.Timeout;
  /** Running while the socket is full: the client must drain before it fires. */
  private drainDeadline: NodeJS.Timeout | undefined;
  /** Until the resume is sent, live rows wait here, so none slips between the backlog and the live feed. */
  private held: LiveEnvelope[] | undefined = [];

  constructor(
    private readonly raw: ServerResponse,
    public caller: Caller,
    private readonly limits: LiveStreamConfig,
    private readonly onEnd: (why: StreamEnd) => void,
  ) {
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), limits.heartbeatMs);
    raw.on('close', () => this.end('client'));
  }

  /** A row from the bus: sent now if the caller may hear of it, or held until the resume is out. */
  offer(envelope: LiveEnvelope): void {
    if (this.held) this.held.push(envelope);
    else if (mayHear(this.caller, envelope)) this.write(sseFrame(LIVE_SSE_EVENTS.change, envelope.id, envelope.event));
  }

  /** Sends the resume (rows after the browser's position) and then the rows held meanwhile, each once. */
  resume(backlog: LiveEnvelope[]): void {
    const sent = new Set(backlog.map((envelope) => envelope.id));
    const held = this.held ?? [];
    this.held = undefined;
    for (const envelope of backlog) this.offer(envelope);
    for (const envelope of held) if (!sent.has(envelope.id)) this.offer(envelope);
  }

  control(event: string, id: string, data: unknown = {}): void {
    this.write(sseFrame(event, id, data));
  }

  write(text: string): void {
    if (this.ended) return;
    if (this.raw.writableLength + text.length > this.limits.maxBufferedBytes) {
      this.end('slow-client');
      return;
    }
    if (this.raw.write(text) || this.drainDeadline) return;
    this.drainDeadline = setTimeout(() => this.end('slow-client'), this.limits.drainGraceMs);
    this.raw.once('drain', () => {
      clearTimeout(this.drainDeadline);
      this.drainDeadline = undefined;
    });
  }

  end(why: StreamEnd): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.drainDeadline);
    if (why === 'slow-client') this.raw.destroy();
    else this.raw.end();
    this.onEnd(why);
  }

  get isEnded(): boolean {
    return this.ended;
  }
}
