import { cluster as c, type Entry } from '../ledger.ts';
import type { ClusterScenario } from '../../../../src/scenario/schema.ts';

const led = (s: ClusterScenario) => s.topic.partitions / s.cluster.brokers;

export default [
  c.input(['with {12,000} partitions', 'hold {12,000} partitions', 'all {12,000} partitions'], ['при {12 000} партиций', 'хранят {12 000} партиций', 'всех {12 000} партиций'], (s) => s.topic.partitions),
  c.derived(['give its {2,000} partitions', 'also leads {2,000} partitions', 'the {2,000} partitions offline', 'each of the {2,000} partitions'], ['его {2000} партиций', 'ведёт {2000} партиций', '{2000} партиций офлайн', 'каждой из {2000} партиций'], led),
  c.measured('needs {21} s to', 'лидеров за {21} с,', (r) => r.electionTime.max!),
  c.measured('KRaft {9} s.', 'в KRaft за {9} с.', (r) => r.electionTime.max!, { fix: true }),
  c.input('Six brokers', 'Шесть брокеров', (s) => s.cluster.brokers),
  c.input('replication.factor {3};', 'replication.factor {3};', (s) => s.topic['replication.factor']),
  c.fact(['on broker {1}, which', 'broker {1} dies', 'Every partition broker {1} led', "broker {1}'s session"], ['на брокере {1},', 'брокер {1} падает', 'Every partition broker {1} led', 'сессия брокера {1},'], 'broker 1: the controller in ZooKeeper mode (the lowest id) and the crash fault’s target'),
  c.input('t = {10} s broker', 't = {10} с брокер', (s) => s.faults[0].at),
  c.fact('one partition leader in {six}', 'каждой {шестой} партиции', 'a sixth: one broker of six'),
  c.measured('at t = {31.2} s “Every', 'в t = {31,2} с «Every', (r, { s }) => s.faults[0].at + r.electionTime.max!, { within: 0.01 }),
  c.measured('new leader, {21200} ms after', 'new leader, {21200} ms after', (r) => 1000 * r.electionTime.max!),
  c.measured('about {40,400} partition-seconds', 'около {40 400} партиция·с', (r) => r.unavailable.total, { within: 50 }),
  c.measured('offline for {20} s on average', 'в среднем по {20} с', (r, { s }) => r.unavailable.total / led(s), { within: 0.5 }),
  c.measured('for the first {21} s', 'первые {21} с он', (r) => r.electionTime.max!),
  c.input('zookeeper.session.timeout.ms ({18} s)', 'zookeeper.session.timeout.ms ({18} с)', (s) => s.cluster.controller['zookeeper.session.timeout.ms'] / 1000),
  c.derived('acts ({1.2} s in', 'действовать ({1,2} с в', (s) => (s.topic.partitions * 0.1) / 1000),
  c.derived('one by one ({2} s)', 'партиций ({2} с)', (s) => (led(s) * 1) / 1000),
  c.measured('{21.2} s in all', 'всего {21,2} с', (r) => r.electionTime.max!),
  c.fact('the last {two} parts', 'две последние', 'load and elections: the two parts that scale with partitions'),
  c.fact('the only mode of Kafka {4}', 'единственный режим Kafka {4}', 'Kafka 4.0 removed ZooKeeper mode'),
  c.input('broker.session.timeout.ms ({9} s)', 'broker.session.timeout.ms ({9} с)', (s) => s.cluster.controller['broker.session.timeout.ms'] / 1000, { fix: true }),
  c.measured('again after {9.02} s', 'лидером через {9,02} с', (r) => r.electionTime.max!, { fix: true }),
  c.measured('to about {18,000} partition-seconds', 'примерно до {18 000} партиция·с', (r) => r.unavailable.total, { fix: true, within: 100 }),
] satisfies Entry[];
