import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';
import type { KafkaSummary } from '../../../../src/run/models/kafka/summary.ts';

type Poison = Extract<KafkaScenario['faults'][number], { kind: 'poison' }>;
const poison = (s: KafkaScenario) => s.faults[0] as Poison;
/** Minutes from the poison record to the end of the run. */
const minutesAfter = (s: KafkaScenario) => (s.duration - poison(s).at) / 60;
/** The partitions of the consumer that owns the poisoned partition, and how many partitions and members are left. */
const owner = (r: KafkaSummary, s: KafkaScenario) => {
  const g = r.groups[s.groups[0]['group.id']];
  const [, parts] = Object.entries(g.assignment).find(([, ps]) => ps.includes(poison(s).partition!))!;
  return { parts, others: s.topic.partitions - parts.length, otherMembers: Object.keys(g.assignment).length - 1 };
};

export default [
  k.input('orders-{3}', 'orders-{3}', (s) => poison(s).partition!, { n: 4 }),
  k.measured('orders-3 and orders-{2}', 'orders-3 и orders-{2}', (r, { s }) => owner(r, s).parts.find((p) => p !== poison(s).partition)!),
  k.input('t = {60} s', 't = {60} с', (s) => poison(s).at),
  k.measured('{tens} of {thousands} of identical', '{десятки} {тысяч} одинаковых', (r, { s }) => r.retries / minutesAfter(s), { says: [10_000, 99_999] }),
  k.derived('(~{50} records/s each', '(~{50} записей/с каждая', (s) => s.producers[0].rate / s.topic.partitions),
  k.input('share of {300}/s', 'доля от {300}/с', (s) => s.producers[0].rate),
  k.measured('the other {four} partitions', 'остальные {четыре} партиции', (r, { s }) => owner(r, s).others),
  k.measured('by the other {two} consumers', 'у {двух} других консьюмеров', (r, { s }) => owner(r, s).otherMembers),
  k.measured('duplicates {0}', 'дублей {0}', (r) => r.lost + r.duplicates),
  k.measured('DLQ depth {0}', 'DLQ {0}', (r) => r.dlq),
  k.fact('record {5} cannot be skipped to get to record {6}', 'сообщение №{5} нельзя пропустить, чтобы взяться за №{6}', 'two neighbouring offsets, for illustration'),
  k.input('up to {3} attempts', 'до {3} попыток', (s) => s.groups[0].retry.maxAttempts, { fix: true }),
  k.measured('DLQ depth {1}', 'DLQ {1}', (r) => r.dlq, { fix: true }),
  k.measured('back near {zero}', 'около {нуля}', (r) => r.lagSeconds.final, { fix: true, within: 1 }),
  k.fact('dlq_depth > {0}', 'dlq_depth > {0}', 'an alert expression: “anything in the DLQ”'),
] satisfies Entry[];
