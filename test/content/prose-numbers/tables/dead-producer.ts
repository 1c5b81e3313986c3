import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const stop = (s: KafkaScenario) => s.faults[0].at;

export default [
  k.input('t = {300} s', 't = {300} с', stop, { n: 3 }),
  k.measured(['drops to {zero}', 'falls to {zero}', 'both give {zero} lag'], ['упал до {нуля}', 'падает до {нуля}', 'лаг {нулевой}'], (r) => r.lagRecords.final),
  k.input('writes {200} orders/s', 'пишет {200} заказов/с', (s) => s.producers[0].rate),
  k.input('to {6} partitions', 'в {6} партиций', (s) => s.topic.partitions),
  k.input('and {3} consumers', 'и {3} консьюмера', (s) => s.groups[0].members),
  // Nothing produced since the stop: the producer's silence covers the whole time after it.
  k.measured('drops to {0} records/s', 'до {0} записей/с', (r, { s }) => (r.producers[0].silentFor! >= s.duration - stop(s) ? 0 : NaN)),
  k.fact('than {ten} expected intervals', 'дольше {десяти} ожидаемых', 'the model’s threshold (kafka-model.ts: silent for more than max(5 s, 10 / rate)), not exported'),
  k.fact('rate(messages_in) == 0', 'rate(messages_in) == 0', 'an alert expression: “no records arrive”'),
] satisfies Entry[];
