/**
 * A small ClusterCore for the readers' tests, written while the real write path is: a Simulation,
 * brokers with racks, partitions whose log the test appends to, a known HW per replica the test
 * moves (each move calls the readers' `changed`), the rack-aware selector, rtt by rack.
 */
import * as v from 'valibot';
import { Simulation } from '../../src/sim/kernel/simulation.ts';
import { RngStreams } from '../../src/sim/kernel/rng.ts';
import { EventLog } from '../../src/sim/model/kafka/event-log.ts';
import type { ClusterCore } from '../../src/sim/model/cluster/read-api.ts';
import { createReaders, type Readers } from '../../src/sim/model/cluster/readers.ts';
import { ClusterConsumerSchema, ProcessorSchema } from '../../src/scenario/cluster-schema.ts';
import type { ClusterScenario } from '../../src/scenario/schema.ts';

export interface FakeOptions {
  partitions?: number;
  /** Rack of broker i+1. */
  racks?: (string | null)[];
  /** Replicas of each partition (broker ids; the first leads). Default: all brokers, leader rotating. */
  replicas?: number[][];
  selector?: 'leader' | 'rack-aware';
  rttMs?: number;
  crossRackRttMs?: number;
  appendMs?: number;
  warmup?: number;
  seed?: number;
}

export class FakeCore implements ClusterCore {
  readonly sim = new Simulation();
  readonly streams: RngStreams;
  readonly log = new EventLog(10_000);
  readonly topic = 'orders';
  readonly partitions: number;
  readonly warmup: number;
  readonly appendTime: number;
  readonly racks: (string | null)[];
  readonly replicas: number[][];
  readonly leaders: (number | null)[];
  readonly logs: number[][];
  /** Known HW of each replica, by partition then broker id. */
  readonly hw: Map<number, number>[];
  /** Brokers clients cannot reach. */
  readonly down = new Set<number>();
  selector: 'leader' | 'rack-aware';
  private readonly sent: number[] = [];
  private readonly rttS: number;
  private readonly crossS: number;
  readers: Readers | null = null;

  constructor(o: FakeOptions = {}) {
    this.streams = new RngStreams(o.seed ?? 1);
    this.partitions = o.partitions ?? 3;
    this.racks = o.racks ?? [null, null, null];
    const n = this.racks.length;
    this.replicas = o.replicas ?? Array.from({ length: this.partitions }, (_, p) => Array.from({ length: n }, (_, j) => ((p + j) % n) + 1));
    this.leaders = this.replicas.map((r) => r[0]);
    this.logs = Array.from({ length: this.partitions }, () => []);
    this.hw = Array.from({ length: this.partitions }, (_, p) => new Map(this.replicas[p].map((b) => [b, 0])));
    this.selector = o.selector ?? 'leader';
    this.rttS = (o.rttMs ?? 1) / 1000;
    this.crossS = (o.crossRackRttMs ?? 3) / 1000;
    this.appendTime = (o.appendMs ?? 0.2) / 1000;
    this.warmup = o.warmup ?? 0;
  }

  attach(consumers: Partial<ClusterScenario['consumers'][number]>[], processor: Partial<NonNullable<ClusterScenario['processor']>> | null = null): Readers {
    const cs = consumers.map((c) => v.parse(ClusterConsumerSchema, c));
    const pr = processor === null ? null : v.parse(ProcessorSchema, { processing: { time: { type: 'deterministic', mean: 0.001 } }, ...processor });
    this.readers = createReaders(this, cs, pr);
    return this.readers;
  }

  replicaFor(p: number, rack: string | null): number | null {
    const leader = this.leaders[p];
    if (leader === null || this.down.has(leader)) return null;
    if (this.selector === 'rack-aware' && rack !== null) {
      for (const b of this.replicas[p]) if (this.rackOf(b) === rack && !this.down.has(b)) return b;
    }
    return leader;
  }
  logStart(): number {
    return 0;
  }
  logEnd(p: number): number {
    return this.logs[p].length;
  }
  hwAt(p: number, broker: number): number {
    return this.hw[p].get(broker) ?? 0;
  }
  recordAt(p: number, o: number): number {
    return this.logs[p][o];
  }
  sentAt(id: number): number {
    return this.sent[id];
  }
  bytesOf(): number {
    return 100;
  }
  rackOf(broker: number): string | null {
    return this.racks[broker - 1] ?? null;
  }
  rtt(a: string | null, b: string | null): number {
    return a !== null && b !== null && a !== b ? this.crossS : this.rttS;
  }

  // ─── test controls ───────────────────────────────────────────────────────────────

  /** A producer record sent now (not yet in any log); returns its id. */
  newRecord(): number {
    this.sent.push(this.sim.now);
    return this.sent.length - 1;
  }
  /** Appends a new record to p's leader log; returns its offset. */
  append(p: number): number {
    this.logs[p].push(this.newRecord());
    return this.logs[p].length - 1;
  }
  /** Sets the HW `broker` knows for p and tells the readers. */
  setHw(p: number, broker: number, hw: number): void {
    this.hw[p].set(broker, hw);
    this.readers?.changed(p);
  }
  /** Truncates p's log to `end` (a leader change to a replica that had less), new leader `leader`. */
  truncate(p: number, end: number, leader: number): void {
    this.logs[p].length = end;
    this.leaders[p] = leader;
    for (const [b, h] of this.hw[p]) this.hw[p].set(b, Math.min(h, end));
    this.readers?.changed(p);
  }

  /**
   * Steady traffic: a record every `gap` s to each partition in turn from t = 0 to `until`; the
   * leader's HW covers it `commitDelay` s after its append, each follower's known HW `followerLag`
   * s later still.
   */
  traffic(gap: number, until: number, commitDelay = 0.002, followerLag = 0.5): void {
    let next = 0;
    const kLeader = this.sim.register('fake-hw-leader', (p) => {
      const leader = this.leaders[p];
      if (leader === null) return;
      this.setHw(p, leader, Math.min(this.logs[p].length, this.hwAt(p, leader) + 1));
      this.sim.schedule(followerLag, kFollower, p);
    });
    const kFollower = this.sim.register('fake-hw-follower', (p) => {
      const leader = this.leaders[p];
      if (leader === null) return;
      for (const b of this.replicas[p]) if (b !== leader) this.setHw(p, b, Math.min(this.logs[p].length, this.hwAt(p, b) + 1));
    });
    const kSend = this.sim.register('fake-send', () => {
      const p = next++ % this.partitions;
      this.append(p);
      this.sim.progress++;
      this.sim.schedule(commitDelay, kLeader, p);
      if (this.sim.now + gap <= until) this.sim.schedule(gap, kSend);
    });
    this.sim.schedule(0, kSend);
  }
}
