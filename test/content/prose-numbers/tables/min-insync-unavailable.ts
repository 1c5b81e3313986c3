import { cluster as c, type Entry } from '../ledger.ts';
import type { ClusterScenario } from '../../../../src/scenario/schema.ts';

type Crash = Extract<ClusterScenario['faults'][number], { kind: 'broker-crash' }>;
const crash = (s: ClusterScenario, i: number) => s.faults[i] as Crash;

export default [
  c.input(['RF {3} and', 'replication.factor {3}, min'], ['RF {3} и', 'replication.factor {3}, min'], (s) => s.topic['replication.factor']),
  c.input(['min.insync.replicas {2} lose', 'min.insync.replicas {2}, acks', 'min.insync.replicas {2}, a partition'], ['min.insync.replicas {2} теряют', 'min.insync.replicas {2}, acks', 'с min.insync.replicas {2}, партиции'], (s) => s.topic['min.insync.replicas']),
  c.input('min.insync.replicas={2} says', 'min.insync.replicas={2} говорит', (s) => s.topic['min.insync.replicas']),
  c.fact(['lose {two} brokers', '{Two} brokers down', 'through {two} broker failures'], ['теряют {два} брокера', '{Два} брокера упали', 'при {двух} упавших'], 'the two crash faults of the scenario'),
  c.input('{4} replicas on {4} brokers', '{4} реплики на {4} брокерах', (s) => [s.topic['replication.factor'], s.cluster.brokers], { fix: true, says: [4, 4] }),
  c.input('Orders, {200} a second', 'Заказы, {200} в секунду', (s) => s.producers[0].rate),
  c.input('on {6} partitions', 'на {6} партициях', (s) => s.topic.partitions),
  c.input('t = {30} s broker', 't = {30} с падает', (s) => crash(s, 0).at),
  c.input('s broker {2} dies', 'падает брокер {2},', (s) => crash(s, 0).broker),
  c.input('t = {40} s broker', 't = {40} с —', (s) => crash(s, 1).at),
  c.input('s broker {3}; both', '— брокер {3}; оба', (s) => crash(s, 1).broker),
  c.derived('back at t = {220} s', 'в t = {220} с', (s) => crash(s, 0).at + crash(s, 0).restartAfter!),
  c.fact('Broker {1} is alive', 'Брокер {1} жив', 'the broker left alive: 1 of the 3'),
  c.measured('about {2,200} refusals', 'около {2200} отказов', (r) => r.notEnoughReplicas, { within: 100 }),
  c.measured('about {12,300} orders', 'около {12 300} заказов', (r) => r.failedBy.TimeoutException!, { within: 100 }),
  c.measured('lost stays {0}', 'остаётся {0}', (r) => r.lost),
  c.measured('about {1,030} partition-seconds', 'около {1030} партиция·с', (r) => r.unavailable.underMinIsr, { within: 10 }),
  c.derived('delivery.timeout.ms ({2} minutes)', 'delivery.timeout.ms ({2} минуты)', (s) => s.producers[0]['delivery.timeout.ms'] / 60_000),
  c.fact('was on {two} brokers', 'лежал на {двух} брокерах', 'min.insync.replicas 2: acks=all writes were appended only with an ISR of at least 2'),
  c.fact('min.insync.replicas to {1}', 'min.insync.replicas до {1}', 'the value the lesson warns against'),
  c.derived(['needs {4} replicas', 'with {4} brokers'], ['нужно {4} реплики', 'с {4} брокерами'], (s) => s.topic['min.insync.replicas'] + 2),
  c.input('replication.factor {4}, two', 'replication.factor {4} после', (s) => s.topic['replication.factor'], { fix: true }),
  c.fact('{two} brokers down still', 'после {двух} отказов', 'the two crash faults of the scenario'),
  c.input('leave an ISR of {2}', 'в ISR остаются {2}', (s) => s.topic['min.insync.replicas'], { fix: true }),
  c.measured('falls to {0} and', 'падает до {0}, и', (r) => r.notEnoughReplicas, { fix: true }),
  c.derived([], 'примерно на {треть} больше', (s, { scenario }) => s.topic['replication.factor'] / (scenario('min-insync-unavailable') as ClusterScenario).topic['replication.factor'] - 1, { fix: true }),
] satisfies Entry[];
