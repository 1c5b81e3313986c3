/**
 * The outbox model's run summary (the CLI's `--json`, the tests, every live snapshot) and the
 * page's data of one instant, as types: the summary is filled by `summary.ts`, the data by
 * `snapshot.ts`, and the page's panels (`src/app/panels/outbox/`) read only these.
 */
import type { SeriesCols, LogLine } from '../kafka/snapshot.ts';
import type { OutboxCounts, OutboxSeriesName } from '../../../sim/model/outbox/outbox-model.ts';
import type { OutboxMode, RelayKind } from '../../../sim/model/outbox/config.ts';
import type { RelayPhase } from '../../../sim/model/outbox/relay.ts';

export interface OutboxSummary {
  scenario: string;
  model: 'outbox';
  mode: OutboxMode;
  /** The relay (outbox mode), or null. */
  relay: RelayKind | null;
  idempotent: boolean;
  seed: number;
  simTime: number;
  warmup: number;
  events: number;

  requests: number;
  /** Rows committed, events in the topic (distinct), appends (duplicates included). */
  rows: number;
  eventsPublished: number;
  appended: number;
  /** Rows whose event will never be published; events whose row will never be committed. */
  missing: number;
  phantom: number;
  /** Appends of an event already in the topic. */
  duplicates: number;
  /** The consumer: events applied (first time), duplicates it skipped, duplicates it applied again, events applied before their row existed. */
  applied: number;
  deduped: number;
  dupEffects: number;
  early: number;
  /** Requests refused while the app was down, and failed with nothing written. */
  rejected: number;
  aborted: number;
  /** Committed rows whose event is not yet in the topic (in flight or in the outbox): now and at most. */
  backlog: number;
  backlogMax: number;
  /** Age of the oldest outbox row not yet published, s: now and at most (null without an outbox). */
  lag: number | null;
  lagMax: number | null;
  /** Commit → first application of the event, after the warm-up, s. */
  delayP50: number | null;
  delayP99: number | null;
  appCrashes: number;
  relayCrashes: number;
  counts: OutboxCounts;
  /** Wall-clock milliseconds of the run (CLI only; absent with --no-timing). */
  wallMs?: number;
}

/** The topology's numbers now: app → database (+ outbox) → relay → topic → consumer. */
export interface OutboxTopology {
  rate: number;
  app: { up: boolean; downUntil: number; inTxn: number; publishing: number };
  /** Rows in the outbox table (polling: not yet marked) or in the database's log past the committed offset (CDC). */
  outboxRows: number;
  relay: { kind: RelayKind; phase: RelayPhase; batch: number; atRisk: number; crashes: number; wal: { end: number; read: number; acked: number; committed: number } | null } | null;
  brokerDown: boolean;
  consumer: { queued: number; busy: boolean };
}

/** What the page draws of an outbox run at one instant. */
export interface OutboxData {
  simTime: number;
  events: number;
  summary: OutboxSummary;
  topology: OutboxTopology;
  series: Record<OutboxSeriesName, SeriesCols>;
  log: LogLine[];
  logCount: number;
}
