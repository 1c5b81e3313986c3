/**
 * What a run will cost, estimated before anything is allocated, and the budget it must fit.
 *
 * Every scenario — a file, a share link, a `--set`, a settings form or a live fault added to a
 * running scenario — passes through validation, and validation refuses a scenario whose estimate
 * exceeds the budget, naming the field to lower and how far. The estimates are upper bounds built
 * from the inputs alone:
 *
 * - records: each producer's peak rate (profile steps, bursts, daily curve) times the time it
 *   produces (the run, up to its stopAt, less what producer-stop faults take out), with load-spike
 *   faults multiplying it over their windows (stacked spikes multiply);
 * - events: per record, one append plus, per consumer group, up to EVENTS_PER_RECORD_PER_GROUP
 *   (fetch, processing, commits; the shipped scenarios measure 0.8–2.8), times the retries that
 *   `processing.failureRate` asks for; plus auto-commit timers of every member, a visit of every
 *   partition per retention check, and the failure loops that run at the consumers' own pace
 *   whatever the producers' rate (a record re-read while it keeps failing, poll() re-throwing on an
 *   unreadable record, in-place retries through an outage: `failureLoop`), and the visits of every
 *   partition a consumer owns at each of its polls (at most one a record, and no more than the
 *   consumers' processing pace allows: POLLS_PER_MEDIAN) and of every partition at each chart sample;
 * - memory: every record held (a group that stops consuming keeps all of them: 21 bytes plus one
 *   state byte per group, rounded up to 8 — heldRecordBytes —, twice for the growth of the
 *   buffers), per-key state (partition cache,
 *   Zipf table, last sequence per group), partitions and members (their batch buffers).
 *
 * Pure: no model code runs, so the page can check a link before its worker starts.
 */
import { RETRY_BACKOFF_MAX, effectiveIdempotence, hasRequestCosts } from '../sim/model/cluster/config.ts';
import { DEDUP_WINDOW, HISTORY_SLACK } from '../sim/model/cluster/partition-state.ts';
import { pipelineCost } from './pipeline-cost.ts';
import { autoscalerSlots } from './kafka-autoscaler.ts';
import { POLL_ERROR_LOOP_S } from '../sim/model/kafka/group/types.ts';
import { heldRecordBytes } from '../sim/model/kafka/partition-log.ts';
import { oldReadersCope, registers } from '../sim/model/kafka/schema-registry.ts';
import { balancedPhases, makeDistribution, type DistributionSpec } from '../sim/kernel/distributions.ts';
import { CHART_SAMPLES } from '../sim/metrics/series.ts';
import { outboxCost } from './outbox-cost.ts';
import type { ClusterScenario, KafkaScenario, QueueScenario, Scenario, ServiceScenario, StationScenario, StorageScenario } from './schema.ts';

/** Most events one run may take (≈ 1–2 minutes at the measured 3–5 M events/s). */
export const EVENTS_BUDGET = 300_000_000;
/** Most memory a run's model may need, bytes (1 GiB). */
export const MEMORY_BUDGET = 1024 * 1024 * 1024;
/** Events per record per consumer group, an upper bound of what the shipped scenarios measure. */
export const EVENTS_PER_RECORD_PER_GROUP = 3;

export interface Cost {
  records: number;
  events: number;
  bytes: number;
  /** Memory by cause, with the field that sets it. */
  memory: { field: string; what: string; bytes: number }[];
  /** Events by cause beyond the messages themselves (queue polling loops…), with the field that sets them; `lower`: lowering the field helps (else raising it does). */
  loops?: { field: string; what: string; events: number; lower?: boolean; advice?: string }[];
  /** What else the user may lower when the run is too long, named after the producers' rates (e.g. the number of consumer groups). */
  alsoLower?: string;
  /** The model's own verdict when the events exceed the budget for a reason a field explains better than duration (null: the generic one). */
  overEvents?: (c: Cost) => BudgetError | null;
}

export interface BudgetError {
  path: string;
  message: string;
  value?: unknown;
}

type Producer = KafkaScenario['producers'][number];
type Fault = { at: number; kind: string; target?: string; factor?: number; duration?: number };
type Spike = { at: number; kind: 'load-spike'; target: string; factor: number; duration: number };

/** A producer's highest rate without faults: its profile's largest step, bursts and the daily peak. */
export function peakRate(p: Pick<Producer, 'rate' | 'profile' | 'bursts' | 'daily'>): number {
  const base = Math.max(p.rate, ...p.profile.map((x) => x.rate));
  return base * (p.bursts ? Math.max(1, p.bursts.factor) : 1) * (p.daily ? 1 + Math.abs(p.daily.amplitude) : 1);
}

/**
 * ∫₀^duration of the product of the load-spike factors that apply to producer `name` while it
 * produces — the "effective seconds" at peak rate (duration itself without spikes). A producer-stop
 * fault stops it until a producer-start (faults at the same time apply in list order), and `duration`
 * can be cut short by the producer's own stopAt.
 */
export function spikeSeconds(faults: readonly Fault[], name: string, duration: number): number {
  const mine = (f: Fault) => (f.target === '*' || f.target === name) && f.at < duration;
  const spikes = faults.filter((f): f is Spike => f.kind === 'load-spike' && mine(f));
  // Stable: faults due at the same time keep their list order, the order the model applies them in.
  const switches = faults.filter((f) => (f.kind === 'producer-stop' || f.kind === 'producer-start') && mine(f)).sort((a, b) => a.at - b.at);
  if (spikes.length === 0 && switches.length === 0) return duration;
  const cuts = [...spikes.flatMap((f) => [f.at, Math.min(duration, f.at + f.duration)]), ...switches.map((f) => f.at)];
  return integrate(duration, cuts, (t) => {
    let running = true;
    for (const f of switches) if (f.at <= t) running = f.kind === 'producer-start';
    if (!running) return 0;
    let m = 1;
    for (const f of spikes) if (t >= f.at && t < f.at + f.duration) m *= f.factor;
    return m;
  });
}

/** ∫₀^duration of a step function that changes only at `cuts`: each step's length times its value at its middle. */
function integrate(duration: number, cuts: readonly number[], valueAt: (t: number) => number): number {
  const ts = [...new Set([0, duration, ...cuts])].sort((a, b) => a - b);
  let total = 0;
  for (let k = 0; k + 1 < ts.length; k++) total += (ts[k + 1] - ts[k]) * valueAt((ts[k] + ts[k + 1]) / 2);
  return total;
}

/** Seconds of a Kafka producer's records at peak rate: its stopAt, load spikes and stop/start faults. */
function producerSeconds(s: KafkaScenario, p: Producer): number {
  return spikeSeconds(s.faults, p.name, Math.min(s.duration, p.stopAt ?? Infinity));
}

/** Bytes of per-key state one producer's key space costs, over all groups. */
function keyBytes(p: Producer, groups: number): number {
  const k = p.keys;
  if (k.kind === 'none') return 0;
  const count = k.kind === 'coarse' ? k.values.length : k.count;
  // Partition cache (4) + model key hash (4) + last sequence per group (4 each) + Zipf/coarse table (8).
  return count * (8 + 4 * groups + (k.kind === 'uniform' ? 0 : 8));
}

/** Events one turn of a failure loop costs: a stuck consumer's poll and its failed attempt. */
export const EVENTS_PER_LOOP_TURN = 2;
/**
 * What each record of a batch adds to a turn of the retry.mode none loop, in events: the seek back
 * hands the batch's other records back and the next poll fetches them again, so a turn costs time
 * in proportion to max.poll.records (measured: 12 µs a turn at 500, 2.7 µs at 10, where a run
 * takes 0.2–0.35 µs an estimated event: about 0.075 events a record, rounded up).
 */
export const SEEK_BACK_EVENTS_PER_RECORD = 0.1;
/** Events one in-place attempt during an outage costs: its completion and failure, with the warning it logs (measured at about twice a plain event's time). */
export const EVENTS_PER_IN_PLACE_ATTEMPT = 4;

/** A schema change the registry accepts and old readers cannot read: every record after it is unreadable. */
function breaksOldReaders(s: KafkaScenario, f: KafkaScenario['faults'][number]): boolean {
  return f.kind === 'schema-change' && registers(s.topic['schema.compatibility.level'], f.change ?? 'remove-required-field') && !oldReadersCope(f.change ?? 'remove-required-field');
}

/**
 * Records the consumers cannot deserialize: deserialization poison records, and the records
 * produced after a schema change that breaks old readers. With a retry policy, poll() throws on
 * each once and the consumer seeks past it and polls again (member.ts deserializationFailure):
 * a poll per record that starts no batch, so the processing pace does not bound them.
 */
function unreadableRecords(s: KafkaScenario, records: number): number {
  let n = 0;
  for (const f of s.faults) {
    if (f.at >= s.duration) continue;
    if (f.kind === 'poison' && f.effect === 'deserialization') n += f.count ?? 1;
    else if (breaksOldReaders(s, f)) n += (records * (s.duration - f.at)) / s.duration;
  }
  return Math.min(n, records);
}

/** A failure loop's events, and the polls it makes: `turns` at the consumers' processing pace, `throws` of poll() every POLL_ERROR_LOOP_S. */
type FailureLoop = NonNullable<Cost['loops']>[number] & { turns: number; throws: number };

/**
 * The loops a failure puts group i's consumers in, whose events follow the consumers' own pace,
 * not the producers' rate (failures.ts, member.ts):
 * - retry.mode none: a record that keeps failing is re-read and re-processed, one turn per
 *   processing time — a poison record until the end of the run, every record while a dependency
 *   outage lasts, each record 1/(1 − failureRate) times on average; a record the value deserializer
 *   cannot read (a poison record, or a schema change the registry accepts and old readers cannot
 *   read) makes poll() throw every {@link POLL_ERROR_LOOP_S};
 * - retry.mode in-place: during an outage every attempt fails, so the consumers go through records
 *   at the pace of their attempts and backoffs, maxAttempts each.
 * `stuckable` is how many consumers can own a partition at once. Loops of zero pace are refused by
 * validation (validate.ts) or stopped by the kernel; null when the group has no loop.
 */
function failureLoop(s: KafkaScenario, i: number, stuckable: number, records: number): FailureLoop | null {
  const g = s.groups[i];
  const D = s.duration;
  const left = (at: number) => Math.max(0, D - at);
  const attempt = makeDistribution(g.processing.time).mean + s.timing['fetch.latency.ms'] / 1000;
  const outages = s.faults.filter((f) => f.kind === 'dependency-outage' && f.target === g['group.id'] && f.at < D) as { at: number; duration: number }[];
  const outageSeconds = outages.reduce((a, f) => a + Math.min(f.duration, left(f.at)), 0);
  let events = 0;
  let turns = 0;
  let throws = 0;
  let what = '';
  if (g.retry.mode === 'none') {
    // Consumer-seconds spent re-reading a record that fails in the handler, and re-polling one that cannot be read.
    let handler = stuckable * outageSeconds;
    let unreadable = 0;
    for (const f of s.faults) {
      if (f.kind === 'poison' && f.effect !== 'crash') {
        const stuck = Math.min(f.count ?? 1, stuckable) * left(f.at);
        if (f.effect === 'deserialization') unreadable += stuck;
        else handler += stuck;
      } else if (breaksOldReaders(s, f)) {
        unreadable += stuckable * left(f.at);
      }
    }
    const perTurn = EVENTS_PER_LOOP_TURN + SEEK_BACK_EVENTS_PER_RECORD * g['max.poll.records'];
    if (attempt > 0) {
      // failureRate f: a record is attempted 1/(1 − f) times on average (for ever at f = 1), at most as often as the consumers can.
      const f = g.processing.failureRate;
      const again = f > 0 ? Math.min((records * f) / (1 - f), (stuckable * D) / attempt) : 0;
      turns = again + Math.min(handler, stuckable * D) / attempt;
      events += turns * perTurn;
    }
    throws = Math.min(unreadable, stuckable * D) / POLL_ERROR_LOOP_S;
    events += throws * EVENTS_PER_LOOP_TURN;
    what = `turns of consumers of ${g['group.id']} re-reading a record that keeps failing (retry.mode "none")`;
  } else if (g.retry.mode === 'in-place' && outageSeconds > 0) {
    // Backoff before each retry: initial.ms × multiplier^k, at most max.ms (jitter averages out).
    const b = g.retry.backoff;
    let backoff = 0;
    for (let k = 0; k + 1 < g.retry.maxAttempts; k++) backoff += Math.min(b['max.ms'], b['initial.ms'] * b.multiplier ** k) / 1000;
    const perAttempt = attempt + backoff / g.retry.maxAttempts;
    const threads = g.processing.mode === 'sequential' ? 1 : g.processing.threads;
    if (perAttempt > 0) events = Math.min(records * g.retry.maxAttempts, (stuckable * threads * outageSeconds) / perAttempt) * EVENTS_PER_IN_PLACE_ATTEMPT;
    what = `attempts of consumers of ${g['group.id']} retrying in place while a dependency outage fails them`;
  }
  if (!(events > 0)) return null;
  return {
    field: `groups.${i}.retry.mode`,
    what,
    events,
    turns,
    throws,
    advice: `Give groups.${i} a retry policy that moves past a failing record (retry.mode retry-topics, or in-place with a longer backoff), shorten the fault, or lower duration`,
  };
}

/**
 * Events a poll's visit of one owned partition costs: a fetch looks at every partition its consumer
 * owns (10,000 partitions over 2–6 consumers: 11–14 ns a visit, where a run takes 0.25–0.3 µs an
 * estimated event). Charged at one poll per record, though a consumer that keeps up makes nearly
 * two (its wake, and the poll after its batch that finds nothing): `littles-law` with 10,000
 * partitions, 0.5 ms records and 2 or 6 consumers made 1.65 and 1.87 polls a record at 12 and
 * 10 ns a visit, and took 0.37 and 0.32 µs an estimated event (2026-12-03).
 */
export const FETCH_VISIT_EVENTS = 0.05;

/**
 * Polls a consumer can make per `median` seconds of processing.time's median: every poll that
 * returns records starts a batch, a batch takes at least one sample of processing.time, and half
 * the samples are at least the median long, so in D seconds a consumer finishes at most about
 * 2·D/median batches; the third is room for the chance of a run of short samples and for the
 * poll after a batch that finds nothing. The median, not the mean: a rare very long sample (a
 * bimodal time, a heavy tail) raises the mean far above the time most batches take.
 */
export const POLLS_PER_MEDIAN = 3;

/**
 * A lower bound of the median of a processing time (seconds; 0 when none is known): exact where it
 * has a closed form; for Erlang and gamma of shape a, Chen and Rubin's a − 1/3 < median (in units
 * of the scale; 0 below a = 1/3); for the hyperexponential, the median of its faster phase.
 */
export function medianAtLeast(spec: DistributionSpec): number {
  switch (spec.type) {
    case 'deterministic':
      return spec.mean;
    case 'exponential':
      return spec.mean * Math.LN2;
    case 'uniform':
      return (spec.min + spec.max) / 2;
    case 'erlang':
      return spec.mean * (1 - 1 / (3 * spec.k));
    case 'gamma': {
      const shape = 1 / (spec.cv * spec.cv);
      return (spec.mean * Math.max(0, shape - 1 / 3)) / shape;
    }
    case 'lognormal': {
      // median = mean·e^(−σ²/2), and e^(σ²) = 1 + variance/mean², whether cv or p99 gave σ.
      const d = makeDistribution(spec);
      return d.mean / Math.sqrt(1 + d.variance / (d.mean * d.mean));
    }
    case 'hyperexponential':
      return Math.LN2 * balancedPhases(spec.mean, spec.cv).mean1;
    case 'bimodal':
      return spec.pSlow > 0.5 ? spec.slow : spec.fast;
    case 'pareto':
      return ((spec.mean * (spec.alpha - 1)) / spec.alpha) * 2 ** (1 / spec.alpha);
  }
}

/** Events a chart sample's visit costs: each of a Kafka run's CHART_SAMPLES visits every partition for every group, at 46 ns a visit. */
export const SAMPLE_VISIT_EVENTS = 0.2;

/**
 * The partitions one consumer of group i owns, averaged over the run: the partitions over the
 * consumers that are up. Crash, remove-consumer and gc-pause faults take one away (a crash until its
 * restartAfter or a restart fault, a pause for its duration) and the others own its partitions;
 * with an autoscaler, there may be as few as minReplicaCount (at least one) throughout.
 */
function ownedPerConsumer(s: KafkaScenario, i: number, partitions: number): number {
  const g = s.groups[i];
  const D = s.duration;
  if (g.autoscaler?.enabled) return Math.ceil(partitions / Math.max(1, Math.min(g.members, g.autoscaler.minReplicaCount)));
  const prefix = `${g['group.id']}-`;
  const ours = (target: string) => target.startsWith(prefix) && /^\d+$/.test(target.slice(prefix.length));
  const down: [number, number][] = [];
  for (const f of s.faults) {
    if (f.at >= D) continue;
    if (f.kind === 'crash' && ours(f.target)) {
      const restart = s.faults.find((r) => r.kind === 'restart' && r.target === f.target && r.at > f.at)?.at ?? D;
      down.push([f.at, Math.min(D, f.restartAfter != null ? f.at + f.restartAfter : restart)]);
    } else if (f.kind === 'remove-consumer' && ours(f.target)) down.push([f.at, D]);
    else if (f.kind === 'gc-pause' && ours(f.target)) down.push([f.at, Math.min(D, f.at + f.duration)]);
  }
  return integrate(D, down.flat(), (t) => Math.ceil(partitions / Math.max(1, g.members - down.filter(([a, b]) => t >= a && t < b).length))) / D;
}

export function kafkaCost(s: KafkaScenario): Cost {
  const G = s.groups.length;
  let records = 0;
  for (const p of s.producers) records += peakRate(p) * producerSeconds(s, p);
  let events = records;
  let timers = 0;
  const groupMemory: Cost['memory'] = [];
  const loops: NonNullable<Cost['loops']> = [];
  const partitionsAtMost = s.faults.reduce((n, f) => (f.kind === 'add-partitions' ? Math.max(n, f.count) : n), s.topic.partitions);
  let fetchVisits = 0;
  const unreadable = unreadableRecords(s, records);
  s.groups.forEach((g, i) => {
    const retries = 1 + g.processing.failureRate * (g.retry.mode === 'none' ? 1 : g.retry.maxAttempts);
    events += records * EVENTS_PER_RECORD_PER_GROUP * retries;
    const added = s.faults.reduce((n, f) => n + (f.kind === 'add-consumer' && f.target === g['group.id'] ? f.count : 0), 0);
    // An autoscaler may start up to maxReplicaCount more consumers and reconciles on its own timers.
    const m = g.members + added + autoscalerSlots(g);
    const owned = ownedPerConsumer(s, i, partitionsAtMost);
    const loop = failureLoop(s, i, Math.min(m, partitionsAtMost), records);
    if (loop) {
      // poll()'s re-throws visit the consumer's partitions too: the loop's, whatever the records.
      const loopEvents = loop.events + loop.throws * owned * FETCH_VISIT_EVENTS;
      events += loopEvents;
      loops.push({ field: loop.field, what: loop.what, events: loopEvents, advice: loop.advice });
    }
    if (g.autoscaler?.enabled) timers += s.duration / g.autoscaler['horizontal-pod-autoscaler-sync-period'] + s.duration / g.autoscaler.pollingInterval;
    const autoCommits = g.commit === 'auto' ? (m * s.duration) / Math.max(0.001, g['auto.commit.interval.ms'] / 1000) : 0;
    timers += autoCommits;
    // Each poll visits the partitions its consumer owns. At most one poll per record (an idle
    // consumer wakes for each) or per turn of a failure loop, and no more than the consumers'
    // processing pace allows; plus the polls that start no batch: an idle consumer's
    // auto-commit polls and those that skip an unreadable record. A commit after (or
    // before) each batch walks them too (measured at about a third of a fetch's visit; charged
    // as one), as does each auto-commit.
    const median = medianAtLeast(g.processing.time);
    const pace = median > 0 ? (POLLS_PER_MEDIAN * m * s.duration) / median : Infinity;
    const walks = g.commit === 'after-processing' || g.commit === 'before-processing' ? 2 : 1;
    // Without retry.mode none, an unreadable record is skipped with a poll of its own (at most one per POLL_ERROR_LOOP_S).
    const skips = g.retry.mode === 'none' ? 0 : Math.min(unreadable, (m * s.duration) / POLL_ERROR_LOOP_S);
    fetchVisits += (Math.min(records + (loop?.turns ?? 0), pace) * walks + skips + 2 * autoCommits) * owned * FETCH_VISIT_EVENTS;
    const bytes = m * (2048 + 17 * g['max.poll.records'] + 48 * (g.processing.mode === 'sequential' ? 1 : g.processing.threads));
    groupMemory.push({ field: `groups.${i}.members`, what: `${fmtCount(m)} consumers of ${g['group.id']} and their poll buffers`, bytes });
  });
  const partitions = partitionsAtMost;
  // Each retention check visits every partition (counted as one event each).
  events += timers + (partitions * s.duration) / (s.topic['log.retention.check.interval.ms'] / 1000);
  const visits = fetchVisits + CHART_SAMPLES * G * partitions * SAMPLE_VISIT_EVENTS;
  events += visits;
  loops.push({ field: 'topic.partitions', what: `visits of ${fmtCount(partitions)} partitions by polls (each consumer's own) and by chart samples`, events: visits, lower: true });
  const recordBytes = heldRecordBytes(G);
  const memory = [
    { field: 'duration', what: `${fmtCount(records)} records held (${recordBytes} bytes each, with buffer growth)`, bytes: records * recordBytes * 2 },
    ...s.producers.map((p, i) => ({ field: `producers.${i}.keys.count`, what: `the key space of producer ${p.name}`, bytes: keyBytes(p, G) })),
    { field: 'topic.partitions', what: `${fmtCount(partitions)} partitions`, bytes: partitions * (256 * recordBytes + 64 * G + 512) },
    ...groupMemory,
  ];
  const alsoLower = G > 1 ? 'the number of consumer groups' : undefined;
  return { records, events, bytes: memory.reduce((a, m) => a + m.bytes, 0), memory, alsoLower, loops };
}

export function stationCost(s: StationScenario): Cost {
  const peak = Math.max(s.arrival.rate, ...s.arrival.profile.map((p) => p.rate));
  // Pareto gaps are at least mean·(α−1)/α, so a run can see up to α/(α−1) times rate × duration
  // arrivals (near α = 1 almost every gap is that short); other shapes average out to rate × duration.
  const shape = s.arrival.shape;
  const crowding = shape.type === 'pareto' ? shape.alpha / (shape.alpha - 1) : 1;
  const records = peak * s.duration * crowding;
  // Arrival and departure per customer; the queue holds at most every arrival (or the capacity), 8 bytes each, doubled on growth.
  const held = s.capacity === null ? records : Math.min(records, s.capacity);
  const memory = [
    { field: crowding > 2 ? 'arrival.shape.alpha' : 'duration', what: `a queue of up to ${fmtCount(held)} customers`, bytes: held * 16 },
    { field: 'servers', what: `${fmtCount(s.servers)} servers`, bytes: s.servers * 64 },
  ];
  const events = 2 * records;
  const overEvents =
    shape.type === 'pareto' && shape.alpha < 2
      ? (): BudgetError => ({
          path: 'arrival.shape.alpha',
          message: `is too close to 1 for the event budget: Pareto gaps can be as short as mean·(α−1)/α, so this run may see up to ${fmtCount(records)} arrivals (${fmtCount(events)} events; the budget is ${fmtCount(EVENTS_BUDGET)}). Raise alpha or lower duration`,
          value: shape.alpha,
        })
      : undefined;
  return { records, events, bytes: memory.reduce((a, m) => a + m.bytes, 0), memory, overEvents };
}

/** Events per message of the queue model, an upper bound of what it measures (SQS: ReceiveMessage and its answer, processing, DeleteMessage; RabbitMQ: delivery, processing, ack; plus the send). */
export const QUEUE_EVENTS_PER_MESSAGE = 6;
/**
 * Bytes a stored message costs the queue model (the message, its places in two heaps), with the
 * garbage collector's slack: 5 M messages stored at once (10,000/s for 500 s to one slow SQS
 * consumer) peaked at 1.82 GB of RSS, about 350 bytes a message above the process's 100 MB.
 */
export const QUEUE_MESSAGE_BYTES = 360;

/**
 * The queue model: every message sent, times the deliveries its failures may cost (up to the
 * redrive or delivery limit, else 10); consumers that find nothing poll again every
 * WaitTimeSeconds (long polling) or every round trip (short polling), two events a call;
 * heartbeats; a RabbitMQ node's resource check every second; and, for memory, every message stored
 * at once (consumers that stop) or waiting in a blocked publisher (each publish call counts as a
 * message, a publish to another queue on the node too), consumers, and the key space (FIFO groups).
 */
/** Consumers a queue's pool can have: its count and those add-consumer faults start. */
function poolSize(s: QueueScenario, p: QueueScenario['consumers'][number]): number {
  return p.count + s.faults.reduce((n, f) => n + (f.kind === 'add-consumer' && f.target === p.name ? f.count : 0), 0);
}

export function queueCost(s: QueueScenario): Cost {
  let records = 0;
  for (const p of s.producers) records += peakRate(p) * spikeSeconds(s.faults, p.name, s.duration);
  const q = s.queue;
  const limit = q.type === 'sqs' ? (q.RedrivePolicy?.maxReceiveCount ?? 10) : (q.retry?.maxAttempts ?? (q['x-queue-type'] === 'quorum' ? (q['x-delivery-limit'] ?? 20) + 1 : 10));
  const failing = s.consumers.reduce((a, p, i) => (p.processing.failureRate > (s.consumers[a]?.processing.failureRate ?? 0) ? i : a), 0);
  const failure = s.consumers[failing]?.processing.failureRate ?? 0;
  const limitField =
    q.type === 'sqs' ? (q.RedrivePolicy ? 'queue.RedrivePolicy.maxReceiveCount' : null) : q.retry ? 'queue.retry.maxAttempts' : q['x-queue-type'] === 'quorum' && q['x-delivery-limit'] !== null ? 'queue.x-delivery-limit' : null;
  let events = records * QUEUE_EVENTS_PER_MESSAGE + 4000 + s.duration / 60;
  // A RabbitMQ node checks its memory and disk every second (and a blocked publisher's timeout is one event per expiry, within the messages').
  if (q.type === 'rabbitmq' && q.node) events += s.duration;
  const loops: NonNullable<Cost['loops']> = [];
  if (failure > 0) {
    loops.push({
      field: limitField ?? `consumers.${failing}.processing.failureRate`,
      what: `deliveries of failing messages again (failure rate ${failure}, up to ${fmtCount(limit)} deliveries each)`,
      events: records * QUEUE_EVENTS_PER_MESSAGE * failure * limit,
      lower: true,
    });
  }
  loops.push(...queueRedeliveryLoops(s, limitField ? limit : Infinity, records));
  const memory: Cost['memory'] = [
    { field: 'duration', what: `${fmtCount(records)} messages stored (${QUEUE_MESSAGE_BYTES} bytes each)`, bytes: records * QUEUE_MESSAGE_BYTES },
  ];
  s.consumers.forEach((p, i) => {
    const m = poolSize(s, p);
    memory.push({ field: `consumers.${i}.count`, what: `${fmtCount(m)} consumers of pool ${p.name}`, bytes: m * 4096 });
    if (q.type === 'sqs') {
      const wait = p.WaitTimeSeconds ?? q.ReceiveMessageWaitTimeSeconds;
      const period = wait > 0 ? wait : s.timing['rtt.ms'] / 1000;
      const field = wait > 0 ? `consumers.${i}.WaitTimeSeconds` : 'timing.rtt.ms';
      const polls = period > 0 ? (2 * m * s.duration) / period : 0;
      loops.push({ field, what: `${fmtCount(polls)} events of ReceiveMessage calls by ${fmtCount(m)} consumers of pool ${p.name} that find nothing (${wait > 0 ? `long polls of ${wait} s` : 'short polling: one call per round trip; raise WaitTimeSeconds to long-poll'})`, events: polls });
      if (p.heartbeat) loops.push({ field: `consumers.${i}.heartbeat.every`, what: `heartbeats of pool ${p.name}`, events: (m * s.duration) / p.heartbeat.every });
    }
  });
  s.producers.forEach((p, i) => {
    const k = p.keys;
    const count = k.kind === 'none' ? 0 : k.kind === 'coarse' ? k.values.length : k.count;
    const perKey = 16 + (q.type === 'sqs' && q.FifoQueue ? 200 : 0);
    memory.push({ field: `producers.${i}.keys.count`, what: `the key space of producer ${p.name}${perKey > 16 ? ' (a FIFO message group per key)' : ''}`, bytes: count * perKey });
  });
  events += loops.reduce((a, l) => a + l.events, 0);
  return { records, events, bytes: memory.reduce((a, m) => a + m.bytes, 0), memory, loops };
}

/**
 * Deliveries a queue makes again at its consumers' pace, not the producers' (queue.ts): a message
 * that keeps failing — a poison message, every message while its pool's dependency is down, every
 * message at failureRate 1 — comes back after each failed attempt (SQS: once its visibility
 * timeout has passed; RabbitMQ: at once, requeued by the nack) up to the delivery limit, or until
 * the run ends without one; and an SQS message whose VisibilityTimeout is shorter than its
 * processing is handed to another consumer while the first still works on it, at most as often as
 * the pool's consumers can take it. `limit`: deliveries of a message at most (Infinity without a
 * limit). Loops of zero pace are stopped by the kernel.
 */
function queueRedeliveryLoops(s: QueueScenario, limit: number, records: number): NonNullable<Cost['loops']> {
  const q = s.queue;
  const D = s.duration;
  const rtt = s.timing['rtt.ms'] / 1000;
  const vt = q.type === 'sqs' ? q.VisibilityTimeout : 0;
  const loops: NonNullable<Cost['loops']> = [];
  const advice = 'Give the queue a delivery limit with a dead-letter queue (SQS RedrivePolicy, RabbitMQ retry or x-delivery-limit), shorten the fault, or lower duration';
  const poison = s.faults.filter((f) => f.kind === 'poison' && f.effect !== 'crash' && f.at < D) as { at: number; count?: number }[];
  s.consumers.forEach((p, i) => {
    const m = poolSize(s, p);
    const proc = makeDistribution(p.processing.time).mean;
    // One failed delivery, and the wait until the message can be delivered again.
    const pace = Math.max(vt, proc + rtt);
    if (pace > 0) {
      // Consumer-seconds spent on messages that keep failing; each pool may be handed the poison.
      let failing = p.processing.failureRate >= 1 ? m * D : 0;
      for (const f of s.faults) if (f.kind === 'dependency-outage' && f.target === p.name && f.at < D) failing += m * Math.min(f.duration, D - f.at);
      for (const f of poison) failing += Math.min(f.count ?? 1, m) * (D - f.at);
      const capped = Math.min(failing / pace, limit * (records + poison.reduce((a, f) => a + (f.count ?? 1), 0)));
      if (capped > 0) loops.push({ field: q.type === 'sqs' ? 'queue.RedrivePolicy' : 'queue.retry', what: `deliveries of messages that keep failing to pool ${p.name}`, events: capped * QUEUE_EVENTS_PER_MESSAGE, advice });
    }
    const again = Math.max(vt, rtt);
    if (q.type === 'sqs' && again > 0 && again < proc) {
      loops.push({
        field: 'queue.VisibilityTimeout',
        what: `deliveries to other consumers of pool ${p.name} of messages still being processed (VisibilityTimeout ${vt} s, processing ${+proc.toPrecision(3)} s on average)`,
        // Every consumer of the pool may be busy with such copies for the whole run.
        events: ((m * D) / (proc + rtt)) * QUEUE_EVENTS_PER_MESSAGE,
      });
    }
  });
  return loops;
}

/** Each model's cost estimate, one per kind (a new kind that lacks one does not compile). */
const COST: { [K in Scenario['model']]: (s: Extract<Scenario, { model: K }>) => Cost } = {
  station: stationCost,
  kafka: kafkaCost,
  queue: queueCost,
  cluster: clusterCost,
  service: serviceCost,
  storage: storageCost,
  pipeline: pipelineCost,
  outbox: outboxCost,
};

export function costOf(s: Scenario): Cost {
  return (COST[s.model] as (s: Scenario) => Cost)(s);
}

/** The budget's verdict: nothing when the scenario fits, else one error naming the field to lower. */
export function budgetErrors(s: Scenario): BudgetError[] {
  const c = costOf(s);
  const errors: BudgetError[] = [];
  if (c.events > EVENTS_BUDGET) {
    const maxDuration = Math.floor((s.duration * EVENTS_BUDGET) / c.events);
    const own = c.overEvents?.(c);
    if (own) return [own];
    const loop = [...(c.loops ?? [])].sort((a, b) => b.events - a.events)[0];
    if (loop && loop.events > c.events / 2) {
      errors.push({
        path: loop.field,
        message: `asks for too many events: this run needs about ${fmtCount(c.events)} events, the budget is ${fmtCount(EVENTS_BUDGET)}; ${Math.round((loop.events / c.events) * 100)} % of them are ${loop.what}. ${loop.advice ?? (loop.lower ? `Lower ${loop.field} or duration` : `Raise ${loop.field} or lower duration`)}`,
      });
      return errors;
    }
    errors.push({
      path: 'duration',
      message:
        `is too long for the event budget: this run needs about ${fmtCount(c.events)} events (${fmtCount(c.records)} records at the peak rates), ` +
        `the budget is ${fmtCount(EVENTS_BUDGET)}. Lower duration (at most about ${maxDuration} s here), the producers' rates or load-spike factors` +
        (c.alsoLower ? `, or ${c.alsoLower}` : ''),
      value: s.duration,
    });
  }
  if (c.bytes > MEMORY_BUDGET) {
    const top = [...c.memory].sort((a, b) => b.bytes - a.bytes)[0];
    const share = top.bytes / c.bytes;
    // A Pareto tail's alpha near 1 crowds the queue: it must be raised, not lowered.
    const raise = top.field === 'arrival.shape.alpha';
    errors.push({
      path: top.field,
      message:
        `needs too much memory: this run may need about ${fmtBytes(c.bytes)}, the budget is ${fmtBytes(MEMORY_BUDGET)}; ` +
        `${Math.round(share * 100)} % of it is ${top.what}. ${raise ? `Raise ${top.field} or lower duration` : `Lower ${top.field}`}` +
        (top.field === 'duration' ? " (or the producers' rates)" : '') +
        (top.field.endsWith('keys.count') && c.alsoLower ? ` or ${c.alsoLower}` : ''),
    });
  }
  return errors;
}

export function fmtCount(n: number): string {
  if (n >= 1e12) return n.toExponential(2).replace('e+', ' × 10^');
  if (n >= 1e9) return `${+(n / 1e9).toPrecision(3)} billion`;
  if (n >= 1e6) return `${+(n / 1e6).toPrecision(3)} million`;
  return Math.round(n).toLocaleString('en-US');
}

function fmtBytes(b: number): string {
  if (b >= 1024 ** 3) return `${+(b / 1024 ** 3).toPrecision(3)} GiB`;
  return `${+(b / 1024 ** 2).toPrecision(3)} MiB`;
}

/**
 * Events per record of the cluster model, an upper bound: the send, and per batch (a batch holds
 * one record at worst) its linger timer, the request's arrival and its response. Replication is
 * counted per fetch round (below), not per record.
 */
export const CLUSTER_EVENTS_PER_RECORD = 4;
/**
 * A partition visit costs a quarter of an event (measured 110 ns a visit against ~1 µs an event,
 * with margin). Replication visits only what changed (incremental fetch sessions): a few visits per
 * batch per follower. A consumer's fetch round visits every partition its session with a broker
 * covers, so a consumer costs its rounds × the partitions.
 */
export const CLUSTER_VISIT_EVENTS = 0.25;
/** Visits per record per follower: its batch dirties the partition, visited at the response and at the next request, and again for its new HW. */
export const CLUSTER_VISITS_PER_RECORD = 4;
/** Events per record of the broker I/O model (request costs set): a request's handler completion, a request holding one record at worst. */
export const CLUSTER_IO_EVENTS = 1;
/** Bytes a produce request can cost the request handlers while it waits or is served (its entry in the queue and the id maps), with margin; at most max.in.flight.requests.per.connection of them per broker per producer. */
export const CLUSTER_IO_REQUEST_BYTES = 256;
/**
 * Events per record when send() blocks for buffer.memory, an upper bound (every send blocking): its
 * max.block.ms check and a check re-armed after the send ahead of it got memory; with a web front,
 * the load balancer's timeout too. A produce request that a slow-broker fault holds costs one more.
 */
export const CLUSTER_BLOCK_EVENTS = 2;
export const CLUSTER_FRONT_EVENTS = 1;
export const CLUSTER_STALL_EVENTS = 1;
/** Bytes a send() waiting for buffer memory costs (its entry in the line and its pending timeout), with margin. */
export const CLUSTER_BLOCKED_BYTES = 160;
/** Bytes a batch costs while it holds buffer memory (its object and timers, beyond its records' share), with margin. */
export const CLUSTER_BATCH_BYTES = 256;
/** Events per record of the processor (its processing, its output append, a share of the commits). */
export const CLUSTER_PROCESSOR_EVENTS = 3;
/**
 * How much more a record costs the cluster model when the topic has P partitions, against a few
 * hundred: records spread over many partitions travel in batches of one (each appended, replicated,
 * checked for duplicates and answered on its own), and the partitions' state outgrows the
 * processor's caches. Measured on producer-batching (idempotent, linger.ms 0, 40,000 records/s,
 * one run each, wall time against 100 partitions): 1.9 × at 1,000 partitions, 2.8 × at 3,000,
 * 4.1 × at 10,000, 5.5 × at 30,000, 6.6 × at 100,000; without idempotence 1.4 × at 1,000 and
 * 2.9 × at 10,000. This is 1 + log2(1 + P / 1,000): 2 at 1,000, 4.5 at 10,000, 7.7 at 100,000.
 */
export function clusterRecordScale(partitions: number): number {
  return 1 + Math.log2(1 + partitions / 1000);
}

/**
 * How much more a partition visit costs once the partitions' state no longer fits the caches: 1 up
 * to 10,000 partitions, (P / 10,000)^0.85 beyond. Measured on exactly-once (its reader's fetch rounds
 * visit every partition): 0.30 µs an estimated event at 1,000 partitions, 0.35 at 10,000, 1.0 at 30,000.
 */
export function clusterVisitScale(partitions: number): number {
  return partitions <= 10_000 ? 1 : (partitions / 10_000) ** 0.85;
}

/**
 * Events a partition costs the sender's walk (nodeReady and drainNode look at every partition with
 * a batch on the connection): measured 28–32 ns a partition on min-insync-unavailable with 2,000 and
 * 6,000 partitions, where a plain event takes 0.25–0.3 µs.
 */
export const CLUSTER_DRAIN_VISIT_EVENTS = 0.1;
/**
 * The sender's walks while batches are retried (producer.ts pump): the end of each retried batch's
 * backoff wakes the sender, which looks at every partition holding a batch on that connection twice
 * (RecordAccumulator.ready, then drainBatchesForOneNode) — the partitions holding a batch, squared,
 * per backoff, for as long as requests keep failing:
 * - acks=all while enough brokers are down, slow or cut off for an ISR to fall below
 *   min.insync.replicas (NOT_ENOUGH_REPLICAS): from the first such fault to the end of the run;
 * - a slow broker that holds requests past request.timeout.ms: from that fault to the end;
 * - lost responses: a request timeout each;
 * - a round trip longer than request.timeout.ms: the whole run.
 * The partitions holding a batch: every partition that gets a batch within delivery.timeout.ms (with
 * keys none, the sticky partitioner moves on once a batch is full), at most buffer.memory's batches;
 * the backoff at its cap (retry.backoff.ms doubling to 1 s; a round trip when retry.backoff.ms is 0).
 * Retries of partitions left without a leader cost nothing here: they wait unlisted for one.
 */
function retryWalks(s: ClusterScenario): NonNullable<Cost['loops']>[number] | null {
  const roundTrip = (Math.max(s.timing['rtt.ms'], s.timing['cross-rack.rtt.ms']) + s.timing['append.ms']) / 1000;
  const rf = Math.min(s.topic['replication.factor'], s.cluster.brokers);
  const hurt = s.faults.filter((f) => f.kind === 'broker-crash' || f.kind === 'slow-replica' || f.kind === 'network-partition');
  const belowIsr = new Set(hurt.map((f) => f.broker)).size > rf - s.topic['min.insync.replicas'];
  let visits = 0;
  s.producers.forEach((p) => {
    if (p.retries === 0 || p.acks === '0') return;
    const timeout = p['request.timeout.ms'] / 1000;
    let from = s.duration;
    let lost = 0;
    if (roundTrip >= timeout) from = 0;
    if (p.acks === 'all' && belowIsr) from = Math.min(from, ...hurt.map((f) => f.at));
    for (const f of s.faults) {
      if (f.kind === 'slow-broker' && f['delay.ms'] / 1000 + roundTrip >= timeout) from = Math.min(from, f.at);
      if (f.kind === 'lose-response' && (f.target === '*' || f.target === p.name)) lost += f.count * timeout;
    }
    const failing = Math.min(s.duration, s.duration - from + lost);
    if (failing <= 0) return;
    const perBatch = p.keys.kind === 'none' ? Math.max(1, Math.floor(p['batch.size'] / p.recordBytes)) : 1;
    const held = Math.min(s.topic.partitions, (peakRate(p) * (p['delivery.timeout.ms'] / 1000)) / perBatch, p['buffer.memory'] / Math.max(p['batch.size'], p.recordBytes));
    const backoff = p['retry.backoff.ms'] > 0 ? Math.max(RETRY_BACKOFF_MAX, p['retry.backoff.ms'] / 1000) : Math.max(roundTrip, 1e-4);
    visits += 2 * held * held * (failing / backoff);
  });
  if (visits === 0) return null;
  return { field: 'topic.partitions', what: `the producers' walks of the partitions holding a batch while batches are retried (${fmtCount(visits)} partition visits)`, events: visits * CLUSTER_DRAIN_VISIT_EVENTS, lower: true };
}
/**
 * Bytes a record costs the cluster model: its state (12 bytes) and its offset in the partition log
 * (4 bytes; replicas share the log, a replica's log being a prefix of it, so the replication factor
 * does not multiply this), doubled for the buffers' growth, plus the batches in flight; measured
 * 38 MB of heap for 600 k records (6 partitions, RF 3), 64 bytes with margin. A reader adds a bit
 * per record (the ids it has seen) and the processor an output record.
 */
export const CLUSTER_RECORD_BYTES = 64;
/**
 * Bytes a partition costs (its replicas' offsets, ISR, timers, fetch-session entries), with margin:
 * measured 2.8–3.3 KB of live heap a partition when built and 2.7–3.7 KB at the peak of a run, on
 * five shipped cluster scenarios at 20,000 partitions. The per-producer accumulator and the
 * idempotent producers' state come on top.
 */
export const CLUSTER_PARTITION_BYTES = 4096;
/**
 * Bytes an idempotent batch costs the partition's history of producer sequences (what a truncation
 * rebuilds the producer state from), with margin — kept only above the lowest offset a leader change
 * can cut to: the HW with clean elections (a few batches), the shortest replica with unclean ones
 * (up to every batch, a batch holding one record at worst, while a replica stays behind).
 */
export const CLUSTER_SEQ_HISTORY_BYTES = 96;

/**
 * The cluster model: every record sent (load spikes included) with its batch and the replication
 * visits it causes; fetch rounds — each of the N·(N−1) broker-pair sessions fetches once a round
 * trip while records flow (at most once a batch) and once per replica.fetch.wait.max.ms when idle,
 * three events a round; each reader (consumers, the processor) fetches the same way from every
 * broker and visits every partition a round; the processor's events per record; the ISR checks
 * visit every replica every replica.lag.time.max.ms / 2; with request costs, a handler completion
 * per request; send() blocking for buffer memory (its timeouts, the web front's) and produce requests
 * held by a slow broker. A record's events grow with the partition count (clusterRecordScale), and
 * so does a partition visit past 10,000 partitions (clusterVisitScale). Memory: the records and the
 * partitions (with request costs, the requests they can have waiting at the handlers: max.in.flight
 * per broker per producer); with an idempotent producer, each partition's remembered batches and
 * their history; with unclean elections on, the idempotent batches' sequence history; the batches
 * buffer.memory holds at once; with a web front, the send() calls that can wait at once (the peak
 * rate × max.block.ms; without one a producer's single thread waits alone).
 */
export function clusterCost(s: ClusterScenario): Cost {
  let records = 0;
  for (const p of s.producers) records += peakRate(p) * spikeSeconds(s.faults, p.name, s.duration);
  const n = s.cluster.brokers;
  const rf = Math.min(s.topic['replication.factor'], n);
  const P = s.topic.partitions;
  const rtt = Math.min(s.timing['rtt.ms'], s.timing['cross-rack.rtt.ms']) / 1000;
  const flowing = Math.min(records / s.duration, rtt > 0 ? 1 / rtt : Infinity);
  const rounds = s.duration * (flowing + 1 / Math.max(s.cluster['replica.fetch.wait.max.ms'] / 1000, rtt, 0.001));
  const sessions = Math.min(n * (n - 1), P * (rf - 1));
  const readers = [...s.consumers.map((c) => c['fetch.max.wait.ms']), ...(s.processor ? [500] : [])];
  const readerRounds = readers.reduce((a, w) => a + s.duration * (flowing + Math.min(n, P) / Math.max(w / 1000, rtt, 0.001)), 0);
  const visit = clusterVisitScale(P);
  const loops: NonNullable<Cost['loops']> = [
    { field: 'timing.rtt.ms', what: `${fmtCount(rounds * sessions)} fetch rounds of ${sessions} broker-pair sessions (one per round trip while records flow)`, events: 3 * rounds * sessions },
    { field: 'topic.partitions', what: `visits of ${fmtCount(P)} partitions by ${fmtCount(readerRounds)} fetch rounds of ${readers.length} reader(s)`, events: readerRounds * (P * CLUSTER_VISIT_EVENTS * visit + 3), lower: true },
    { field: 'cluster.replica.lag.time.max.ms', what: 'ISR checks of every replica', events: (P * rf * s.duration * CLUSTER_VISIT_EVENTS * visit) / (s.cluster['replica.lag.time.max.ms'] / 2000) },
  ];
  const walks = retryWalks(s);
  if (walks) loops.push(walks);
  const io = hasRequestCosts(s);
  const stall = s.faults.some((f) => f.kind === 'slow-broker') ? CLUSTER_STALL_EVENTS : 0;
  const front = s.producers.some((p) => p.front !== null) ? CLUSTER_FRONT_EVENTS : 0;
  const perRecord = clusterRecordScale(P) * (CLUSTER_EVENTS_PER_RECORD + (rf - 1) * CLUSTER_VISITS_PER_RECORD * CLUSTER_VISIT_EVENTS + (s.processor ? CLUSTER_PROCESSOR_EVENTS : 0) + (io ? CLUSTER_IO_EVENTS : 0) + CLUSTER_BLOCK_EVENTS + front + stall);
  const inFlight = s.producers.reduce((a, p) => a + p['max.in.flight.requests.per.connection'], 0);
  const events = records * perRecord + loops.reduce((a, l) => a + l.events, 0) + 4000;
  const memory: Cost['memory'] = [
    { field: 'duration', what: `${fmtCount(records)} records (${CLUSTER_RECORD_BYTES} bytes each, whatever the replication factor)`, bytes: records * (CLUSTER_RECORD_BYTES + readers.length / 8 + (s.processor ? CLUSTER_RECORD_BYTES : 0)) },
    { field: 'topic.partitions', what: `${fmtCount(P)} partitions`, bytes: P * (CLUSTER_PARTITION_BYTES + 256 * s.producers.length) + (io ? n * CLUSTER_IO_REQUEST_BYTES * inFlight : 0) },
  ];
  const idempotent = s.producers.filter((p) => effectiveIdempotence(p));
  const idem = idempotent.reduce((a, p) => a + peakRate(p) * spikeSeconds(s.faults, p.name, s.duration), 0);
  if (idem > 0) {
    // Each partition remembers DEDUP_WINDOW batches a producer, and its history holds up to twice
    // what the last compaction kept (with clean elections: DEDUP_WINDOW a producer and the batches
    // above the HW, one a request in flight) plus HISTORY_SLACK: at most the batches it got, a batch
    // holding one record at worst.
    const kept = idempotent.reduce((a, p) => a + 3 * DEDUP_WINDOW + 2 * p['max.in.flight.requests.per.connection'], 0);
    const entries = Math.min(idem / P, kept + HISTORY_SLACK);
    memory.push({ field: 'topic.partitions', what: `the idempotent producers' state of ${fmtCount(P)} partitions (up to ${fmtCount(entries)} batches each)`, bytes: P * entries * CLUSTER_SEQ_HISTORY_BYTES });
  }
  if (s.topic['unclean.leader.election.enable']) {
    if (idem > 0) memory.push({ field: 'topic.unclean.leader.election.enable', what: `the idempotent batches' sequences kept while a replica is behind (up to ${fmtCount(idem)})`, bytes: idem * CLUSTER_SEQ_HISTORY_BYTES });
  }
  s.producers.forEach((p, i) => {
    const sent = peakRate(p) * spikeSeconds(s.faults, p.name, s.duration);
    const batches = Math.min(sent, p['buffer.memory'] / Math.max(p['batch.size'], p.recordBytes));
    memory.push({ field: `producers.${i}.buffer.memory`, what: `the batches producer ${p.name}'s buffer.memory holds at once (up to ${fmtCount(batches)})`, bytes: batches * CLUSTER_BATCH_BYTES });
    if (p.front !== null) {
      const waiting = Math.min(sent, peakRate(p) * (p['max.block.ms'] / 1000));
      memory.push({ field: `producers.${i}.max.block.ms`, what: `the web requests of producer ${p.name} that can wait in send() at once (up to ${fmtCount(waiting)})`, bytes: waiting * CLUSTER_BLOCKED_BYTES });
    }
  });
  return { records, events, bytes: memory.reduce((a, m) => a + m.bytes, 0), memory, loops };
}

/**
 * Events per attempt of the dependency model, an upper bound: its timeout (scheduled, and popped
 * even when a success cancels it), its service completion, the retry that follows it and a share
 * of the breaker's and faults' events.
 */
export const SERVICE_EVENTS_PER_ATTEMPT = 4;
/** Bytes a live request costs (the request, its attempts, its slot), with the garbage collector's slack. */
export const SERVICE_REQUEST_BYTES = 400;
/** Bytes a queued attempt costs (it keeps its request alive after the client gave up). */
export const SERVICE_QUEUED_BYTES = 400;

/**
 * The dependency model: every call (load spikes included) times its attempts (1 + retries), a
 * tick a second for the per-second metrics; memory: the calls alive at once — at the peak rate
 * (all spikes stacked) over the longest a call can last, (retries + 1) timeouts plus its backoffs
 * — the queue at its limit, the servers and the breaker's window.
 */
export function serviceCost(s: ServiceScenario): Cost {
  const c = s.clients;
  // (The retry budget only lowers the attempts; the estimate is the bound without it.)
  const spikes = s.faults.map((f) => (f.kind === 'load-spike' ? { ...f, target: '*' } : f));
  const peak = Math.max(c.rate, ...c.profile.map((p) => p.rate));
  const records = peak * spikeSeconds(spikes, 'clients', s.duration);
  const attempts = 1 + c.retries;
  const events = records * (1 + attempts * SERVICE_EVENTS_PER_ATTEMPT) + s.duration + 4000;
  const stacked = s.faults.reduce((m, f) => (f.kind === 'load-spike' ? m * Math.max(1, f.factor) : m), 1);
  const lifetime = attempts * c.timeout + c.retries * (c.backoff === 'exponential' ? c['backoff.cap'] : 0);
  const alive = Math.min(records, peak * stacked * lifetime);
  const memory: Cost['memory'] = [
    { field: 'clients.timeout', what: `up to ${fmtCount(alive)} calls alive at once (${attempts} attempts of ${c.timeout} s at the peak rate)`, bytes: alive * SERVICE_REQUEST_BYTES },
    { field: 'service.queueLimit', what: `a queue of up to ${fmtCount(s.service.queueLimit)} attempts`, bytes: s.service.queueLimit * SERVICE_QUEUED_BYTES },
    { field: 'service.concurrency', what: `${fmtCount(s.service.concurrency)} servers`, bytes: s.service.concurrency * 64 },
    { field: 'breaker.slidingWindowSize', what: "the breaker's window", bytes: s.breaker.slidingWindowSize },
  ];
  return { records, events, bytes: memory.reduce((a, m) => a + m.bytes, 0), memory };
}

/**
 * Bytes a record held costs the storage model: its offset and key (4 + 4), timestamp and delete
 * horizon (8 + 8) and a flag, in a segment's typed arrays that double as they grow, plus the copy a
 * clean writes before it drops the old segments: 64 with margin.
 */
export const STORAGE_RECORD_BYTES = 64;
/** Bytes per key: the producer's and the reader's tables (version + alive), its hash, the cleaner's offset map, a Zipf table. */
export const STORAGE_KEY_BYTES = 40;

/** Records a storage run holds at once at most: every record, or what its cleanup policy bounds it to. */
export function storageHeld(s: StorageScenario, records: number): { held: number; field: string } {
  const t = s.topic;
  // The peak rate with every load spike stacked on it (an upper bound of the rate at any instant).
  const peak = peakRate(s.producer) * s.faults.reduce((m, f) => (f.kind === 'load-spike' ? m * Math.max(1, f.factor) : m), 1);
  const size = s.producer['value.bytes'] + s['record.overhead.bytes'];
  // One segment's worth per partition, however the segment rolls.
  const perSegment = Math.min(t['segment.bytes'] / Math.max(1, size), (peak * t['segment.ms']) / 1000 / t.partitions + 1);
  const segments = t.partitions * (perSegment + 1);
  const policy = t['cleanup.policy'];
  let held = records;
  let field = 'duration';
  if (policy !== 'compact') {
    const window = (t['retention.ms'] + s.cleaner['log.retention.check.interval.ms']) / 1000;
    const byTime = peak * window + 2 * segments;
    const bySize = t['retention.bytes'] > 0 ? t.partitions * (t['retention.bytes'] / Math.max(1, size) + 2 * perSegment) : Infinity;
    if (Math.min(byTime, bySize) < held) {
      held = Math.min(byTime, bySize);
      field = bySize < byTime ? 'topic.retention.bytes' : 'topic.retention.ms';
    }
  }
  if (policy !== 'delete' && s.cleaner['log.cleaner.threads'] > 0) {
    const k = s.producer.keys;
    const keys = k.kind === 'none' ? 0 : k.kind === 'coarse' ? k.values.length : k.count;
    // A clean starts once dirty bytes pass the ratio of the cleanable log: at most keys/(1 − ratio)
    // records, plus what arrives while a thread backs off or waits out the compaction lag.
    const ratio = Math.min(t['min.cleanable.dirty.ratio'], 0.95);
    const wait = (s.cleaner['log.cleaner.backoff.ms'] + t['min.compaction.lag.ms']) / 1000;
    const bound = (keys + 2 * segments) / (1 - ratio) + peak * wait + 2 * segments;
    if (bound < held) {
      held = bound;
      field = 'producer.keys.count';
    }
  }
  return { held, field };
}

/**
 * Events a segment costs the storage model when it is rolled or a clean writes it (five typed
 * arrays and their collection): measured 11–21 µs a segment with 1 KiB segments, on a loaded
 * machine where a plain event took about 0.5 µs.
 */
export const STORAGE_SEGMENT_EVENTS = 40;
/** Events a record costs a clean that copies it (measured 32 ns), and a segment a walk that looks at it (the dirtiness each cleaner wake-up and chart sample computes, about 10 ns). */
export const STORAGE_CLEAN_RECORD_EVENTS = 0.1;
export const STORAGE_SEGMENT_VISIT_EVENTS = 0.05;

/**
 * What the log's segments cost (log.ts, cleaner.ts), which small segments make most of a run:
 * - rolls: one a segment.bytes of records (at least one record a segment) and one a segment.ms per
 *   partition;
 * - cleans rewrite a partition's log up to its dirty end, segment by segment. Cleans started by
 *   min.cleanable.dirty.ratio r rewrite at most 1/r of the bytes produced (a clean starts when the
 *   dirty bytes are more than r of what it rewrites, and each byte is dirty once); with r = 0 a
 *   partition is rewritten whole at most once per rolled segment (a clean needs a closed dirty
 *   segment) and, as a thread goes on from one partition to the next until none is dirty and then
 *   backs off, about once per log.cleaner.backoff.ms (twice, with margin: segments roll meanwhile);
 *   past max.compaction.lag.ms, whole at most once per lag;
 * - the dirtiness walk over a partition's segments at each cleaner wake-up and chart sample.
 */
function segmentWork(s: StorageScenario, records: number, held: number): NonNullable<Cost['loops']> {
  const t = s.topic;
  const P = t.partitions;
  const size = s.producer['value.bytes'] + s['record.overhead.bytes'];
  const perSegment = Math.max(1, t['segment.bytes'] / size);
  const rolls = records / perSegment + (P * s.duration) / (t['segment.ms'] / 1000);
  const out: NonNullable<Cost['loops']> = [{ field: 'topic.segment.bytes', what: `${fmtCount(rolls)} segments rolled`, events: rolls * STORAGE_SEGMENT_EVENTS }];
  const threads = s.cleaner['log.cleaner.threads'];
  if (t['cleanup.policy'] === 'delete' || threads === 0) return out;
  const heldPer = held / P;
  const ratio = t['min.cleanable.dirty.ratio'];
  const maxLag = t['max.compaction.lag.ms'] === null ? Infinity : t['max.compaction.lag.ms'] / 1000;
  const wholes = Math.min(rolls + P, (P * s.duration) / maxLag);
  const byRatio = ratio > 0 ? records / ratio : Infinity;
  const wakes = (threads * s.duration) / (s.cleaner['log.cleaner.backoff.ms'] / 1000);
  const cleans = Math.min(rolls + P, 2 * P * wakes);
  const rewritten = Math.min(byRatio, cleans * heldPer) + wholes * heldPer;
  const segmentsHeld = P * (heldPer / perSegment + 2);
  const walks = wakes + cleans + wholes + CHART_SAMPLES;
  out.push({
    field: 'topic.segment.bytes',
    what: `cleans rewriting up to ${fmtCount(rewritten)} records in ${fmtCount(rewritten / perSegment)} segments, and walks of up to ${fmtCount(segmentsHeld)} segments`,
    events: rewritten * STORAGE_CLEAN_RECORD_EVENTS + (rewritten / perSegment) * STORAGE_SEGMENT_EVENTS + walks * segmentsHeld * STORAGE_SEGMENT_VISIT_EVENTS,
  });
  return out;
}

/**
 * The storage model: per record produced, its append and at most one fetch (a reader at the log end
 * fetches as each record arrives: a long poll answers at the first byte); the reader's fetches when
 * it catches up (each restore reads what the log holds, max.poll.records a fetch, and an idle reader
 * polls every fetch.max.wait.ms); a retention check of every partition every
 * log.retention.check.interval.ms; cleaner threads that back off every log.cleaner.backoff.ms; the
 * segments' work (segmentWork). Memory: the records held, the key space.
 */
export function storageCost(s: StorageScenario): Cost {
  const records = peakRate(s.producer) * spikeSeconds(s.faults, s.producer.name, s.duration);
  const { held, field } = storageHeld(s, records);
  const restores = 1 + s.faults.filter((f) => f.kind === 'restore').length;
  const r = s.reader;
  const loops: NonNullable<Cost['loops']> = [
    { field: 'reader.max.poll.records', what: 'fetches of the reader', events: ((held * restores) / r['max.poll.records']) * 2, lower: false },
    { field: 'reader.fetch.max.wait.ms', what: 'polls of a reader at the log end', events: s.duration / (r['fetch.max.wait.ms'] / 1000) },
    { field: 'cleaner.log.retention.check.interval.ms', what: 'retention checks of every partition', events: (s.topic.partitions * s.duration) / (s.cleaner['log.retention.check.interval.ms'] / 1000) },
    { field: 'cleaner.log.cleaner.backoff.ms', what: 'cleaner threads waking up', events: (s.cleaner['log.cleaner.threads'] * s.duration) / (s.cleaner['log.cleaner.backoff.ms'] / 1000) },
  ];
  loops.push(...segmentWork(s, records, held));
  const events = 2 * records + loops.reduce((a, l) => a + l.events, 0) + 4000;
  const k = s.producer.keys;
  const keys = k.kind === 'none' ? 0 : k.kind === 'coarse' ? k.values.length : k.count;
  const memory: Cost['memory'] = [
    { field, what: `${fmtCount(held)} records held in the log (${STORAGE_RECORD_BYTES} bytes each)`, bytes: held * STORAGE_RECORD_BYTES },
    { field: 'producer.keys.count', what: `a key space of ${fmtCount(keys)} keys`, bytes: keys * STORAGE_KEY_BYTES },
  ];
  return { records, events, bytes: memory.reduce((a, m) => a + m.bytes, 0), memory, loops };
}
