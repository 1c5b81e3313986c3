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
  /** The tab (`Shell.svelte`'s tool tabs: a model tab's id, or `wrho`) the element is shown in. */
  tab?: string;
}

/** Counters strip cells of the Kafka page (`src/app/panels/kafka/counters.ts`). */
const KAFKA_COUNTERS = ['k-lag', 'k-lagS', 'k-rebalances', 'k-idle', 'k-duplicates', 'k-lost', 'k-skipped', 'k-ordering', 'k-dlq', 'k-produced'] as const;

/** Counters strip cells of the station page (`src/app/panels/station/counters.ts`). */
const STATION_COUNTERS = ['stat-lambda', 'stat-throughput', 'stat-utilization', 'stat-W', 'stat-Wq', 'stat-pBlock', 'stat-p50', 'stat-p99', 'stat-arrivals', 'stat-completed'] as const;

const each = (ids: readonly string[]): Record<string, WatchTarget> => Object.fromEntries(ids.map((id) => [id, {}]));

export const WATCH_TARGETS: Record<'kafka' | 'station', Readonly<Record<string, WatchTarget>>> = {
  kafka: {
    counters: {},
    ...each(KAFKA_COUNTERS),
    topology: {},
    /** The producer boxes of the topology (drawn "dead" when a producer stops sending). */
    producer: {},
    'chart-lag': {},
    'chart-lag-seconds': {},
    'chart-heatmap': {},
    'chart-throughput': {},
    'chart-latency': {},
    'chart-little': {},
    'event-log': { tab: 'log' },
    'chart-wrho': { tab: 'wrho' },
  },
  station: {
    counters: {},
    ...each(STATION_COUNTERS),
    /** The number in system over time, with the theory line. */
    'series-chart': {},
    /** Little's law: L and λ·W with their intervals. */
    'little-panel': {},
    'chart-wrho': { tab: 'wrho' },
  },
};

/** The target `id` of `model`, or undefined when that model's page has no such element. */
export function watchTarget(model: string, id: string): WatchTarget | undefined {
  const list = (WATCH_TARGETS as Record<string, Readonly<Record<string, WatchTarget>>>)[model];
  return list && Object.hasOwn(list, id) ? list[id] : undefined;
}
