/**
 * What every model's producers share (the log broker's and the queue broker's): drawing each
 * producer's next arrival from its rate profile, redrawing it when the rate changes, finding
 * producers by name ("*" = all), and the producer faults — stop, start, load spike — with their
 * log lines. The models keep their own producer records (partitioner state, keys) around these
 * fields and register the two event kinds (produce, producer-redraw) themselves.
 */
import type { Simulation } from '../kernel/simulation.ts';
import type { Rng } from '../kernel/rng.ts';
import type { RateProfile } from './kafka/rate-profile.ts';
import type { EventLog } from './kafka/event-log.ts';

export interface TimedProducer {
  config: { name: string; arrivals: 'poisson' | 'constant' };
  profile: RateProfile;
  rng: Rng;
  stopped: boolean;
  /** The pending produce event, or −1. */
  handle: number;
}

export type ProducerFault =
  | { at: number; kind: 'producer-stop'; target: string }
  | { at: number; kind: 'producer-start'; target: string }
  /** The producer's rate (all producers for target "*") × factor for `duration` seconds. */
  | { at: number; kind: 'load-spike'; target: string; factor: number; duration: number };

export class ProducerArrivals<P extends TimedProducer> {
  constructor(
    private readonly sim: Simulation,
    private readonly log: EventLog,
    readonly list: P[],
    /** Event kinds: a producer's arrival, and its redraw when a load spike ends. */
    private readonly kProduce: number,
    private readonly kRedraw: number,
  ) {}

  /** Schedules producer i's next arrival after `from` (none once it is stopped). */
  schedule(i: number, from: number): void {
    const p = this.list[i];
    p.handle = -1;
    if (p.stopped) return;
    const t = p.profile.nextArrival(from, p.rng, p.config.arrivals === 'constant');
    if (t !== Infinity) p.handle = this.sim.scheduleAt(t, this.kProduce, i);
  }

  /** Redraws a producer's next arrival from now (its rate changed; exact for Poisson arrivals). */
  redraw(i: number): void {
    const p = this.list[i];
    if (p.handle >= 0) this.sim.cancel(p.handle);
    this.schedule(i, this.sim.now);
  }

  /** Indices of the producers a fault names. Throws a RangeError naming the producers there are. */
  find(target: string): number[] {
    if (target === '*') return this.list.map((_, i) => i);
    const i = this.list.findIndex((p) => p.config.name === target);
    if (i < 0) throw new RangeError(`no producer named "${target}" (producers: ${this.list.map((p) => p.config.name).join(', ')}; "*" = all)`);
    return [i];
  }

  /** Carries out a producer fault now. */
  apply(f: ProducerFault): void {
    const now = this.sim.now;
    const src = 'FaultInjector';
    for (const i of this.find(f.target)) {
      const p = this.list[i];
      if (f.kind === 'producer-stop') {
        this.log.add(now, 'WARN', src, `producer ${p.config.name} stopped`);
        p.stopped = true;
        this.redraw(i);
      } else if (f.kind === 'producer-start') {
        if (!p.stopped) continue;
        this.log.add(now, 'INFO', src, `producer ${p.config.name} started`);
        p.stopped = false;
        this.redraw(i);
      } else {
        this.log.add(now, 'WARN', src, `load spike: producer ${p.config.name} ×${f.factor} for ${f.duration} s`);
        p.profile.addWindow(now, now + f.duration, f.factor);
        this.redraw(i);
        this.sim.schedule(f.duration, this.kRedraw, i);
      }
    }
  }
}
