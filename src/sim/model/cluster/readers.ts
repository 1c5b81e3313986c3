/**
 * The cluster's readers: consumers (isolation.level, follower fetching) and the read-process-write
 * processor (at_least_once / exactly_once_v2). STUB: reads nothing until the readers land.
 */
import type { ClusterScenario } from '../../../scenario/schema.ts';
import type { ClusterCore, ClusterReaders } from './read-api.ts';

export function createReaders(core: ClusterCore, consumers: ClusterScenario['consumers'], processor: ClusterScenario['processor']): ClusterReaders {
  void core;
  return {
    changed() {},
    applyFault() {},
    takeInterval: () => ({ p50: null, p99: null }),
    stats: () => ({
      consumers: consumers.map((c) => ({ name: c.name, records: 0, duplicates: 0, abortedSkipped: 0, abortedRead: 0, e2e: { p50: null, p99: null, mean: null, count: 0 }, crossRackBytes: 0, fetches: 0, followerShare: null, fetchesFrom: null })),
      processor: processor === null ? null : { processed: 0, outputs: 0, commits: 0, aborts: 0, abortedRecords: 0, crashes: 0, reprocessed: 0, state: 'running', uncommitted: 0, committed: 0 },
    }),
    stored: () => 0,
  };
}
