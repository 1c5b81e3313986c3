import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';
import type { KafkaSummary } from '../../../../src/run/models/kafka/summary.ts';

// This lesson's text is to be rewritten with the model's new poison-record handling.
type Poison = Extract<KafkaScenario['faults'][number], { kind: 'poison' }>;
const poison = (s: KafkaScenario) => s.faults[0] as Poison;
/** Minutes from the poison record to the end of the run. */
const minutesAfter = (s: KafkaScenario) => (s.duration - poison(s).at) / 60;
/**
 * The busy fraction of the consumer that owns the poisoned partition, after the poison arrives:
 * its whole-run utilisation less the time before, when it was as busy as the others.
 */
const ownerBusyAfter = (r: KafkaSummary, s: KafkaScenario) => {
  const g = r.groups[s.groups[0]['group.id']];
  const owner = Object.entries(g.assignment).find(([, parts]) => parts.includes(poison(s).partition!))![0];
  const others = Object.entries(g.utilization).filter(([m]) => m !== owner).map(([, u]) => u!);
  const before = others.reduce((a, u) => a + u, 0) / others.length;
  const t0 = poison(s).at;
  return (g.utilization[owner]! * s.duration - before * t0) / (s.duration - t0);
};

export default [
  k.input('orders-{3}', 'orders-{3}', (s) => poison(s).partition!, { n: 4 }),
  k.input('t = {60} s', 't = {60} с', (s) => poison(s).at),
  k.measured('CPU at {100} %', 'CPU {100} %', (r, { s }) => 100 * ownerBusyAfter(r, s), { within: 3 }),
  k.measured('{tens} of {thousands} of identical', '{десятки} {тысяч} одинаковых', (r, { s }) => r.retries / minutesAfter(s), { says: [10_000, 99_999] }),
  k.measured('by ~{37,000} a minute', 'на ~{37 000} в минуту', (r, { s }) => r.retries / minutesAfter(s), { within: 1000 }),
  k.derived('(~{50} records/s', '(~{50} записей/с', (s) => s.producers[0].rate / s.topic.partitions),
  k.input('share of {300}/s', 'доля от {300}/с', (s) => s.producers[0].rate),
  k.derived('the other {five} partitions', 'остальные {пять} партиций', (s) => s.topic.partitions - 1),
  k.measured('duplicates {0}', 'дублей {0}', (r) => r.lost + r.duplicates),
  k.measured('DLQ depth {0}', 'DLQ {0}', (r) => r.dlq),
  k.fact('record {5} cannot be skipped to get to record {6}', 'сообщение №{5} нельзя пропустить, чтобы взяться за №{6}', 'two neighbouring offsets, for illustration'),
  k.input('up to {3} attempts', 'до {3} попыток', (s) => s.groups[0].retry.maxAttempts, { fix: true }),
  k.measured('DLQ depth {1}', 'DLQ {1}', (r) => r.dlq, { fix: true }),
  k.measured('back near {zero}', 'около {нуля}', (r) => r.lagSeconds.final, { fix: true, within: 1 }),
  k.fact('dlq_depth > {0}', 'dlq_depth > {0}', 'an alert expression: “anything in the DLQ”'),
] satisfies Entry[];
