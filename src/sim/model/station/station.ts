/**
 * A queueing station — the "hello world" of queueing theory and the smallest QueueLab model:
 * arrivals (any inter-arrival distribution, optionally a piecewise-constant rate profile), a FIFO
 * buffer (unbounded, or a capacity K on the number in system with drops counted) and c identical
 * servers. With Poisson arrivals this is M/M/1, M/M/c, M/D/1, M/G/1, M/M/1/K …
 *
 * Statistics are collected after `warmup` seconds (every accumulator is reset then); the counters
 * `arrivals/completed/dropped` cover the whole run so that conservation can be checked at any time.
 */
import { StationSimulation, type OwnEvents } from './clock.ts';
import { DepartureHeap } from './departures.ts';
import { RngStreams, type Rng } from '../../kernel/rng.ts';
import { makeDistribution, type Distribution, type DistributionSpec } from '../../kernel/distributions.ts';
import { BatchMeans } from '../../metrics/batch-means.ts';
import { TimeIntegral } from '../../metrics/time-integral.ts';
import { LogHistogram } from '../../metrics/histogram.ts';
import { DownsampledSeries } from '../../metrics/series.ts';
import { CONFIDENCE, type Estimate } from '../../metrics/estimate.ts';
import { Float64Fifo } from './fifo.ts';
import type { SimModel } from '../contract.ts';

/** Shape of the inter-arrival distribution; its mean is always 1/rate. */
export type ArrivalShape =
  | { type: 'exponential' }
  | { type: 'deterministic' }
  | { type: 'erlang'; k: number }
  | { type: 'gamma'; cv: number }
  | { type: 'lognormal'; cv: number }
  | { type: 'hyperexponential'; cv: number }
  | { type: 'pareto'; alpha: number };

export interface RateStep {
  /** Simulated time (s) from which `rate` applies. */
  at: number;
  /** Arrivals per second from then on (0 = producer stopped). */
  rate: number;
}

export interface StationConfig {
  arrival: { rate: number; shape: ArrivalShape; profile: RateStep[] };
  service: DistributionSpec;
  servers: number;
  /** Maximum number in system (queue + in service), or null for an unbounded buffer. */
  capacity: number | null;
  /** Statistics are reset at this time (transient deletion), in seconds. */
  warmup: number;
}

/** Everything a run reports, as plain numbers (the CLI prints it, the worker ships it). */
export interface StationStats {
  simTime: number;
  events: number;
  /** Whole-run counters (conservation: arrivals = completed + dropped + inSystem). */
  arrivals: number;
  completed: number;
  dropped: number;
  inSystem: number;
  inQueue: number;
  busy: number;
  /** Length of the measurement window (simTime − warmup), seconds. */
  window: number;
  /** Over the window, with 95 % half-widths from batch means. */
  lambda: Estimate;
  /** Rate of arrivals that found room (= λ without a capacity limit): the λ of Little's law. */
  lambdaAdmitted: Estimate;
  throughput: Estimate;
  L: Estimate;
  Lq: Estimate;
  W: Estimate;
  Wq: Estimate;
  utilization: Estimate;
  pBlock: Estimate;
  /** Percentiles of W from the histogram (relative error 0.5 %). */
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  /** Customers completed in the window (the sample behind W). */
  completedInWindow: number;
}

/**
 * Optional per-customer hooks (Ciw's trackers, SimPy's monitors): tests use them to check
 * invariants event by event; the default is none, at no cost to the hot path beyond one test.
 */
export interface StationObserver {
  /** A customer arrived at `t`; `admitted` is false when the buffer was full. */
  arrival?(t: number, admitted: boolean): void;
  /** A customer entered service at `t` after waiting `waited` seconds. */
  serviceStart?(t: number, waited: number): void;
  /** A customer left at `t` after `sojourn` seconds in the system. */
  departure?(t: number, sojourn: number): void;
}

/** Unit inter-arrival times drawn at a time (see `Station.arrivalDraws`). */
const DRAW_AHEAD = 32;

/** Splits an arrival shape into a unit-mean sampler. */
function unitShape(shape: ArrivalShape): Distribution {
  const spec: DistributionSpec = { ...shape, mean: 1 } as DistributionSpec;
  return makeDistribution(spec);
}

export class Station implements SimModel, OwnEvents {
  readonly sim = new StationSimulation();
  private readonly arrivalRng: Rng;
  private readonly serverRngs: Rng[];
  private readonly interarrival: Distribution;
  readonly service: Distribution;
  private readonly queue = new Float64Fifo();
  /** Arrival time of the customer each server holds. */
  private readonly serverArrival: Float64Array;
  private readonly freeServers: Int32Array;
  private freeTop = 0;
  private rate = 0;
  private nextStep = 0;
  /**
   * The station's own events, outside the event list (see clock.ts): the next arrival (Infinity
   * when none is coming) and the departures; each numbered in the order it was scheduled.
   */
  private arrivalT = Infinity;
  private arrivalSeq = 0;
  private readonly departures: DepartureHeap;
  private seq = 0;
  /** The earliest of them (OwnEvents): its time, and whether it is the arrival (else the first departure). */
  nextT = Infinity;
  private nextIsArrival = true;
  private readonly kArrival: number;
  private readonly kDeparture: number;
  private readonly kRateChange: number;

  arrivals = 0;
  completed = 0;
  dropped = 0;
  inSystem = 0;

  private readonly nSys: TimeIntegral;
  private readonly nQueue: TimeIntegral;
  private readonly nBusy: TimeIntegral;
  private readonly arrivalCount: TimeIntegral;
  /**
   * Without a capacity limit every arrival is admitted and none is blocked: then `admittedCount`
   * is `arrivalCount` itself and `blocked` (all zeros) is rebuilt when read, from the arrivals
   * since the reset — the same numbers for two fewer updates per customer.
   */
  private readonly admittedCount: TimeIntegral;
  private readonly bounded: boolean;
  /** A capacity limit or an observer: arrivals go through {@link admit}. */
  private readonly checked: boolean;
  private arrivalsAtReset = 0;
  private readonly departureCount: TimeIntegral;
  private readonly w = new BatchMeans();
  private readonly wq = new BatchMeans();
  private readonly blocked = new BatchMeans();
  private readonly wHist = new LogHistogram();
  /** Number in system over time, for charts. */
  readonly series: DownsampledSeries;

  constructor(
    readonly config: StationConfig,
    seed: number,
    private readonly observer?: StationObserver,
  ) {
    const streams = new RngStreams(seed);
    this.arrivalRng = streams.stream('arrivals');
    this.serverRngs = Array.from({ length: config.servers }, (_, i) => streams.stream('service', i));
    this.interarrival = unitShape(config.arrival.shape);
    this.service = makeDistribution(config.service);
    this.serverArrival = new Float64Array(config.servers);
    this.freeServers = new Int32Array(config.servers);
    for (let i = 0; i < config.servers; i++) this.freeServers[i] = config.servers - 1 - i;
    this.freeTop = config.servers;
    this.departures = new DepartureHeap(config.servers);
    this.rate = config.arrival.rate;

    // Time batches start at ~100 mean inter-event times; they double as the run grows.
    const scale = Math.max(this.service.mean, 1 / Math.max(config.arrival.rate, 1e-9));
    const batch = 100 * scale;
    this.nSys = new TimeIntegral(batch);
    this.nQueue = new TimeIntegral(batch);
    this.nBusy = new TimeIntegral(batch);
    this.arrivalCount = new TimeIntegral(batch);
    this.bounded = config.capacity !== null;
    this.checked = this.bounded || observer !== undefined;
    this.admittedCount = this.bounded ? new TimeIntegral(batch) : this.arrivalCount;
    this.departureCount = new TimeIntegral(batch);
    this.series = new DownsampledSeries(scale / 4, 1024);

    const sim = this.sim;
    // Arrivals and departures never go through the event list: `sim` runs them (runNext); they
    // are registered for their names and kinds (peekEvent, the no-progress guard).
    const own = (): void => {
      throw new Error('station events run outside the event list');
    };
    this.kArrival = sim.register('arrival', own);
    this.kDeparture = sim.register('departure', own);
    this.kRateChange = sim.register('rate-change', (i) => this.onRateChange(i));
    const kWarmup = sim.register('warmup-end', () => this.resetStats());

    if (config.warmup > 0) sim.scheduleAt(config.warmup, kWarmup, 0, -100);
    else this.resetStats();
    this.scheduleNextStep();
    this.scheduleArrival();
    this.updateNext();
    sim.attach(this);
  }

  /** The earliest own event's kind (OwnEvents) … */
  get nextKind(): number {
    return this.nextIsArrival ? this.kArrival : this.kDeparture;
  }

  /** … and argument: the server of a departure. */
  get nextArg(): number {
    return this.nextIsArrival ? 0 : this.departures.server[0];
  }

  /** Own events pending (OwnEvents): the next arrival, if one is coming, and a departure per busy server. */
  get ownPending(): number {
    return (this.arrivalT < Infinity ? 1 : 0) + this.departures.size;
  }

  /** Runs the earliest own event at `t` (OwnEvents). */
  runNext(): void {
    if (this.nextIsArrival) this.onArrival();
    else this.onDeparture();
    this.updateNext();
  }

  /** Finds the earliest own event: by time, then by the order they were scheduled in. */
  private updateNext(): void {
    const d = this.departures;
    const ta = this.arrivalT;
    if (d.size > 0) {
      const td = d.t[0];
      if (td < ta || (td === ta && d.seq[0] < this.arrivalSeq)) {
        this.nextT = td;
        this.nextIsArrival = false;
        return;
      }
    }
    this.nextT = ta;
    this.nextIsArrival = true;
  }

  private scheduleNextStep(): void {
    const profile = this.config.arrival.profile;
    if (this.nextStep < profile.length) {
      this.sim.scheduleAt(Math.max(profile[this.nextStep].at, this.sim.now), this.kRateChange, this.nextStep, -1);
    }
  }

  /**
   * The next unit inter-arrival times, drawn ahead in blocks of {@link DRAW_AHEAD} ({@link drawArrival}).
   * The arrival stream is the station's own and is only ever read here, in order, so the times are
   * exactly those drawn one at a time; only the last block's unused ones are drawn in vain. Drawing a
   * block in one loop keeps the sampler (the logarithm and the generator) out of the arrival's hot
   * path, where V8 did not inline it: it was two calls with their results boxed, per customer.
   */
  private readonly arrivalDraws = new Float64Array(DRAW_AHEAD);
  private arrivalNext = DRAW_AHEAD;

  /** The next unit inter-arrival time (see {@link arrivalDraws}). */
  private drawArrival(): number {
    if (this.arrivalNext === DRAW_AHEAD) this.drawArrivals();
    return this.arrivalDraws[this.arrivalNext++];
  }

  private drawArrivals(): void {
    const b = this.arrivalDraws;
    for (let i = 0; i < DRAW_AHEAD; i++) b[i] = this.interarrival.sample(this.arrivalRng);
    this.arrivalNext = 0;
  }

  private scheduleArrival(): void {
    const dt = this.rate > 0 ? this.drawArrival() / this.rate : Infinity;
    const t = this.sim.now + dt;
    // A rate so small that the next arrival is beyond any representable time means none comes.
    if (Number.isFinite(t)) {
      this.arrivalT = t;
      this.arrivalSeq = this.seq++;
    } else this.arrivalT = Infinity;
  }

  private onRateChange(i: number): void {
    // Memoryless restart: exact for Poisson arrivals, a renewal restart for other shapes.
    this.rate = this.config.arrival.profile[i].rate;
    this.arrivalT = Infinity;
    this.nextStep = i + 1;
    this.scheduleArrival();
    this.scheduleNextStep();
    this.updateNext();
  }

  private onArrival(): void {
    const now = this.nextT;
    this.scheduleArrival();
    this.arrivals++;
    this.arrivalCount.count(now);
    if (this.checked && !this.admit()) return;
    this.inSystem++;
    this.nSys.set(now, this.inSystem);
    this.series.set(now, this.inSystem);
    if (this.freeTop > 0) {
      const server = this.freeServers[--this.freeTop];
      this.serverArrival[server] = now;
      this.startService(server);
    } else {
      this.queue.push(now);
      this.nQueue.set(now, this.queue.size);
    }
  }

  /**
   * With a capacity limit or an observer: whether the arriving customer finds room, told to the
   * observer and counted (out of the hot path of a plain station, which admits everyone).
   */
  private admit(): boolean {
    const now = this.nextT;
    const cap = this.config.capacity;
    const admitted = cap === null || this.inSystem < cap;
    this.observer?.arrival?.(now, admitted);
    if (!admitted) {
      this.dropped++;
      this.blocked.add(1);
      return false;
    }
    if (this.bounded) {
      this.blocked.add(0);
      this.admittedCount.count(now);
    }
    return true;
  }

  private startService(server: number): void {
    const now = this.nextT;
    const arrivedAt = this.serverArrival[server];
    this.wq.add(now - arrivedAt);
    // (nextT, not now: a time that only this rarely taken call needs boxed is boxed only here.)
    this.observer?.serviceStart?.(this.nextT, now - arrivedAt);
    this.nBusy.set(now, this.config.servers - this.freeTop);
    const dt = this.service.sample(this.serverRngs[server]);
    if (!(dt >= 0) || dt === Infinity) throw new RangeError(`delay must be a finite number ≥ 0, got ${dt} (event departure)`);
    this.departures.push(now + dt, this.seq++, server);
  }

  private onDeparture(): void {
    const now = this.nextT;
    const server = this.departures.server[0];
    this.departures.pop();
    const w = now - this.serverArrival[server];
    this.w.add(w);
    this.wHist.add(w);
    this.observer?.departure?.(this.nextT, w);
    this.completed++;
    this.departureCount.count(now);
    this.inSystem--;
    this.nSys.set(now, this.inSystem);
    this.series.set(now, this.inSystem);
    if (this.queue.size > 0) {
      this.serverArrival[server] = this.queue.shift();
      this.nQueue.set(now, this.queue.size);
      this.startService(server);
    } else {
      this.freeServers[this.freeTop++] = server;
      this.nBusy.set(now, this.config.servers - this.freeTop);
    }
  }

  private resetStats(): void {
    const t = this.sim.now;
    this.nSys.reset(t);
    this.nQueue.reset(t);
    this.nBusy.reset(t);
    this.arrivalCount.reset(t);
    if (this.bounded) this.admittedCount.reset(t);
    this.arrivalsAtReset = this.arrivals;
    this.departureCount.reset(t);
    this.w.reset();
    this.wq.reset();
    this.blocked.reset();
    this.wHist.reset();
  }

  /** `blocked` as it would be without a capacity limit: a 0 for every arrival since the reset. */
  private unblocked(): BatchMeans {
    const b = new BatchMeans();
    b.addZeros(this.arrivals - this.arrivalsAtReset);
    return b;
  }

  /** Runs until simulated time `until` (seconds); see {@link Simulation.run}. */
  run(until: number, maxEvents = Infinity): number {
    return this.sim.run(until, maxEvents);
  }

  /** A station has no live faults (its scenario has no fault timeline). */
  inject(fault: never): void {
    throw new RangeError(`the station model has no live faults (got ${JSON.stringify(fault)})`);
  }

  /**
   * Reads every statistic at the current time without changing any state; half-widths are for
   * confidence `level` (default 95 %).
   */
  stats(level = CONFIDENCE): StationStats {
    const now = this.sim.now;
    const window = Math.max(0, now - this.config.warmup);
    const busy = this.nBusy.estimate(now, level);
    const c = this.config.servers;
    return {
      simTime: now,
      events: this.sim.events,
      arrivals: this.arrivals,
      completed: this.completed,
      dropped: this.dropped,
      inSystem: this.inSystem,
      inQueue: this.queue.size,
      busy: c - this.freeTop,
      window,
      lambda: this.arrivalCount.estimate(now, level),
      lambdaAdmitted: this.admittedCount.estimate(now, level),
      throughput: this.departureCount.estimate(now, level),
      L: this.nSys.estimate(now, level),
      Lq: this.nQueue.estimate(now, level),
      W: this.w.estimate(level),
      Wq: this.wq.estimate(level),
      utilization: { mean: busy.mean / c, hw: busy.hw / c, batches: busy.batches },
      pBlock: this.bounded ? this.blocked.estimate(level) : this.unblocked().estimate(level),
      p50: this.wHist.quantile(0.5),
      p90: this.wHist.quantile(0.9),
      p99: this.wHist.quantile(0.99),
      p999: this.wHist.quantile(0.999),
      completedInWindow: this.w.n,
    };
  }
}
