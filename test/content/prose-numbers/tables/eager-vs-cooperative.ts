import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaSummary } from '../../../../src/run/models/kafka/summary.ts';

/** Partition-seconds paused by rebalances in the shipped (eager) run. */
const eager = (x: { run(id: string): { summary: unknown } }) => (x.run('eager-vs-cooperative').summary as KafkaSummary).rebalancePausedSeconds;

export default [
  k.input(['{Six} consumers', 'the {six} consumers'], ['{Шесть} консьюмеров', 'перезапускает {шесть}'], (s) => s.groups[0].members),
  k.input('stops all {12} partitions', 'все {12} партиций', (s) => s.topic.partitions, { n: 2 }),
  k.input('a {12}-partition topic', 'топика из {12} партиций', (s) => s.topic.partitions),
  k.derived('another, {60} s apart', 'интервалом {60} с', (s) => s.faults[2].at - s.faults[0].at),
  k.derived(['down for {10} s', 'wait the {10} s'], ['лежит {10} с', 'ждут те {10} с'], (s) => s.faults[1].at - s.faults[0].at),
  // Every departure and every return: one eager rebalance each.
  k.derived('— {12} of them', '{12} ребалансов плюс', (s) => s.faults.length),
  k.input('at {400}/s', 'интенсивностью {400}/с', (s) => s.producers[0].rate),
  k.measured('{13} rebalances', '{13} ребалансов', (r) => r.rebalances),
  k.measured('~{200} partition-seconds', '~{200} партиция-секунд', (r) => r.rebalancePausedSeconds, { within: 10 }),
  k.measured('join’s ~{73} partition-seconds', '~{73} партиция-секунды', (r) => r.startupPausedSeconds, { within: 1 }),
  k.fact(['Kafka {4}’s new protocol', 'KIP-{848}'], ['Kafka {4} (group', 'KIP-{848}'], 'Kafka’s history: the broker-driven group protocol of Kafka 4.0, KIP-848'),
  k.measured('about a {fifth}', null, (r, x) => r.rebalancePausedSeconds / eager(x), { fix: true, within: 0.03 }),
  k.measured(null, 'примерно {впятеро}', (r, x) => eager(x) / r.rebalancePausedSeconds, { fix: true, within: 0.5 }),
  k.measured('(~{44} partition-seconds)', '(~{44} партиция-секунды)', (r) => r.rebalancePausedSeconds, { fix: true, within: 1 }),
  k.fact('takes {two} rounds', 'в {два} раунда', 'how the cooperative protocol moves a partition (KIP-429): revoke in one round, assign in the next'),
] satisfies Entry[];
