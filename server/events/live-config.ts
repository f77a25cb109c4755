import type { Config, LiveStreamConfig } from '../config';

/** The stream's defaults (issue 38): a heartbeat inside the 15-30 s proxies tolerate, revocation noticed within seconds. */
export const LIVE_DEFAULTS: LiveStreamConfig = {
  heartbeatMs: 20_000,
  sessionCheckMs: 3_000,
  // Above the largest burst a healthy client is sent at once: a resume of 2,000 events is some 400 KB (decision 0532).
  maxBufferedBytes: 1024 * 1024,
  drainGraceMs: 5_000,
  retentionMs: 60 * 60_000,
  linkExpiryCheckMs: 10_000,
};

export function liveConfigOf(config: Config): LiveStreamConfig {
  return { ...LIVE_DEFAULTS, ...config.live };
}
