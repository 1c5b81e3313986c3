/**
 * What a lesson's "What to watch" bullet may point at: for each model, the on-screen elements its
 * page shows, by `data-testid`. A bullet names them in the lesson file (`- [chart-lag] The lag
 * chart: …`, see `./lesson.ts`); the page highlights them while the bullet is hovered or focused.
 *
 * An element inside a tab that is not always open (the event log, W vs ρ) names that tab: the page
 * shows where it is, and opens the tab when the bullet is activated.
 *
 * test/content/watch-targets.test.ts checks that every bullet of every lesson names targets from
 * its model's list and that each listed target is rendered by that model's panels;
 * test/e2e/lesson.spec.ts that each one is a visible element in the browser, in both languages.
 */

export interface WatchTarget {
  /** The tab (`Shell.svelte`'s tool tabs: a model tab's id, `wrho` or `sweep`) the element is shown in. */
  tab?: string;
  /**
   * What presenter mode makes of it: a counters-strip cell, a panel of the main area (shown
   * alone), or a part of such a panel (`within`: the panel shown for it). Left out: neither (the
   * strip as a whole, a tool tab).
   */
  present?: { counter: true } | { panel: true } | { within: string };
}

/** Counters strip cells of the Kafka page (`src/app/panels/kafka/counters.ts`). */
const KAFKA_COUNTERS = ['k-lag', 'k-lagS', 'k-rebalances', 'k-idle', 'k-duplicates', 'k-lost', 'k-skipped', 'k-ordering', 'k-dlq', 'k-produced'] as const;

/** Counters strip cells of the station page (`src/app/panels/station/counters.ts`). */
const STATION_COUNTERS = ['stat-lambda', 'stat-throughput', 'stat-utilization', 'stat-W', 'stat-Wq', 'stat-pBlock', 'stat-p50', 'stat-p99', 'stat-arrivals', 'stat-completed'] as const;

/** Counters strip cells of the queue page (`src/app/panels/queue/counters.ts`; q-empty for SQS, q-requeued for RabbitMQ; with a RabbitMQ node q-memory, q-alarms, q-gaveUp and q-refused in place of q-inFlight, q-duplicates, q-dlq and q-requeued). */
const QUEUE_COUNTERS = ['q-depth', 'q-inFlight', 'q-oldest', 'q-throughput', 'q-W', 'q-duplicates', 'q-dlq', 'q-lost', 'q-stored', 'q-empty', 'q-requeued', 'q-memory', 'q-alarms', 'q-gaveUp', 'q-refused'] as const;

/** Counters strip cells of the cluster page (`src/app/panels/cluster/counters.ts`; c-outDup and c-aborted with a processor; c-throughput, c-requests and c-busy with request costs; c-buffer … c-expired with a web front). */
const CLUSTER_COUNTERS = ['c-lost', 'c-failed', 'c-duplicates', 'c-unavailable', 'c-ner', 'c-underRep', 'c-produceP99', 'c-throughput', 'c-requests', 'c-busy', 'c-e2eP99', 'c-crossRack', 'c-outDup', 'c-aborted', 'c-elections', 'c-buffer', 'c-blocked', 'c-sendP99', 'c-gateway', 'c-answered', 'c-refused', 'c-expired'] as const;

/** Counters strip cells of the dependency page (`src/app/panels/service/counters.ts`). */
const SERVICE_COUNTERS = ['s-offered', 's-goodput', 's-overload', 's-recovery', 's-amp', 's-wasted', 's-failWait', 's-failed', 's-W'] as const;
/** Counters strip cells of the storage page (`src/app/panels/storage/counters.ts`). */
const STORAGE_COUNTERS = ['s-log', 's-keys', 's-dirty', 's-cleaner', 's-tombstones', 's-restore', 's-missing', 's-resurrected', 's-restoreTime'] as const;
/** Counters strip cells of the outbox page (`src/app/panels/outbox/counters.ts`). */
const OUTBOX_COUNTERS = ['o-rows', 'o-events', 'o-missing', 'o-phantom', 'o-duplicates', 'o-dupEffects', 'o-backlog', 'o-delay', 'o-lag'] as const;

/** Counters strip cells of the pipeline page (`src/app/panels/pipeline/counters.ts`; p-first with several sources, p-resp and p-failed with callers, p-blocked where a buffer blocks, p-paused where a stage pauses). */
const PIPELINE_COUNTERS = ['p-in', 'p-done', 'p-W', 'p-p99', 'p-resp', 'p-failed', 'p-first', 'p-age', 'p-backlog', 'p-lost', 'p-blocked', 'p-paused'] as const;

const each = (ids: readonly string[], t: WatchTarget): Record<string, WatchTarget> => Object.fromEntries(ids.map((id) => [id, t]));
const COUNTER: WatchTarget = { present: { counter: true } };
const PANEL: WatchTarget = { present: { panel: true } };
/** The Sweep tool (every page has it): a lesson that suggests a sweep (`sweep:`) points at it. */
const SWEEP_TOOL = { 'param-sweep': { tab: 'sweep' } } as const;

export const WATCH_TARGETS: Record<'kafka' | 'station' | 'queue' | 'cluster' | 'service' | 'storage' | 'pipeline' | 'outbox', Readonly<Record<string, WatchTarget>>> = {
  kafka: {
    counters: {},
    ...SWEEP_TOOL,
    ...each(KAFKA_COUNTERS, COUNTER),
    topology: PANEL,
    /** The producer boxes of the topology (drawn "dead" when a producer stops sending). */
    producer: { present: { within: 'topology' } },
    ...each(['chart-lag', 'chart-lag-seconds', 'chart-heatmap', 'chart-throughput', 'chart-latency', 'chart-little'], PANEL),
    /** A group with an autoscaler: members and idle members over time (in the heat map's place), and its line under the topology. */
    'chart-members': PANEL,
    autoscaler: { present: { within: 'topology' } },
    'event-log': { tab: 'log' },
    'chart-wrho': { tab: 'wrho' },
  },
  queue: {
    counters: {},
    ...SWEEP_TOOL,
    ...each(QUEUE_COUNTERS, COUNTER),
    topology: PANEL,
    /** Parts of the topology: producers, the queue box, the consumers with their leases / prefetch slots, FIFO groups, a RabbitMQ node's memory band. */
    ...each(['producer', 'queue-box', 'consumer', 'fifo-groups', 'node-box'], { present: { within: 'topology' } }),
    ...each(['chart-depth', 'chart-oldest', 'chart-throughput', 'chart-latency', 'chart-memory', 'chart-publish'], PANEL),
    'event-log': { tab: 'log' },
    'chart-wrho': { tab: 'wrho' },
  },
  cluster: {
    counters: {},
    ...SWEEP_TOOL,
    ...each(CLUSTER_COUNTERS, COUNTER),
    topology: PANEL,
    /**
     * Parts of the topology: broker columns, partition rows and their replica cells (leader, ISR,
     * log-end offset, HW/LSO), the partitions not listed, the controller, producers, the processor
     * and the consumers.
     */
    ...each(['broker', 'partition-row', 'replica', 'partitions-more', 'controller', 'producer', 'processor', 'consumer'], { present: { within: 'topology' } }),
    ...each(['chart-records', 'chart-isr', 'chart-produce', 'chart-e2e', 'chart-io', 'chart-busy', 'chart-buffer', 'chart-send', 'chart-front', 'chart-dropped'], PANEL),
    'event-log': { tab: 'log' },
  },
  service: {
    counters: {},
    ...SWEEP_TOOL,
    ...each(SERVICE_COUNTERS, COUNTER),
    topology: PANEL,
    /** Parts of the topology: the clients, the retry policy and budget, the breaker, the queue, the servers. */
    ...each(['clients-box', 'retry-box', 'breaker-box', 'queue-box', 'servers-box'], { present: { within: 'topology' } }),
    ...each(['chart-load', 'chart-goodput', 'chart-latency', 'chart-breaker'], PANEL),
    'event-log': { tab: 'log' },
  },
  storage: {
    counters: {},
    ...SWEEP_TOOL,
    ...each(STORAGE_COUNTERS, COUNTER),
    topology: PANEL,
    /** Parts of the topology: a partition's strip, its segments, the reader's marker, the producer and reader line. */
    ...each(['partition-log', 'segment', 'reader-pos', 'producer', 'reader-state'], { present: { within: 'topology' } }),
    ...each(['chart-log', 'chart-dirty', 'chart-restore'], PANEL),
    'event-log': { tab: 'log' },
  },
  pipeline: {
    counters: {},
    ...SWEEP_TOOL,
    ...each(PIPELINE_COUNTERS, COUNTER),
    topology: PANEL,
    /** Parts of the topology: the sources (a caller's timeout), the stages (workers, buffer fill, drops, the calls they make), a paused stage's badge, the stage that responds. */
    ...each(['source-box', 'source-timeout', 'stage-box', 'stage-calls', 'paused-badge', 'respond-badge'], { present: { within: 'topology' } }),
    ...each(['chart-backlog', 'chart-throughput', 'chart-latency', 'chart-response'], PANEL),
    'event-log': { tab: 'log' },
  },
  outbox: {
    counters: {},
    ...SWEEP_TOOL,
    ...each(OUTBOX_COUNTERS, COUNTER),
    topology: PANEL,
    /** Parts of the topology: the app, the database and its outbox, the relay, the topic, the consumer, the crash point. */
    ...each(['app-box', 'db-box', 'relay-box', 'topic-box', 'consumer-box', 'crash-point'], { present: { within: 'topology' } }),
    ...each(['chart-gap', 'chart-dups', 'chart-delay'], PANEL),
    'event-log': { tab: 'log' },
  },
  station: {
    counters: {},
    ...SWEEP_TOOL,
    ...each(STATION_COUNTERS, COUNTER),
    /** The number in system over time, with the theory line. */
    'series-chart': PANEL,
    /** Little's law: L and λ·W with their intervals. */
    'little-panel': PANEL,
    'chart-wrho': { tab: 'wrho' },
  },
};

/** The target `id` of `model`, or undefined when that model's page has no such element. */
export function watchTarget(model: string, id: string): WatchTarget | undefined {
  const list = (WATCH_TARGETS as Record<string, Readonly<Record<string, WatchTarget>>>)[model];
  return list && Object.hasOwn(list, id) ? list[id] : undefined;
}

/** Presenter mode shows at most this many panels and counters. */
export const PRESENT_PANELS = 3;
export const PRESENT_COUNTERS = 4;

/** What presenter mode shows: the main area's panels and the counters strip's cells, by `data-testid`. */
export interface PresentView {
  panels: string[];
  counters: string[];
  /** Most panels that fit, large, beside the lesson (a model whose panels are dense shows fewer); default {@link PRESENT_PANELS}. */
  maxPanels?: number;
}

/**
 * The panels and counters that matter for a lesson, for presenter mode: those its Watch bullets
 * name, in the order named (a part of a panel brings its panel), at most {@link PRESENT_PANELS}
 * and {@link PRESENT_COUNTERS}; `fallback`'s where the lesson names none.
 */
export function presentView(model: string, watched: readonly (readonly string[])[], fallback: PresentView): PresentView {
  const panels: string[] = [];
  const counters: string[] = [];
  const add = (list: string[], id: string, max: number): void => {
    if (list.length < max && !list.includes(id)) list.push(id);
  };
  for (const id of watched.flat()) {
    const p = watchTarget(model, id)?.present;
    if (!p) continue;
    if ('counter' in p) add(counters, id, PRESENT_COUNTERS);
    else add(panels, 'panel' in p ? id : p.within, fallback.maxPanels ?? PRESENT_PANELS);
  }
  return { panels: panels.length > 0 ? panels : fallback.panels.slice(0, fallback.maxPanels ?? PRESENT_PANELS), counters: counters.length > 0 ? counters : [...fallback.counters] };
}
