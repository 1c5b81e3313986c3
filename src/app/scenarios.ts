/**
 * The scenarios shipped in `scenarios/*.json`, every kind, validated once at start-up like any
 * other input, in teaching order (the default, M/M/1, first), plus each kind's blank start.
 */
import { formatError, validateScenario, type Scenario } from '../scenario/index.ts';

export const DEFAULT_SCENARIO_ID = 'mm1';

/**
 * Teaching order: queueing theory first, then the Kafka stories from simple to advanced, the queue
 * broker's (alphabetical, as before they were listed), then durability on a cluster: what acks
 * promise, what the ISR refuses, a follower that falls behind before the leader dies, elections, the idempotent producer, transactions, follower
 * fetching and the controller; then a dependency's retries and its breaker: the retry storm and
 * the circuit breaker; then storage: cleanup policies and compaction; then pipelines: a slow
 * stage, urgent work behind background work, a buffer too big, and a slow dependency in the
 * request path against the same work behind a topic; then the write path from a
 * database to a broker: the dual write and the outbox.
 */
const ORDER = [
  'mm1',
  'mmc',
  'md1',
  'mg1-heavy',
  'mm1k',
  'littles-law',
  'black-friday',
  'hot-partition',
  'consumers-gt-partitions',
  'pubsub-groups',
  'overload-5pct',
  'dead-producer',
  'add-partitions',
  'thread-pool-reorder',
  'commit-before-processing',
  'idempotent-consumer',
  'retention-reset',
  'rebalance-storm',
  'eager-vs-cooperative',
  'autoscale-by-lag',
  'poison-message',
  'attempts-in-memory',
  'schema-change',
  'retry-topics',
  'delayed-delivery',
  'dlq-replay-loop',
  'fifo-groups',
  'lease-too-short',
  'log-vs-queue',
  'memory-alarm',
  'pooling',
  'prefetch',
  'priority',
  'acks-and-isr',
  'min-insync-unavailable',
  'slow-follower-crash',
  'unclean-election',
  'idempotent-producer',
  'exactly-once',
  'follower-fetch',
  'controller-failover',
  'producer-batching',
  'producer-buffer-full',
  'retry-storm',
  'circuit-breaker',
  'compaction',
  'tombstones',
  'pipeline-stages',
  'priority-topics',
  'bufferbloat',
  'request-path',
  'dual-write-outbox',
];

const files = import.meta.glob<unknown>(['../../scenarios/*.json', '!../../scenarios/*.schema.json'], {
  eager: true,
  import: 'default',
});

function rank(id: string): number {
  const i = ORDER.indexOf(id);
  return i < 0 ? ORDER.length : i;
}

/** Validates raw scenario files; invalid ones are reported on the console and left out. */
export function validateAll(raw: Record<string, unknown>): Scenario[] {
  const out: Scenario[] = [];
  for (const [file, data] of Object.entries(raw)) {
    const r = validateScenario(data);
    if (r.ok) out.push(r.scenario);
    else console.warn(`QueueLab: skipping ${file}:\n${r.errors.map(formatError).join('\n')}`);
  }
  return out.sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

export const SHIPPED: readonly Scenario[] = validateAll(files);

/** JSON with sorted keys and without `$schema` and `seed`: equal iff the scenarios differ at most in seed. */
export function scenarioShape(s: unknown): string {
  const canon = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canon);
    if (v && typeof v === 'object') {
      const o: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) if (k !== '$schema' && k !== 'seed') o[k] = canon((v as Record<string, unknown>)[k]);
      return o;
    }
    return v;
  };
  return JSON.stringify(canon(s));
}

/** The scenario among `list` that `s` is a reseeded copy of, if any. */
export function shippedMatch<S extends Scenario>(s: Scenario, list: readonly S[]): S | undefined {
  const shape = scenarioShape(s);
  return list.find((x) => scenarioShape(x) === shape);
}
