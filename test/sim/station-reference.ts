/**
 * The station as it was before it kept its own events (the reference for
 * station-fast-path.test.ts): every arrival and departure goes through the kernel's event list, so
 * the list alone decides the order of simultaneous events. Kept verbatim but for the imports; the
 * station must give exactly its numbers.
 */
import { Simulation } from '../../src/sim/kernel/simulation.ts';
import { RngStreams, type Rng } from '../../src/sim/kernel/rng.ts';
import { makeDistribution, type Distribution, type DistributionSpec } from '../../src/sim/kernel/distributions.ts';
import { BatchMeans } from '../../src/sim/metrics/batch-means.ts';
import { TimeIntegral } from '../../src/sim/metrics/time-integral.ts';
import { LogHistogram } from '../../src/sim/metrics/histogram.ts';
import { DownsampledSeries } from '../../src/sim/metrics/series.ts';
import { CONFIDENCE, type Estimate } from '../../src/sim/metrics/estimate.ts';
import { Float64Fifo } from '../../src/sim/model/station/fifo.ts';
import type { SimModel } from '../../src/sim/model/contract.ts';
import type { ArrivalShape, StationConfig, StationObserver, StationStats } from '../../src/sim/model/station/station.ts';

/** Splits an arrival shape into a unit-mean sampler. */
function unitShape(shape: ArrivalShape): Distribution {
  const spec: DistributionSpec = { ...shape, mean: 1 } as DistributionSpec;
  return makeDistribution(spec);
}

export class ReferenceStation implements SimModel {
  readonly sim = new Simulation();
  private readonly arrivalRng: Rng;
  private readonly serverRngs: Rng[];
  private readonly interarrival: Distribution;
  readonly service: Distribution;
  private readonly queue = new Float64Fifo();
  /** Arrival time of the customer each server holds. */
  private readonly serverArrival: Float64Array;
  private readonly freeServers: Int32Array;
  private freeTop: number;
  private rate: number;
  private nextStep = 0;
  private arrivalHandle = -1;
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
  private readonly admittedCount: TimeIntegral;
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
    this.rate = config.arrival.rate;

    // Time batches start at ~100 mean inter-event times; they double as the run grows.
    const scale = Math.max(this.service.mean, 1 / Math.max(config.arrival.rate, 1e-9));
    const batch = 100 * scale;
    this.nSys = new TimeIntegral(batch);
    this.nQueue = new TimeIntegral(batch);
    this.nBusy = new TimeIntegral(batch);
    this.arrivalCount = new TimeIntegral(batch);
    this.admittedCount = new TimeIntegral(batch);
    this.departureCount = new TimeIntegral(batch);
    this.series = new DownsampledSeries(scale / 4, 1024);

    const sim = this.sim;
    this.kArrival = sim.register('arrival', () => this.onArrival());
    this.kDeparture = sim.register('departure', (server) => this.onDeparture(server));
    this.kRateChange = sim.register('rate-change', (i) => this.onRateChange(i));
    const kWarmup = sim.register('warmup-end', () => this.resetStats());

    if (config.warmup > 0) sim.scheduleAt(config.warmup, kWarmup, 0, -100);
    else this.resetStats();
    this.scheduleNextStep();
    this.scheduleArrival();
  }

  private scheduleNextStep(): void {
    const profile = this.config.arrival.profile;
    if (this.nextStep < profile.length) {
      this.sim.scheduleAt(Math.max(profile[this.nextStep].at, this.sim.now), this.kRateChange, this.nextStep, -1);
    }
  }

  private scheduleArrival(): void {
    const dt = this.rate > 0 ? this.interarrival.sample(this.arrivalRng) / this.rate : Infinity;
    // A rate so small that the next arrival is beyond any representable time means none comes.
    this.arrivalHandle = Number.isFinite(this.sim.now + dt) ? this.sim.schedule(dt, this.kArrival) : -1;
  }

  private onRateChange(i: number): void {
    // Memoryless restart: exact for Poisson arrivals, a renewal restart for other shapes.
    this.rate = this.config.arrival.profile[i].rate;
    if (this.arrivalHandle >= 0) this.sim.cancel(this.arrivalHandle);
    this.nextStep = i + 1;
    this.scheduleArrival();
    this.scheduleNextStep();
  }

  private onArrival(): void {
    const sim = this.sim;
    const now = sim.now;
    this.scheduleArrival();
    this.arrivals++;
    this.arrivalCount.impulse(now);
    const cap = this.config.capacity;
    const admitted = cap === null || this.inSystem < cap;
    this.observer?.arrival?.(now, admitted);
    if (!admitted) {
      this.dropped++;
      this.blocked.add(1);
      return;
    }
    this.blocked.add(0);
    this.admittedCount.impulse(now);
    this.inSystem++;
    this.nSys.set(now, this.inSystem);
    this.series.set(now, this.inSystem);
    if (this.freeTop > 0) this.startService(this.freeServers[--this.freeTop], now, now);
    else {
      this.queue.push(now);
      this.nQueue.set(now, this.queue.size);
    }
  }

  private startService(server: number, arrivedAt: number, now: number): void {
    this.serverArrival[server] = arrivedAt;
    this.wq.add(now - arrivedAt);
    this.observer?.serviceStart?.(now, now - arrivedAt);
    this.nBusy.set(now, this.config.servers - this.freeTop);
    this.sim.schedule(this.service.sample(this.serverRngs[server]), this.kDeparture, server);
  }

  private onDeparture(server: number): void {
    const now = this.sim.now;
    const w = now - this.serverArrival[server];
    this.w.add(w);
    this.wHist.add(w);
    this.observer?.departure?.(now, w);
    this.completed++;
    this.departureCount.impulse(now);
    this.inSystem--;
    this.nSys.set(now, this.inSystem);
    this.series.set(now, this.inSystem);
    if (this.queue.size > 0) {
      const arrivedAt = this.queue.shift();
      this.nQueue.set(now, this.queue.size);
      this.startService(server, arrivedAt, now);
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
    this.admittedCount.reset(t);
    this.departureCount.reset(t);
    this.w.reset();
    this.wq.reset();
    this.blocked.reset();
    this.wHist.reset();
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
      pBlock: this.blocked.estimate(level),
      p50: this.wHist.quantile(0.5),
      p90: this.wHist.quantile(0.9),
      p99: this.wHist.quantile(0.99),
      p999: this.wHist.quantile(0.999),
      completedInWindow: this.w.n,
    };
  }
}
