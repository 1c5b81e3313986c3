/**
 * The broker bench's events without the broker model: how fast this machine runs the event
 * structure itself, the ceiling of any model built on it.
 *
 * A broker-case record costs about 2.9 events — its produce, its record-done and a share of a
 * poll — and the poll loop sets a poll timeout and an auto-commit timer. This skeleton
 * schedules the same events through the same kernel ({@link Simulation}, {@link RngStreams}, the
 * same exponential samples) with counters in place of the model: a producer at the case's rate
 * with a uniform key, partitions owned round-robin by sequential consumers whose poll() takes
 * everything waiting on their partitions (up to max.poll.records), one record-done per record,
 * the poll after a batch run in place when nothing else is due at that instant, a poll timeout
 * that takes its place in the order at every poll that returns records but enters the event list
 * only if a record's processing reaches it, and an auto-commit timer re-armed (moved later in place)
 * when a poll returns nothing — as the model does. No log, no commits, no metrics.
 *
 * `test/bench/broker-skeleton.test.ts` holds its events per record to the model's, so it stays a
 * fair stand-in when the model's event structure changes.
 */
import { Simulation } from '../sim/kernel/simulation.ts';
import { RngStreams } from '../sim/kernel/rng.ts';
import { makeDistribution } from '../sim/kernel/distributions.ts';
import { KafkaDefaults } from '../scenario/kafka-schema.ts';
import { BROKER_CASES } from './broker.ts';

// Kafka's defaults, as the bench scenario leaves them.
const MAX_POLL_RECORDS = KafkaDefaults['max.poll.records'];
const MAX_POLL_INTERVAL_S = KafkaDefaults['max.poll.interval.ms'] / 1000;
const AUTO_COMMIT_S = KafkaDefaults['auto.commit.interval.ms'] / 1000;

/** Runs the skeleton of one broker case (its first `fraction`); returns records produced and events. */
export function runBrokerSkeleton(id: keyof typeof BROKER_CASES, fraction = 1): { records: number; events: number; applied: number } {
  const { partitions: P, members: C, rate, duration } = BROKER_CASES[id];
  const sim = new Simulation();
  const streams = new RngStreams(1);
  const arrivals = streams.stream('arrivals');
  const keys = streams.stream('keys');
  const service = Array.from({ length: C }, (_, i) => streams.stream('service', i));
  const inter = makeDistribution({ type: 'exponential', mean: 1 / rate });
  const work = makeDistribution({ type: 'exponential', mean: (0.7 * C) / rate });
  const waiting = new Int32Array(P);
  const idle = new Uint8Array(C).fill(1);
  const left = new Int32Array(C);
  const pollTimeout = new Float64Array(C).fill(-1);
  const deadline = new Float64Array(C).fill(-1);
  const deadlineOrd = new Float64Array(C);
  const autoCommit = new Float64Array(C).fill(-1);
  let produced = 0;
  let applied = 0;
  const kProduce = sim.register('produce', () => {
    sim.schedule(inter.sample(arrivals), kProduce);
    const p = keys.nextInt(100_000) % P;
    waiting[p]++;
    produced++;
    sim.progress++;
    const c = p % C;
    if (idle[c] === 1) {
      idle[c] = 0;
      sim.schedule(0, kPoll, c);
    }
  });
  const kPoll = sim.register('poll', (c) => {
    if (pollTimeout[c] >= 0) sim.cancel(pollTimeout[c]);
    pollTimeout[c] = -1;
    deadline[c] = -1;
    let n = 0;
    for (let p = c; p < P && n < MAX_POLL_RECORDS; p += C) {
      const k = Math.min(waiting[p], MAX_POLL_RECORDS - n);
      waiting[p] -= k;
      n += k;
    }
    if (n === 0) {
      idle[c] = 1;
      // Moved later in place when still pending (Simulation.moveLater), as the model re-arms it.
      autoCommit[c] = sim.moveLater(autoCommit[c], sim.now + AUTO_COMMIT_S, kAutoCommit, c);
      return;
    }
    left[c] = n;
    deadline[c] = sim.now + MAX_POLL_INTERVAL_S;
    deadlineOrd[c] = sim.reserve();
    startRecord(c);
  });
  /** A record's processing starts; the poll timeout enters the event list only if the record reaches it. */
  const startRecord = (c: number) => {
    const dt = work.sample(service[c]);
    sim.schedule(dt, kDone, c);
    if (pollTimeout[c] < 0 && deadline[c] >= 0 && sim.now + dt >= deadline[c]) pollTimeout[c] = sim.scheduleAtReserved(deadline[c], kPollTimeout, c, deadlineOrd[c]);
  };
  const kPollTimeout = sim.register('poll-timeout', (c) => {
    pollTimeout[c] = -1;
    deadline[c] = -1;
  });
  const kAutoCommit = sim.register('auto-commit', (c) => {
    autoCommit[c] = -1;
  });
  const kDone = sim.register('record-done', (c) => {
    applied++;
    sim.progress++;
    if (--left[c] > 0) startRecord(c);
    else if (!sim.runNow(kPoll, c)) sim.schedule(0, kPoll, c);
  });
  sim.schedule(inter.sample(arrivals), kProduce);
  sim.run(duration * fraction);
  return { records: produced, events: sim.events, applied };
}
