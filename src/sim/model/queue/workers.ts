/**
 * The consumers' side: a consumer processes what it holds one message after another (an SQS
 * batch, or RabbitMQ deliveries in the order they came), each attempt taking a sample of the
 * pool's `processing.time` × its slow-downstream factors, and reports each outcome to the broker
 * (delete / ack on success; the flavour's failure action otherwise). With nothing to do it asks
 * the broker for more (SQS: ReceiveMessage; RabbitMQ: nothing, the broker pushes).
 *
 * An attempt fails on a poison message (`exception`), during a dependency outage of its pool, or
 * with probability `failureRate`. A poison message with effect `crash` kills the consumer process
 * as it starts processing it. A crashed process loses what it held (the broker gets it back:
 * RabbitMQ at once, SQS when the leases end) and restarts after `restartAfter`. A GC pause
 * freezes the consumer: its current attempt ends that much later, it starts nothing new, and
 * (SQS) its leases keep running.
 */
import { makeDistribution, type Distribution } from '../../kernel/distributions.ts';
import { Consumer, type Held, type QueueCore } from './core.ts';
import { POISON_CRASH, POISON_EXCEPTION } from './messages.ts';

export class Workers {
  private readonly kDone: number;
  private readonly kPauseEnd: number;
  private readonly kRestart: number;
  private readonly service: Distribution[];
  readonly byName = new Map<string, Consumer>();

  constructor(private readonly core: QueueCore) {
    const sim = core.sim;
    this.service = core.config.consumers.map((p) => makeDistribution(p.processing.time));
    this.kDone = sim.register('processing-done', (i) => this.onDone(i));
    this.kPauseEnd = sim.register('pause-end', (i) => this.onPauseEnd(i));
    this.kRestart = sim.register('restart', (i) => this.restart(core.consumers[i]));
  }

  /** Starts one more consumer in pool p, named `<pool>-<n>`. */
  add(p: number): Consumer {
    const core = this.core;
    const n = ++core.started[p];
    const name = `${core.config.consumers[p].name}-${n}`;
    const c = new Consumer(name, p, core.consumers.length, core.streams, n, core.batch);
    c.busy.reset(core.sim.now);
    core.consumers.push(c);
    this.byName.set(name, c);
    core.aliveCount++;
    core.utilNow();
    this.next(c);
    return c;
  }

  /** Consumer c takes its next message, or asks for more when it has none. */
  next(c: Consumer): void {
    if (!c.alive || c.current || this.core.sim.now < c.pausedUntil) return;
    const h = c.inbox.shift();
    if (h) this.start(c, h);
    else this.core.broker.idle(c);
  }

  private start(c: Consumer, h: Held): void {
    const core = this.core;
    const pool = core.pool(c);
    if (h.m.poison === POISON_CRASH) {
      this.crash(c, `process killed while handling ${h.m.id} (poison message)`, pool.restartAfter);
      return;
    }
    const dt = this.service[c.pool].sample(c.rng) * core.slowFactor(c.pool);
    c.current = h;
    core.setBusy(c, true);
    c.tEnd = core.sim.now + dt;
    c.doneHandle = core.sim.schedule(dt, this.kDone, c.index);
  }

  private onDone(i: number): void {
    const core = this.core;
    const c = core.consumers[i];
    const h = c.current!;
    const m = h.m;
    c.current = null;
    c.doneHandle = -1;
    core.setBusy(c, false);
    const pool = core.pool(c);
    const rate = pool.processing.failureRate;
    const fails = m.poison === POISON_EXCEPTION || core.outage(c.pool) || (rate > 0 && c.failRng.next() < rate);
    if (fails) {
      core.failures++;
      if (m.receiveCount <= 3) core.log.add(core.sim.now, 'WARN', c.name, `handler failed on ${m.id} (receive ${m.receiveCount}): ${m.poison ? 'poison message' : core.outage(c.pool) ? 'dependency unavailable' : 'transient error'}`);
      core.broker.failed(c, h);
    } else {
      core.processed++;
      c.processed++;
      c.processedTotal++;
      if (m.processedOnce && !pool.processing.idempotent) core.duplicates++;
      m.processedOnce = true;
      core.broker.succeeded(c, h);
    }
    this.next(c);
  }

  /** The process dies (and loses what it held); the supervisor restarts it after `restartAfter` s (null: never). */
  crash(c: Consumer, why: string, restartAfter: number | null): void {
    const core = this.core;
    if (!c.alive) return;
    core.crashes++;
    core.log.add(core.sim.now, 'ERROR', c.name, `${why}${restartAfter !== null ? `; restart in ${restartAfter} s` : ''}`);
    this.kill(c);
    core.broker.lost(c, false);
    if (restartAfter !== null) core.sim.schedule(restartAfter, this.kRestart, c.index);
  }

  private kill(c: Consumer): void {
    const core = this.core;
    const sim = core.sim;
    c.alive = false;
    c.incarnation++;
    for (const h of [c.doneHandle, c.pollHandle, c.hbHandle, c.timeoutHandle]) if (h >= 0) sim.cancel(h);
    c.doneHandle = c.pollHandle = c.hbHandle = c.timeoutHandle = -1;
    if (c.current) core.setBusy(c, false);
    c.current = null;
    c.inbox.clear();
    c.polling = 0;
    c.pausedUntil = -Infinity;
    core.aliveCount--;
    core.utilNow();
  }

  restart(c: Consumer): void {
    const core = this.core;
    if (c.alive || c.removed) return;
    c.alive = true;
    core.aliveCount++;
    core.utilNow();
    core.log.add(core.sim.now, 'INFO', c.name, 'started');
    this.next(c);
    core.broker.pump();
  }

  /** Shut down for good (remove-consumer): what it held goes back as on a crash. */
  remove(c: Consumer): void {
    if (c.removed) return;
    if (c.alive) this.kill(c);
    c.removed = true;
    this.core.broker.lost(c, true);
  }

  pause(c: Consumer, duration: number): void {
    const core = this.core;
    if (!c.alive) return;
    const now = core.sim.now;
    const until = Math.max(c.pausedUntil, now + duration);
    const extra = until - Math.max(now, c.pausedUntil);
    c.pausedUntil = until;
    if (c.current && extra > 0) {
      core.sim.cancel(c.doneHandle);
      c.tEnd += extra;
      c.doneHandle = core.sim.scheduleAt(c.tEnd, this.kDone, c.index);
    }
    core.log.add(now, 'WARN', c.name, `GC pause of ${duration} s`);
    core.sim.scheduleAt(until, this.kPauseEnd, c.index);
  }

  private onPauseEnd(i: number): void {
    const c = this.core.consumers[i];
    if (this.core.sim.now < c.pausedUntil) return;
    this.next(c);
    this.core.broker.pump();
  }
}
