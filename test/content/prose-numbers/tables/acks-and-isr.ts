import { cluster as c, type Entry } from '../ledger.ts';
import type { ClusterScenario } from '../../../../src/scenario/schema.ts';
import type { LogEntry } from '../../../../src/sim/model/kafka/event-log.ts';
import type { ClusterSummary } from '../../../../src/run/models/cluster/data.ts';

type Cut = Extract<ClusterScenario['faults'][number], { kind: 'network-partition' }>;
const cut = (s: ClusterScenario) => s.faults[0] as Cut;
/** The `--set` that replaces the cut with a crash of the same broker at the same time, back after as long. */
export const crashInstead = (s: ClusterScenario) => `faults.0=${JSON.stringify({ at: cut(s).at, kind: 'broker-crash', broker: cut(s).broker, restartAfter: cut(s).duration })}`;
const truncatedOn = (log: LogEntry[], partition: string) => Number(/(\d+) acknowledged record\(s\) lost/.exec(log.find((e) => e.text.startsWith(`Truncating partition ${partition} `) && e.text.includes('acknowledged'))!.text)![1]);

export default [
  c.input(['acks={1}: a leader', 'keeps acknowledging acks={1} writes', 'with acks={1}: a payment', 'With acks={1} the leader', 'because acks={1} never', 'and acks={1} loses only'], ['acks={1}: лидер', 'подтверждать записи с acks={1};', 'с acks={1}: платёж', 'С acks={1} лидер', 'потому что acks={1} никогда', 'а acks={1} теряет только'], (s) => Number(s.producers[0].acks)),
  c.input('writes {600} payments', 'пишет {600} платежей', (s) => s.producers[0].rate),
  c.input('of {6} partitions', 'из {6} партиций', (s) => s.topic.partitions),
  c.input('on {3} brokers', 'на {3} брокерах', (s) => s.cluster.brokers),
  c.input('replication.factor {3}, with', 'replication.factor {3}, с', (s) => s.topic['replication.factor']),
  c.input(['t = {20} s broker', 'crashed at t = {20} s, this'], ['t = {20} с брокер', 'в t = {20} с просто'], (s) => cut(s).at),
  c.input(['s broker {1} loses', 'Fencing broker {1}:', 'Cut off from them, broker {1} was', 'everything broker {1} took', 'Had broker {1} simply'], ['с брокер {1} теряет', 'Fencing broker {1}:', 'брокер {1} ещё', 'что брокер {1} принял', 'брокер {1} в t'], (s) => cut(s).broker),
  c.measured('at t = {29} s, after', 'в t = {29} с, через', (r, { s }) => cut(s).at + r.electionTime.max!, { within: 0.01 }),
  c.input('no heartbeat for {9000} ms', 'no heartbeat for {9000} ms', (s) => s.cluster.controller['broker.session.timeout.ms']),
  c.fact('partition payments-{2} …', 'partition payments-{2} …', 'the partition the log line names (its number, not a quantity)'),
  c.measured('… {869} acknowledged', '… {869} acknowledged', (r, { log }) => truncatedOn(log, 'payments-2')),
  c.measured(['lost: about {1,760} payments', '0 instead of about {1,760}.'], ['около {1760} платежей', '0 вместо примерно {1760}.'], (r) => r.lost, { within: 10 }),
  c.measured(['Produce p99 stays at {6} ms', 'rises from {6} ms to'], ['p99 записи остаётся {6} мс', 'растёт с {6} мс примерно'], (r) => r.produceLatency.p99! * 1000),
  // The same moment with a crash instead of a cut: acks=1 loses only what the followers had not fetched.
  c.measured('lose {0} payments: its', 'потерял бы {0} платежей', (r, { run, s }) => (run('acks-and-isr', crashInstead(s)).summary as ClusterSummary).lost),
  c.derived('for {9} s and', 'ещё {9} с оставался', (s) => s.cluster.controller['broker.session.timeout.ms'] / 1000),
  c.input('min.insync.replicas={2}', 'min.insync.replicas={2}', (s) => s.topic['min.insync.replicas'], { fix: true, n: 2 }),
  c.input('while fewer than {2} are in sync', 'пока синхронных меньше {2}', (s) => s.topic['min.insync.replicas'], { fix: true }),
  c.measured('lost: {0} instead', 'ничего: {0} вместо', (r) => r.lost, { fix: true }),
  c.measured('to about {28} s', 'примерно до {28} с', (r) => r.produceLatency.p99!, { fix: true }),
  // In a healthy cluster: acks=all's median against acks=1's, both runs without the cut.
  c.measured('round trip, about {1} ms here', 'здесь около {1} мс', (r, { run, fix }) => 1000 * ((run('acks-and-isr', ...fix, 'faults=[]').summary as ClusterSummary).produceLatency.p50! - (run('acks-and-isr', 'faults=[]').summary as ClusterSummary).produceLatency.p50!), { fix: true }),
] satisfies Entry[];
