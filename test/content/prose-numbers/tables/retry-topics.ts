import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const retry = (s: KafkaScenario) => s.groups[0].retry;
const outage = (s: KafkaScenario) => s.faults[0] as Extract<KafkaScenario['faults'][number], { kind: 'dependency-outage' }>;

export default [
  k.input('retry.{5}s', 'retry.{5}s', (s) => retry(s).topics[0]['delay.ms'] / 1000, { n: 3 }),
  k.input('.{1}m', '.{1}m', (s) => retry(s).topics[1]['delay.ms'] / 60_000, { n: 3 }),
  k.input(['Here {3} %', 'with {3} % failures'], ['Здесь {3} %', 'при {3} % ошибок'], (s) => 100 * s.groups[0].processing.failureRate),
  k.input('t = {120} s', 't = {120} с', (s) => outage(s).at),
  k.input('down for {20} s', 'лежит {20} с', (s) => outage(s).duration),
  k.input('carries {200} profile', 'топике {200} обновлений', (s) => s.producers[0].rate),
  k.input('on {6} partitions', '{6} партиций', (s) => s.topic.partitions),
  k.measured('in the {thousands}', 'порядка — {тысячи}', (r) => r.orderingViolations, { says: [1000, 9999] }),
  k.measured('about a {hundred} records', 'около {сотни} записей', (r) => r.dlq, { within: 20 }),
  k.measured('lost stays {0}', 'потерянных {0}', (r) => r.lost),
  k.measured('attempt={1}: TimeoutException', 'attempt={1}: TimeoutException', (r, { log }) => {
    const line = log.find((e) => e.text.startsWith('handler failed') && e.text.includes('TimeoutException'))!;
    return Number(/attempt=(\d+)/.exec(line.text)![1]);
  }),
  k.measured('order — {0} violations', 'нарушений {0}', (r) => r.orderingViolations, { fix: true }),
  // In place, maxAttempts 3: two waits, the initial backoff and the one after it.
  k.derived('and {1–2} s backoffs', 'паузах по {1–2} с', (s) => {
    const b = retry(s).backoff;
    return [b['initial.ms'] / 1000, (b['initial.ms'] * b.multiplier ** (retry(s).maxAttempts - 2)) / 1000];
  }, { fix: true }),
] satisfies Entry[];
