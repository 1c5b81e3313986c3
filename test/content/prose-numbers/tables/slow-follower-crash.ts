import { cluster as c, type Entry } from '../ledger.ts';
import type { ClusterScenario } from '../../../../src/scenario/schema.ts';
import type { LogEntry } from '../../../../src/sim/model/kafka/event-log.ts';
import type { ClusterSummary } from '../../../../src/run/models/cluster/data.ts';

type F = ClusterScenario['faults'][number];
const slow = (s: ClusterScenario) => s.faults[0] as Extract<F, { kind: 'slow-replica' }>;
const crash = (s: ClusterScenario) => s.faults[1] as Extract<F, { kind: 'broker-crash' }>;
const first = (log: LogEntry[], p: (e: LogEntry) => boolean) => log.find(p)!;
/** The follower's log end the shrink line prints (its offset when its fetcher stalled). */
const stalledAt = (log: LogEntry[], broker: number) => Number(/\(brokerId: (\d+), endOffset: (\d+),/.exec(first(log, (e) => e.text.includes('Shrinking ISR') && e.text.includes(`(brokerId: ${broker},`)).text)![2]);
const cutOf = (log: LogEntry[]) => Number(/— (\d+) record\(s\) cut/.exec(first(log, (e) => e.text.startsWith('Truncating partition audit-0 ')).text)![1]);
const lostOf = (log: LogEntry[]) => Number(/(\d+) acknowledged record\(s\) lost/.exec(first(log, (e) => e.text.startsWith('Truncating partition audit-0 ')).text)![1]);


export default [
  c.input('writes {300} audit', 'пишет {300} событий', (s) => s.producers[0].rate),
  c.input(['with acks={1} to', 'With acks={1} the'], ['с acks={1} в топик', 'С acks={1} лидер'], (s) => Number(s.producers[0].acks)),
  c.input('of {6} partitions', 'из {6} партиций', (s) => s.topic.partitions),
  c.input('on {3} brokers', 'на {3} брокерах', (s) => s.cluster.brokers),
  c.input(['replication.factor {2} to save', 'with replication.factor {2} every later', 'with replication.factor {2} both'], ['replication.factor {2} — чтобы', 'при replication.factor {2} у каждого', 'при replication.factor {2} нужны'], (s) => s.topic['replication.factor']),
  c.input(['t = {10} s broker', 'stopped at t = {10} s'], ['t = {10} с фетчер', 'остановилась в t = {10} с'], (s) => slow(s).at),
  c.input(['s broker {3}\'s replica', 'brokerId: {3}, endOffset', 'broker {3} (not in the ISR', 'Broker {3} stopped', 'until broker {3} leaves'], ['реплик брокера {3} застревает', 'brokerId: {3}, endOffset', 'broker {3} (not in the ISR', 'Брокер {3} остановился', 'пока брокер {3} не'], (s) => slow(s).broker),
  c.input('t = {90} s broker', 't = {90} с брокер', (s) => crash(s).at),
  c.input(['s broker {2} dies', 'broker {2} holds the only', 'on broker {2} is marked', 'When broker {2} died', 'once broker {2} dies'], ['с брокер {2} умирает', 'на брокере {2}, и он', 'на брокере {2} помечена', 'умер брокер {2},', 'смерти брокера {2} его'], (s) => crash(s).broker),
  c.measured('at t = {45} s “Shrinking', 'в t = {45} с «Shrinking', (r, { log }) => first(log, (e) => e.text.includes('Shrinking ISR') && e.text.includes('(brokerId: 3,')).t, { within: 0.01 }),
  c.fact('ISR from {2,3} to {2} …', 'ISR from {2,3} to {2} …', 'broker ids as the log line prints them (the ISR of audit-0: broker 2 and broker 3, then broker 2)', { says: [2, 3] }),
  c.measured(['endOffset: {480} …', 'endOffset {480})', 'at offset {480} of'], ['endOffset: {480} …', 'endOffset {480})', 'на смещении {480} в'], (r, { log }) => stalledAt(log, 3)),
  c.fact(
    ['copy of audit-{0}, and', 'election for audit-{0}: broker', 'partition audit-{0} …', 'replica of audit-{0} on', 'replica of audit-{0} was', 'offset 480 of audit-{0};', 'leaders of audit-{0} and'],
    ['у audit-{0} одна', 'election for audit-{0}: broker', 'partition audit-{0} …', 'реплика audit-{0} на', 'репликой audit-{0} была', 'в audit-{0}; через', 'лидеры audit-{0} и'],
    'the partition the log lines name (its number, not a quantity): the one broker 2 led and broker 3 followed',
  ),
  c.fact('audit-0 and audit-{5} refuse', 'audit-0 и audit-{5} отказывают', 'the other partition broker 3 followed (its number, not a quantity)'),
  c.measured('At t = {99} s “Unclean', 'В t = {99} с «Unclean', (r, { log }) => first(log, (e) => e.text.startsWith('Unclean leader election')).t, { within: 0.01 }),
  c.measured('… {3903} record(s) cut', '… {3903} record(s) cut', (r, { log }) => cutOf(log)),
  c.measured('cut, {3903} acknowledged', 'cut, {3903} acknowledged', (r, { log }) => lostOf(log)),
  c.measured(['lost: about {3,900} events', '0 instead of about {3,900}.'], ['около {3900} событий', '0 вместо примерно {3900}.'], (r) => r.lost, { within: 150 }),
  c.measured('failed: {0} — the', 'ошибок: {0} — продюсер', (r) => r.records.failed),
  c.input('min.insync.replicas {1} (Kafka', 'min.insync.replicas {1} (по умолчанию', (s) => s.topic['min.insync.replicas'], { kafkaDefault: 'topicAndBroker.min.insync.replicas' }),
  c.measured('loses {3,903} events', 'теряет {3903} события', (r, { run, s }) => (run('slow-follower-crash', 'producers.0.acks=all').summary as ClusterSummary).lost),
  c.input('min.insync.replicas={2}', 'min.insync.replicas={2}', (s) => s.topic['min.insync.replicas'], { fix: true, n: 2 }),
  c.input('only when {2} replicas', 'есть на {2} репликах', (s) => s.topic['min.insync.replicas'], { fix: true }),
  c.measured('From t = {45} s the', 'С t = {45} с лидеры', (r, { log }) => first(log, (e) => /Error: NOT_ENOUGH_REPLICAS/.test(e.text)).t, { fix: true, within: 0.5 }),
  c.measured('(about {560} answers)', 'около {560} ответов', (r) => r.notEnoughReplicas, { fix: true, within: 20 }),
  c.measured('and {2,060} events fail', 'и {2060} событий', (r) => r.records.failed, { fix: true }),
  c.measured('Lost: {0} instead', 'Потеряно: {0} вместо', (r) => r.lost, { fix: true }),
  c.measured('p99 about {33} s, not', 'около {33} с, а', (r) => r.produceLatency.p99!, { fix: true, within: 1 }),
  c.measured('not {4.6} s)', 'не {4,6} с)', (r) => r.produceLatency.p99!),
  c.measured('({372} partition-seconds', '({372} партиция·с', (r) => r.unavailable.total, { fix: true }),
  c.measured('unavailable, not {18})', 'недоступности, а не {18})', (r) => r.unavailable.total),
] satisfies Entry[];
