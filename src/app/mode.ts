/**
 * Which view a URL opens: the Kafka playground for Kafka links (valid, or decodable enough to be
 * recognised as Kafka and repaired), the queueing-station page for everything else (including bad
 * links, which that page explains).
 */
import { decodeShare } from '../scenario/index.ts';
import { rawFromHash } from './kafka/repair.ts';

export type Mode = 'station' | 'kafka';

export function modeOf(href: string, hash: string): Mode {
  if (hash.length <= 1) return 'station';
  const r = decodeShare(href);
  if (r.ok) return r.scenario.model === 'kafka' ? 'kafka' : 'station';
  return rawFromHash(hash)?.model === 'kafka' ? 'kafka' : 'station';
}

export const currentMode = (): Mode => modeOf(location.href, location.hash);
