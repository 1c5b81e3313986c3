import { cluster as c, type Entry } from '../ledger.ts';
import type { ClusterScenario } from '../../../../src/scenario/schema.ts';

type Lose = Extract<ClusterScenario['faults'][number], { kind: 'lose-response' }>;
const lose = (s: ClusterScenario, i: number) => s.faults[i] as Lose;

export default [
  c.fact(['the same charge {twice}', 'in the log {twice}.', 'charges written {twice}', 'those charges {twice}.'], ['в логе {дважды}.', 'записаны {дважды}', 'эти списания {дважды}.'], 'the story: a record written a second time'),
  c.input('writes {300} charges', 'пишет {300} списаний', (s) => s.producers[0].rate),
  c.input(['max.in.flight.requests.per.connection={1} —', 'the max.in.flight={1} of'], ['max.in.flight.requests.per.connection={1} —', 'так что max.in.flight={1} из'], (s) => s.producers[0]['max.in.flight.requests.per.connection']),
  c.input('At t = {10}, {20} and {30} s the', 'В t = {10}, {20} и {30} с ответ', (s) => [lose(s, 0).at, lose(s, 2).at], { says: [10, 30] }),
  c.input('lost on the way back” at t = {10} s', 'lost on the way back» в t = {10} с', (s) => lose(s, 0).at),
  c.derived('then {30} s later', 'а через {30} с', (s) => s.producers[0]['request.timeout.ms'] / 1000),
  c.measured('Duplicates in the log: {6} charges', '«Дубли в логе»: {6} списаний', (r) => r.duplicates),
  c.measured('p99 about {29} s', 'p99 записи около {29} с', (r) => r.produceLatency.p99!),
  c.fact('(the default since Kafka {3.0})', null, 'the Kafka version that made enable.idempotence=true the default (KIP-679)'),
  c.fact(['the last {5} batches', 'up to {5} requests'], ['последних {5} батчей', 'и при {5} запросах'], "Kafka's limit: the broker caches 5 batches per producer and partition; max.in.flight ≤ 5 with idempotence"),
  c.measured('The same {6} retries', 'Те же {6} повторов', (r) => r.retries, { fix: true }),
  c.measured('recognise all {6} records: {0} duplicates', 'узнают все {6} записей: дублей {0}', (r) => [r.deduplicated, r.duplicates], { fix: true, says: [6, 0] }),
] satisfies Entry[];
