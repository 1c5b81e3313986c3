/**
 * The cluster model's cross-field validation (src/scenario/cluster-validate.ts): every refusal
 * names the field and what is allowed — the range, or the other field it must agree with — and
 * where Kafka itself refuses the setting, in Kafka's words (ConfigException).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import { validationErrors } from './core-helpers.ts';
import { unmatchedRacks } from '../../src/scenario/cluster-racks.ts';
import { formatClusterTable, rackNotes } from '../../src/run/models/cluster/table.ts';
import { createCluster } from '../../src/run/models/cluster/entry.ts';
import { buildClusterSummary } from '../../src/run/models/cluster/summary.ts';

const base = {
  version: 1,
  model: 'cluster',
  duration: 60,
  producers: [{ name: 'p', rate: 100 }],
};
const errorsOf = (parts: Record<string, unknown>) => validationErrors({ ...base, ...parts });
const producer = (extra: Record<string, unknown>) => ({ producers: [{ name: 'p', rate: 100, ...extra }] });
const processor = { name: 'enricher', processing: { time: { type: 'exponential', mean: 0.001 } } };

describe('cluster validation', () => {
  it('accepts the defaults and fills Kafka 4’s: three brokers, RF 3, acks=all, idempotence unset', () => {
    const r = validateScenario(base);
    expect(r.ok).toBe(true);
    if (!r.ok || r.scenario.model !== 'cluster') return;
    expect(r.scenario.cluster.brokers).toBe(3);
    expect(r.scenario.topic).toMatchObject({ 'replication.factor': 3, 'min.insync.replicas': 1, 'unclean.leader.election.enable': false });
    expect(r.scenario.producers[0]).toMatchObject({ acks: 'all', 'enable.idempotence': null, 'max.in.flight.requests.per.connection': 5, 'delivery.timeout.ms': 120_000 });
  });

  it('accepts every shipped cluster scenario', () => {
    for (const f of readdirSync('scenarios').filter((x) => x.endsWith('.json') && x !== 'scenario.schema.json')) {
      const raw = JSON.parse(readFileSync(`scenarios/${f}`, 'utf8')) as { model: string };
      if (raw.model !== 'cluster') continue;
      const r = validateScenario(raw);
      expect(r.ok ? [] : r.errors.map(formatError), f).toEqual([]);
    }
  });

  it('refuses a replication factor above the broker count, in Kafka’s words', () => {
    expect(errorsOf({ cluster: { brokers: 3 }, topic: { 'replication.factor': 4 } })).toEqual([
      'topic.replication.factor: must be at most cluster.brokers (3), in [1, 3]: Kafka refuses "Replication factor: 4 larger than available brokers: 3." (got 4)',
    ]);
    expect(errorsOf({ cluster: { brokers: 4 }, topic: { 'replication.factor': 4 } })).toEqual([]);
  });

  it('refuses min.insync.replicas above the replication factor, saying that Kafka accepts it and every acks=all write would fail', () => {
    const errs = errorsOf({ topic: { 'replication.factor': 2, 'min.insync.replicas': 3 } });
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^topic\.min\.insync\.replicas: must be at most topic\.replication\.factor \(2\), in \[1, 2\]: Kafka accepts a larger value, but then .* every acks=all write fails with NOT_ENOUGH_REPLICAS/);
    expect(errs[0]).toMatch(/\(got 3\)$/);
    // Equal to RF is allowed (a classic mistake, but a working one while every replica is in sync).
    expect(errorsOf({ topic: { 'replication.factor': 3, 'min.insync.replicas': 3 } })).toEqual([]);
  });

  it('refuses an explicitly idempotent producer with acks other than all, retries 0, or more than 5 in flight, with Kafka’s ConfigException', () => {
    expect(errorsOf(producer({ 'enable.idempotence': true, acks: '1' }))).toEqual([
      'producers.0.acks: must be "all" with enable.idempotence=true (ConfigException: "Must set acks to all in order to use the idempotent producer. Otherwise we cannot guarantee idempotence."); set acks to "all", or enable.idempotence to false or null (got "1")',
    ]);
    expect(errorsOf(producer({ 'enable.idempotence': true, retries: 0 }))).toEqual([
      'producers.0.retries: must be in [1, 2147483647] with enable.idempotence=true (ConfigException: "Must set retries to non-zero when using the idempotent producer."); or set enable.idempotence to false or null (got 0)',
    ]);
    const inFlight = errorsOf(producer({ 'enable.idempotence': true, 'max.in.flight.requests.per.connection': 6 }));
    expect(inFlight).toHaveLength(1);
    expect(inFlight[0]).toMatch(/^producers\.0\.max\.in\.flight\.requests\.per\.connection: must be in \[1, 5\] with enable\.idempotence=true \(ConfigException: "To use the idempotent producer, max\.in\.flight\.requests\.per\.connection must be set to at most 5\. Current value is 6\."\)/);
    // All three at once: every one is listed.
    expect(errorsOf(producer({ 'enable.idempotence': true, acks: '0', retries: 0, 'max.in.flight.requests.per.connection': 10 }))).toHaveLength(3);
  });

  it('lets an unset enable.idempotence give way to acks and retries (Kafka turns it off), but not to more than 5 in flight (Kafka 4 refuses it)', () => {
    expect(errorsOf(producer({ acks: '1' }))).toEqual([]);
    expect(errorsOf(producer({ acks: '0', retries: 0 }))).toEqual([]);
    expect(errorsOf(producer({ 'max.in.flight.requests.per.connection': 6 }))[0]).toMatch(/^producers\.0\.max\.in\.flight\.requests\.per\.connection: must be in \[1, 5\] while enable\.idempotence is not false .*set enable\.idempotence to false to allow more \(got 6\)$/);
    expect(errorsOf(producer({ 'enable.idempotence': false, acks: '1', retries: 0, 'max.in.flight.requests.per.connection': 6 }))).toEqual([]);
  });

  it('refuses delivery.timeout.ms below linger.ms + request.timeout.ms, as Kafka does', () => {
    expect(errorsOf(producer({ 'delivery.timeout.ms': 10_000 }))).toEqual([
      'producers.0.delivery.timeout.ms: must be at least linger.ms + request.timeout.ms (5 + 30000 = 30005 ms), in [30005, 86400000] ms (ConfigException: "delivery.timeout.ms should be equal to or larger than linger.ms + request.timeout.ms") (got 10000)',
    ]);
    expect(errorsOf(producer({ 'delivery.timeout.ms': 10_000, 'request.timeout.ms': 5_000 }))).toEqual([]);
    expect(errorsOf(producer({ 'delivery.timeout.ms': 30_005 }))).toEqual([]);
  });

  it('buffer.memory: Kafka’s 32 MiB and max.block.ms 60 s by default; refused below a batch (every send() would fail), naming the field and the range', () => {
    const r = validateScenario(base);
    if (!r.ok || r.scenario.model !== 'cluster') throw new Error('base refused');
    expect(r.scenario.producers[0]).toMatchObject({ 'buffer.memory': 33_554_432, 'max.block.ms': 60_000, front: null });
    expect(errorsOf(producer({ 'buffer.memory': 8192 }))).toEqual([
      'producers.0.buffer.memory: must be at least batch.size (16384), in [16384, 1099511627776] bytes: each new batch takes max(batch.size, the record\'s size) bytes of buffer.memory, so with less every send() would fail (Kafka: "Attempt to allocate 16384 bytes, but there is a hard limit of 8192 on memory allocations.") (got 8192)',
    ]);
    // A record larger than batch.size takes its own size.
    expect(errorsOf(producer({ 'buffer.memory': 20_000, recordBytes: 30_000 }))[0]).toMatch(/^producers\.0\.buffer\.memory: must be at least recordBytes \(30000\), in \[30000, 1099511627776\] bytes/);
    expect(errorsOf(producer({ 'buffer.memory': 16_384 }))).toEqual([]);
    expect(errorsOf(producer({ 'buffer.memory': 0 }))[0]).toBe('producers.0.buffer.memory: must be an integer in [1, 1099511627776] bytes (got 0)');
    expect(errorsOf(producer({ 'max.block.ms': -1 }))[0]).toBe('producers.0.max.block.ms: must be an integer in [0, 86400000] ms (got -1)');
    expect(errorsOf(producer({ 'max.block.ms': 0 }))).toEqual([]);
  });

  it('the web front (QueueLab’s assumption): a load-balancer timeout in range and one of two answers', () => {
    const r = validateScenario({ ...base, ...producer({ front: {} }) });
    if (!r.ok || r.scenario.model !== 'cluster') throw new Error('front refused');
    expect(r.scenario.producers[0].front).toEqual({ 'timeout.ms': 30_000, respond: 'after-send' });
    expect(errorsOf(producer({ front: { 'timeout.ms': 0 } }))[0]).toBe('producers.0.front.timeout.ms: must be an integer in [1, 3600000] ms (got 0)');
    expect(errorsOf(producer({ front: { respond: '202' } }))[0]).toBe('producers.0.front.respond: must be one of: after-send, accept-and-shed (got "202")');
    expect(errorsOf(producer({ front: { retries: 3 } }))[0]).toMatch(/^producers\.0\.front/);
  });

  it('refuses fault targets that do not exist: broker ids past the cluster, unknown producers, a processor that is not there', () => {
    const errs = errorsOf({
      cluster: { brokers: 3 },
      faults: [
        { at: 1, kind: 'broker-crash', broker: 4 },
        { at: 2, kind: 'slow-replica', broker: 3, 'delay.ms': 100, duration: 5 },
        { at: 3, kind: 'network-partition', broker: 5, duration: 5 },
        { at: 4, kind: 'lose-response', target: 'q' },
        { at: 5, kind: 'crash', target: 'enricher' },
        { at: 6, kind: 'broker-restart', broker: 9 },
        { at: 7, kind: 'lose-response', target: '*', count: 3 },
        { at: 60, kind: 'controller-failover' },
        { at: 8, kind: 'slow-broker', broker: 4, 'delay.ms': 5000, duration: 60 },
        { at: 9, kind: 'slow-broker', broker: 2, 'delay.ms': 5000, duration: 60 },
      ],
    });
    expect(errs).toEqual([
      'faults.0.broker: must be a broker id in [1, 3] (cluster.brokers is 3) (got 4)',
      'faults.2.broker: must be a broker id in [1, 3] (cluster.brokers is 3) (got 5)',
      'faults.3.target: must be a producer name: one of p, or "*" for all (got "q")',
      'faults.4.target: names the processor, but the scenario has none: crash stops or starts the processor (use broker-crash for a broker) (got "enricher")',
      'faults.5.broker: must be a broker id in [1, 3] (cluster.brokers is 3) (got 9)',
      'faults.7.at: must be before the end of the run (60 s) (got 60)',
      'faults.8.broker: must be a broker id in [1, 3] (cluster.brokers is 3) (got 4)',
    ]);
    expect(errorsOf({ faults: [{ at: 1, kind: 'slow-broker', broker: 1, 'delay.ms': 0, duration: 5 }] })[0]).toBe('faults.0.delay.ms: must be a number in (0, 3600000] ms (got 0)');
    expect(errorsOf({ processor, faults: [{ at: 5, kind: 'crash', target: 'mapper' }, { at: 6, kind: 'restart', target: 'enricher' }] })).toEqual([
      'faults.0.target: must be the processor\'s name: enricher (got "mapper")',
    ]);
  });

  it('refuses a consumer of the output topic without a processor, and consumers with one name', () => {
    expect(errorsOf({ consumers: [{ name: 'r', reads: 'output' }] })).toEqual([
      'consumers.0.reads: must be "topic" when there is no processor: "orders-out" is written by the processor (set processor, or reads to "topic") (got "output")',
    ]);
    expect(errorsOf({ processor, consumers: [{ name: 'r', reads: 'output', 'isolation.level': 'read_committed' }] })).toEqual([]);
    expect(errorsOf({ consumers: [{ name: 'r' }, { name: 'r' }] })).toEqual(['consumers.1.name: must be unique (the results list consumers by name) (got "r")']);
    expect(errorsOf({ producers: [{ name: 'p', rate: 1 }, { name: 'p', rate: 1 }] })[0]).toMatch(/^producers\.1\.name: must be unique/);
  });

  it('refuses a transaction timeout the broker or Kafka Streams would refuse', () => {
    const eos = (extra: Record<string, unknown>) => errorsOf({ processor: { ...processor, 'processing.guarantee': 'exactly_once_v2', ...extra } });
    expect(eos({ 'transaction.timeout.ms': 1_000_000 })[0]).toMatch(/^processor\.transaction\.timeout\.ms: must be at most the broker's transaction\.max\.timeout\.ms \(900000 ms\), in \[1, 900000\] ms/);
    expect(eos({ 'transaction.timeout.ms': 50, 'commit.interval.ms': 100 })[0]).toMatch(/^processor\.transaction\.timeout\.ms: must be at least processor\.commit\.interval\.ms \(100 ms\)/);
    expect(eos({})).toEqual([]);
    // Not transactional: the timeout is not used.
    expect(errorsOf({ processor: { ...processor, 'transaction.timeout.ms': 1_000_000 } })).toEqual([]);
  });

  it('client.rack that no broker is in is accepted, as Kafka accepts it, and listed (the page warns, the CLI prints a note); rack-aware selection needs broker racks', () => {
    const racks = { brokers: 3, 'broker.rack': ['az-a', 'az-b', 'az-c'], 'replica.selector.class': 'rack-aware' };
    const ok = (parts: Record<string, unknown>) => {
      const r = validateScenario({ ...base, ...parts });
      if (!r.ok || r.scenario.model !== 'cluster') throw new Error(r.ok ? 'not cluster' : r.errors.map(formatError).join('; '));
      return r.scenario;
    };
    expect(unmatchedRacks(ok({ cluster: racks, consumers: [{ name: 'r', 'client.rack': 'az-b' }] }))).toEqual([]);
    const typo = ok({ cluster: racks, consumers: [{ name: 'r', 'client.rack': 'az-d' }] });
    expect(unmatchedRacks(typo)).toEqual([{ path: 'consumers.0.client.rack', name: 'r', rack: 'az-d' }]);
    expect(rackNotes(typo)).toEqual(['consumers.0.client.rack "az-d" matches no broker rack (the brokers are in az-a, az-b, az-c): Kafka accepts it, and the consumer reads every partition from its leader']);
    const none = ok(producer({ 'client.rack': 'az-a' }));
    expect(unmatchedRacks(none)).toEqual([{ path: 'producers.0.client.rack', name: 'p', rack: 'az-a' }]);
    expect(rackNotes(none)[0]).toBe('producers.0.client.rack "az-a" matches no broker rack (the brokers have none): Kafka accepts it, and it changes nothing');
    // The run reads from the leader: every fetch of the consumer goes to a leader, none to a follower.
    const s = ok({ duration: 10, cluster: racks, consumers: [{ name: 'r', 'client.rack': 'az-d' }] });
    const m = createCluster(s);
    m.run(s.duration);
    const r = buildClusterSummary(s, m);
    expect(r.consumers[0].fetches).toBeGreaterThan(0);
    expect(r.consumers[0].followerShare).toBe(0);
    expect(formatClusterTable(s, r)).toContain('note: consumers.0.client.rack "az-d" matches no broker rack');
    expect(errorsOf({ cluster: { 'replica.selector.class': 'rack-aware' } })[0]).toMatch(/^cluster\.replica\.selector\.class: must be "leader" while the brokers have no racks/);
    expect(errorsOf({ cluster: { brokers: 2, 'broker.rack': ['a', 'b', 'c'] }, topic: { 'replication.factor': 2 } })[0]).toBe('cluster.broker.rack: must have at most cluster.brokers (2) racks: one per broker, by index (a shorter list is cycled) (got 3)');
    // Fewer racks than brokers is cycled: fine.
    expect(errorsOf({ cluster: { brokers: 6, 'broker.rack': ['a', 'b', 'c'] } })).toEqual([]);
  });

  it('refuses zero round trips with a zero long-poll wait (simulated time would stop)', () => {
    expect(errorsOf({ cluster: { 'replica.fetch.wait.max.ms': 0 }, timing: { 'rtt.ms': 0 } })[0]).toMatch(/^timing\.rtt\.ms: must be more than 0, in \(0, 60000\] ms, when cluster\.replica\.fetch\.wait\.max\.ms is 0/);
    expect(errorsOf({ consumers: [{ name: 'r', 'fetch.max.wait.ms': 0 }], timing: { 'rtt.ms': 0 } })[0]).toMatch(/^timing\.rtt\.ms: .* when consumers\.0\.fetch\.max\.wait\.ms is 0/);
    expect(errorsOf({ cluster: { 'broker.rack': ['a', 'b'], 'replica.fetch.wait.max.ms': 0 }, timing: { 'cross-rack.rtt.ms': 0 } })[0]).toMatch(/^timing\.cross-rack\.rtt\.ms: must be more than 0/);
    expect(errorsOf({ timing: { 'rtt.ms': 0 } })).toEqual([]);
    expect(errorsOf({ cluster: { 'replica.fetch.wait.max.ms': 0 } })).toEqual([]);
  });

  it('the schema’s own ranges name the field', () => {
    expect(errorsOf({ cluster: { brokers: 65 } })[0]).toBe('cluster.brokers: must be an integer in [1, 64] (got 65)');
    expect(errorsOf(producer({ acks: '2' }))[0]).toBe('producers.0.acks: must be one of: "0", "1", "all" (got "2")');
    expect(errorsOf({ topic: { 'min.insync.replicas': 0 } })[0]).toBe('topic.min.insync.replicas: must be an integer in [1, 64] (got 0)');
  });
});
