/**
 * The page's side of the model registry: for each scenario kind, what the one page needs to show
 * it. The light part (picker heading, blank start) is here; the panels are a separate chunk per
 * model, loaded the first time a scenario of that kind opens. The shell never branches on the
 * kind: it asks this registry.
 *
 * The simulation side of the registry (model factory, summary, snapshot, theory) is
 * `src/run/registry.ts`, which only the workers, the CLI and the tests import.
 */
import type { Component } from 'svelte';
import type { Scenario } from '../scenario/index.ts';
import type { Lang } from './i18n.ts';
import type { Playground } from './shell/playground.svelte.ts';
import type { SettingsSection } from './settings/types.ts';
import type { Cols } from './charts/lineChart.ts';
import type { MetricDef } from '../run/headline.ts';
import type { PresentView } from '../content/targets.ts';
import type { LogLine } from '../run/models/kafka/snapshot.ts';
import { blankKafka } from './panels/kafka/blank.ts';
import { blankStation } from './panels/station/blank.ts';
import { blankQueue } from './panels/queue/blank.ts';
import { blankCluster } from './panels/cluster/blank.ts';
import { blankService } from './panels/service/blank.ts';
import { blankStorage } from './panels/storage/blank.ts';
import { blankPipeline } from './panels/pipeline/blank.ts';
import { blankOutbox } from './panels/outbox/blank.ts';

export type Kind = Scenario['model'];
type Of<K extends Kind> = Extract<Scenario, { model: K }>;

/** Props every model panel receives: the page's state. */
export interface PanelProps {
  pg: Playground;
}

/** One cell of the counters strip. */
export interface CounterItem {
  /** `data-testid` of the cell; its `data-value` is `value`. */
  testid: string;
  label: string;
  /** One-line explanation (tooltip). */
  hint: string;
  value: number | null;
  /** The value as shown (formatted), with its ± half-width when it has one. */
  text: string;
  hw?: string | null;
  unit?: string;
  /** The line under the value: theory, the reason it is red, or "OK". */
  note: string;
  /** `data-testid`/`data-value` of the note when it carries a number (e.g. theory). */
  noteTestid?: string;
  noteValue?: number | null;
  /** A long value (e.g. "in / done") in a smaller font. */
  small?: boolean;
  /** 'bad' is drawn red, 'na' greyed out. */
  tone: 'plain' | 'ok' | 'bad' | 'na';
}

/** Latency against utilisation: the model's capacity, its theory curve and the sweep's scenarios. */
export interface SweepPlan<S extends Scenario = Scenario> {
  // `focus`: the entity in focus (a Kafka consumer group, by index), as `Playground.focus`; a
  // model with one entity (a station) ignores it.
  /** Completions per second the system can sustain (ρ = λ / capacity), or null. */
  capacity(s: S, focus: number): number | null;
  /** Mean service time (s), or null. */
  serviceMean(s: S, focus: number): number | null;
  /** W(ρ) in seconds from ρ = 0 to `to` (n + 1 points), for the theory line; [] when none applies. */
  curve(s: S, to: number, n: number, focus: number): [number, number][];
  /** The theory line's legend. */
  curveLabel(s: S, lang: Lang, focus: number): string;
  /**
   * A second closed form to set beside the first, when the lesson is their difference (a shared
   * queue's M/M/c beside the same load split over c partitions, c × M/M/1); null when none.
   */
  reference?(s: S, to: number, n: number, focus: number, lang: Lang): { label: string; points: [number, number][] } | null;
  /** This run's λ and W (± hw) from the snapshot data, for the run's own point. */
  current(data: unknown, focus: number): { lambda: number | null; W: number | null; hw: number | null } | null;
  /** The scenario of one sweep point: the same setup at a steady Poisson load ρ × capacity. */
  scenarioAt(s: S, rho: number, focus: number): S;
  /** Simulated seconds per sweep run (after its warm-up). */
  seconds(s: S): number;
}

/** One line of a compare chart (both runs draw the same lines). */
export interface CompareLine {
  cols: Cols;
  label: string;
  color: string;
  /** Treat 0 as "no sample" (percentiles of intervals without completions). */
  skipZero?: boolean;
}

/** A chart compare view draws for each run, on shared axes. */
export interface CompareChart {
  /** `data-testid` stem: the two charts are `<id>-a` and `<id>-b`. */
  id: string;
  title: string;
  yLabel: string;
  lines: CompareLine[];
  /**
   * What the chart shows, in terms every model shares, so that compare view can set a run of one
   * model beside a run of another (a queue against a log): `backlog` — messages or records waiting;
   * `age` — how old the oldest waiting one is, seconds; `latency` — a percentile of W, seconds.
   */
  role?: 'backlog' | 'age' | 'latency';
}

/** What compare view needs of a model: its headline metrics and its charts of one run. */
export interface ComparePlan {
  /** The model's headline metrics (src/run/models/<kind>/headline.ts), read off each run's summary. */
  headline: readonly MetricDef<unknown>[];
  /** The summary inside a snapshot's data (the CLI's record), or null. */
  summary(data: unknown): unknown;
  /** The charts of one run's data (empty series while it has none). */
  charts(data: unknown, pg: Playground): CompareChart[];
  /** The x axis' title. */
  xLabel(pg: Playground): string;
  /** Where a lesson's Watch target (src/content/targets.ts) is in compare view: `data-testid`s of both runs' charts or of table rows. */
  targets: Readonly<Record<string, readonly string[]>>;
}

export interface ModelTab {
  id: string;
  label(pg: Playground): string;
  component: Component<PanelProps>;
}

/** What a model contributes to the page. */
export interface ModelPanels<S extends Scenario = Scenario> {
  /** The main area: topology, charts. */
  Main: Component<PanelProps>;
  /** Optional panel (live faults…), shown as the "Faults" tool tab under the lesson. */
  Side?: Component<PanelProps>;
  /** Extra tool tabs under the lesson, next to W vs ρ (event log…). */
  tabs: ModelTab[];
  /** The counters strip. */
  counters(pg: Playground): CounterItem[];
  /**
   * The settings panel's sections (paths into the scenario; ranges come from the schema), loaded
   * with the settings panel or the sweep tool: a chunk of their own, not in the first load.
   */
  settings(): Promise<readonly SettingsSection[]>;
  sweep: SweepPlan<S> | null;
  /** "Next log line" applies (the model writes an event log). */
  hasLog: boolean;
  /** Compare view: the scenario and another run of it side by side. */
  compare: ComparePlan;
  /** Presenter mode's panels and counters when the lesson's Watch bullets name none (ids of `src/content/targets.ts`). */
  present: PresentView;
  /**
   * Event-log lines that name one record get a "follow" button: `record` reads the record from a
   * line (null for other lines) and the tool tab `tab` follows it (`Playground.followRecord`).
   */
  follow?: { tab: string; record(line: LogLine, pg: Playground): RecordRef | null };
}

/** A record of a log-broker topic: its partition and offset. */
export interface RecordRef {
  partition: number;
  offset: number;
}

export interface ModelPage<K extends Kind = Kind> {
  kind: K;
  /** Picker heading. */
  label: Record<Lang, string>;
  /** What the default speed aims at: a run takes about this many wall seconds. */
  runSeconds: number;
  /** A small healthy setup to start from ("custom"). */
  blank(): Of<K>;
  panels(): Promise<ModelPanels<Of<K>>>;
}

export const PAGES: { [K in Kind]: ModelPage<K> } = {
  station: {
    kind: 'station',
    label: { en: 'Queueing stations', ru: 'Системы массового обслуживания' },
    runSeconds: 5,
    blank: blankStation,
    panels: () => import('./panels/station/index.ts').then((m) => m.panels),
  },
  kafka: {
    kind: 'kafka',
    label: { en: 'Kafka', ru: 'Kafka' },
    runSeconds: 15,
    blank: blankKafka,
    panels: () => import('./panels/kafka/index.ts').then((m) => m.panels),
  },
  queue: {
    kind: 'queue',
    label: { en: 'SQS and RabbitMQ queues', ru: 'Очереди SQS и RabbitMQ' },
    runSeconds: 15,
    blank: blankQueue,
    panels: () => import('./panels/queue/index.ts').then((m) => m.panels),
  },
  cluster: {
    kind: 'cluster',
    label: { en: 'Kafka cluster: replication and durability', ru: 'Кластер Kafka: репликация и надёжность' },
    runSeconds: 15,
    blank: blankCluster,
    panels: () => import('./panels/cluster/index.ts').then((m) => m.panels),
  },
  service: {
    kind: 'service',
    label: { en: 'Dependencies: timeouts, retries, breakers', ru: 'Зависимости: таймауты, повторы, breaker' },
    runSeconds: 15,
    blank: blankService,
    panels: () => import('./panels/service/index.ts').then((m) => m.panels),
  },
  storage: {
    kind: 'storage',
    label: { en: 'Kafka storage: segments, retention, compaction', ru: 'Хранение в Kafka: сегменты, retention, компактация' },
    runSeconds: 15,
    blank: blankStorage,
    panels: () => import('./panels/storage/index.ts').then((m) => m.panels),
  },
  pipeline: {
    kind: 'pipeline',
    label: { en: 'Pipelines: stages, buffers, backpressure', ru: 'Конвейеры: стадии, буферы, backpressure' },
    runSeconds: 15,
    blank: blankPipeline,
    panels: () => import('./panels/pipeline/index.ts').then((m) => m.panels),
  },
  outbox: {
    kind: 'outbox',
    label: { en: 'Database → broker: dual write and outbox', ru: 'База → брокер: двойная запись и outbox' },
    runSeconds: 15,
    blank: blankOutbox,
    panels: () => import('./panels/outbox/index.ts').then((m) => m.panels),
  },
};

export const KINDS = Object.keys(PAGES) as Kind[];

export function pageFor(kind: Kind): ModelPage {
  return PAGES[kind] as unknown as ModelPage;
}
