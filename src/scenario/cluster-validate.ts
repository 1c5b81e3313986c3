/**
 * Checks of a cluster scenario that involve several fields (the schema checks each field alone):
 * replication factor against the broker count, `min.insync.replicas`, the idempotent producer's
 * conflicts (as Kafka's ConfigException states them), timeouts, racks, fault targets.
 * Every message names the field and what is allowed.
 *
 * Where Kafka accepts a setting that cannot work, QueueLab refuses it and says what Kafka would
 * do, because a run that silently does nothing teaches the wrong thing:
 * - `min.insync.replicas` above `replication.factor`: Kafka creates the topic, and then every
 *   acks=all write fails with NOT_ENOUGH_REPLICAS (the ISR can never be that large).
 * - `replica.selector.class` rack-aware without any `broker.rack`: the selector picks a replica by
 *   its broker.rack, so it could never pick one.
 *
 * A `client.rack` that no broker is in (or any `client.rack` while the brokers have no
 * `broker.rack`) is accepted, as Kafka accepts it: RackAwareReplicaSelector finds no replica in that
 * rack and the consumer reads from the leader; a producer's rack only says which of its links cross
 * racks. Since it is almost always a typo that silently turns follower fetching off, the page shows
 * a warning and the CLI summary a note line (`unmatchedRacks`, ./cluster-racks.ts).
 * - `delivery.timeout.ms` below `linger.ms + request.timeout.ms`: Kafka refuses it when set
 *   explicitly (and raises an unset default); a scenario carries its defaults filled in, so the
 *   rule is applied to the value in effect.
 * - `max.in.flight.requests.per.connection` above 5 with `enable.idempotence` not set to false:
 *   Kafka 4.x refuses it even when idempotence is only on by default.
 * - `buffer.memory` below `batch.size` or below `recordBytes`: Kafka starts, and then every send()
 *   that needs a new batch fails (BufferPool.allocate throws IllegalArgumentException "Attempt to
 *   allocate N bytes, but there is a hard limit of M on memory allocations."; a record larger than
 *   buffer.memory gets RecordTooLargeException), so nothing would ever be written.
 */
import type { ClusterScenario } from './schema.ts';
import { producerErrors, producerNameErrors, producerTargetError, serviceErrors, type ScenarioError } from './checks.ts';

/** The idempotent producer's window: at most this many requests in flight per connection. */
export const MAX_IN_FLIGHT_FOR_IDEMPOTENCE = 5;
/** The broker's `transaction.max.timeout.ms` (Kafka's default): a longer `transaction.timeout.ms` is refused by InitProducerId. */
export const TRANSACTION_MAX_TIMEOUT_MS = 900_000;

function replicationErrors(s: ClusterScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const n = s.cluster.brokers;
  const rf = s.topic['replication.factor'];
  const minIsr = s.topic['min.insync.replicas'];
  if (rf > n) {
    // Kafka: InvalidReplicationFactorException "Replication factor: 4 larger than available brokers: 3."
    errors.push({ path: 'topic.replication.factor', message: `must be at most cluster.brokers (${n}), in [1, ${n}]: Kafka refuses "Replication factor: ${rf} larger than available brokers: ${n}."`, value: rf });
  }
  if (minIsr > rf) {
    errors.push({
      path: 'topic.min.insync.replicas',
      message: `must be at most topic.replication.factor (${rf}), in [1, ${rf}]: Kafka accepts a larger value, but then the ISR (at most ${rf} replicas) is never large enough and every acks=all write fails with NOT_ENOUGH_REPLICAS. The usual pair is replication.factor 3 with min.insync.replicas 2`,
      value: minIsr,
    });
  }
  return errors;
}

function producerConfigErrors(s: ClusterScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  s.producers.forEach((p, i) => {
    const at = `producers.${i}`;
    const idem = p['enable.idempotence'];
    const inFlight = p['max.in.flight.requests.per.connection'];
    if (idem === true && p.acks !== 'all') {
      errors.push({ path: `${at}.acks`, message: `must be "all" with enable.idempotence=true (ConfigException: "Must set acks to all in order to use the idempotent producer. Otherwise we cannot guarantee idempotence."); set acks to "all", or enable.idempotence to false or null`, value: p.acks });
    }
    if (idem === true && p.retries === 0) {
      errors.push({ path: `${at}.retries`, message: `must be in [1, 2147483647] with enable.idempotence=true (ConfigException: "Must set retries to non-zero when using the idempotent producer."); or set enable.idempotence to false or null`, value: p.retries });
    }
    if (idem !== false && inFlight > MAX_IN_FLIGHT_FOR_IDEMPOTENCE) {
      const why = idem === true ? 'with enable.idempotence=true' : 'while enable.idempotence is not false (Kafka 4 turns it on by default and refuses this even when it is not set)';
      errors.push({
        path: `${at}.max.in.flight.requests.per.connection`,
        message: `must be in [1, ${MAX_IN_FLIGHT_FOR_IDEMPOTENCE}] ${why} (ConfigException: "To use the idempotent producer, max.in.flight.requests.per.connection must be set to at most 5. Current value is ${inFlight}."); set enable.idempotence to false to allow more`,
        value: inFlight,
      });
    }
    const need = Math.max(p['batch.size'], p.recordBytes);
    if (p['buffer.memory'] < need) {
      const what = p.recordBytes > p['batch.size'] ? `recordBytes (${p.recordBytes})` : `batch.size (${p['batch.size']})`;
      errors.push({
        path: `${at}.buffer.memory`,
        message: `must be at least ${what}, in [${need}, 1099511627776] bytes: each new batch takes max(batch.size, the record's size) bytes of buffer.memory, so with less every send() would fail (Kafka: "Attempt to allocate ${need} bytes, but there is a hard limit of ${p['buffer.memory']} on memory allocations.")`,
        value: p['buffer.memory'],
      });
    }
    const floor = p['linger.ms'] + p['request.timeout.ms'];
    if (p['delivery.timeout.ms'] < floor) {
      errors.push({
        path: `${at}.delivery.timeout.ms`,
        message: `must be at least linger.ms + request.timeout.ms (${p['linger.ms']} + ${p['request.timeout.ms']} = ${floor} ms), in [${floor}, 86400000] ms (ConfigException: "delivery.timeout.ms should be equal to or larger than linger.ms + request.timeout.ms")`,
        value: p['delivery.timeout.ms'],
      });
    }
  });
  return errors;
}

function rackErrors(s: ClusterScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const c = s.cluster;
  const racks = c['broker.rack'];
  const known = new Set(racks);
  if (racks.length > c.brokers) {
    errors.push({ path: 'cluster.broker.rack', message: `must have at most cluster.brokers (${c.brokers}) racks: one per broker, by index (a shorter list is cycled)`, value: racks.length });
  }
  if (c['replica.selector.class'] === 'rack-aware' && known.size === 0) {
    errors.push({ path: 'cluster.replica.selector.class', message: 'must be "leader" while the brokers have no racks (cluster.broker.rack is []): the rack-aware selector picks a replica by its broker.rack', value: c['replica.selector.class'] });
  }
  return errors;
}

/** Zero round trips with a zero long-poll wait would answer empty fetches at one instant forever. */
function zeroTimeErrors(s: ClusterScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const t = s.timing;
  const racks = s.cluster['broker.rack'].length > 0;
  const waits: [string, number][] = [['cluster.replica.fetch.wait.max.ms', s.cluster['replica.fetch.wait.max.ms']]];
  s.consumers.forEach((x, i) => waits.push([`consumers.${i}.fetch.max.wait.ms`, x['fetch.max.wait.ms']]));
  const zero = waits.find(([, w]) => w === 0);
  if (!zero) return errors;
  const why = `when ${zero[0]} is 0: an empty fetch would be answered in zero time and sent again at once, so simulated time would stop`;
  if (t['rtt.ms'] === 0) errors.push({ path: 'timing.rtt.ms', message: `must be more than 0, in (0, 60000] ms, ${why}`, value: 0 });
  if (racks && t['cross-rack.rtt.ms'] === 0) errors.push({ path: 'timing.cross-rack.rtt.ms', message: `must be more than 0, in (0, 60000] ms, ${why}`, value: 0 });
  return errors;
}

function readerErrors(s: ClusterScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const names = new Set<string>();
  s.consumers.forEach((x, i) => {
    if (names.has(x.name)) errors.push({ path: `consumers.${i}.name`, message: 'must be unique (the results list consumers by name)', value: x.name });
    names.add(x.name);
    if (x.reads === 'output' && s.processor === null) {
      errors.push({ path: `consumers.${i}.reads`, message: `must be "topic" when there is no processor: "${s.topic.name}-out" is written by the processor (set processor, or reads to "topic")`, value: x.reads });
    }
  });
  const p = s.processor;
  if (p !== null) {
    errors.push(...serviceErrors(p.processing.time, 'processor.processing.time'));
    if (p['processing.guarantee'] === 'exactly_once_v2') {
      if (p['transaction.timeout.ms'] > TRANSACTION_MAX_TIMEOUT_MS) {
        errors.push({ path: 'processor.transaction.timeout.ms', message: `must be at most the broker's transaction.max.timeout.ms (${TRANSACTION_MAX_TIMEOUT_MS} ms), in [1, ${TRANSACTION_MAX_TIMEOUT_MS}] ms: InitProducerId refuses a longer one (InvalidTxnTimeoutException)`, value: p['transaction.timeout.ms'] });
      }
      if (p['transaction.timeout.ms'] < p['commit.interval.ms']) {
        errors.push({ path: 'processor.transaction.timeout.ms', message: `must be at least processor.commit.interval.ms (${p['commit.interval.ms']} ms): Kafka Streams refuses a transaction timeout lower than its commit interval, as every transaction would time out before its commit`, value: p['transaction.timeout.ms'] });
      }
    }
  }
  return errors;
}

function faultErrors(s: ClusterScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const n = s.cluster.brokers;
  const producers = new Set(s.producers.map((p) => p.name));
  s.faults.forEach((f, i) => {
    if (f.at >= s.duration) errors.push({ path: `faults.${i}.at`, message: `must be before the end of the run (${s.duration} s)`, value: f.at });
    switch (f.kind) {
      case 'broker-crash':
      case 'broker-restart':
      case 'slow-broker':
      case 'slow-replica':
      case 'network-partition':
        if (f.broker > n) errors.push({ path: `faults.${i}.broker`, message: `must be a broker id in [1, ${n}] (cluster.brokers is ${n})`, value: f.broker });
        return;
      case 'lose-response':
      case 'producer-stop':
      case 'producer-start':
      case 'load-spike':
        errors.push(...producerTargetError(f.target, producers, i));
        return;
      case 'crash':
      case 'restart':
        if (s.processor === null) {
          errors.push({ path: `faults.${i}.target`, message: `names the processor, but the scenario has none: ${f.kind} stops or starts the processor (use broker-crash for a broker)`, value: f.target });
        } else if (f.target !== s.processor.name) {
          errors.push({ path: `faults.${i}.target`, message: `must be the processor's name: ${s.processor.name}`, value: f.target });
        }
        return;
      case 'controller-failover':
        return;
    }
  });
  return errors;
}

export function clusterErrors(s: ClusterScenario): ScenarioError[] {
  return [
    ...producerErrors(s.producers, s.duration),
    ...producerNameErrors(s.producers),
    ...replicationErrors(s),
    ...producerConfigErrors(s),
    ...rackErrors(s),
    ...zeroTimeErrors(s),
    ...readerErrors(s),
    ...faultErrors(s),
  ];
}
