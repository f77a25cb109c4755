import type { Config, LiveStreamConfig } from '../config';

/** The stream's defaults (issue 38): a heartbeat inside the 15-30 s proxies tolerate, revocation noticed within seconds. */
export const LIVE_DEFAULTS: LiveStreamConfig = {
  heartbeatMs: 20_000,
  sessionCheckMs: 3_000,
  maxBufferedBytes: 256 * 1024,
  retentionMs: 60 * 60_000,
};

export function liveConfigOf(config: Config): LiveStreamConfig {
  return { ...LIVE_DEFAULTS, ...config.live };
}
