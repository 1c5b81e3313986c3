import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';
import type { LogEntry } from '../../../../src/sim/model/kafka/event-log.ts';

const poison = (s: KafkaScenario) => s.faults[0] as Extract<KafkaScenario['faults'][number], { kind: 'poison' }>;
/** The crash lines of the event log: how many, and the offset and attempt they name. */
const crashes = (log: LogEntry[]) => log.filter((e) => e.text.startsWith('process killed while handling offset='));
const crashCount = (log: LogEntry[]) => crashes(log).reduce((n, e) => n + e.count, 0);

export default [
  k.input('group of {3} consumers', 'из {3} консьюмеров', (s) => s.groups[0].members),
  k.input('renders {200} uploaded', 'для {200} загруженных', (s) => s.producers[0].rate),
  k.input('from {6} partitions', 'из {6} партиций', (s) => s.topic.partitions),
  k.input(['Max {5} attempts', 'up to {5} attempts', 'limit of {5} attempts', 'The {5}th crash'], ['Максимум {5} попыток', 'до {5} попыток', 'предел в {5} попыток', 'Тогда {5}-е падение'], (s) => s.groups[0].retry.maxAttempts),
  k.input('At t = {60} s', 'В t = {60} с', (s) => poison(s).at),
  k.input('lands in images-{3}', 'в images-{3} приходит', (s) => poison(s).partition ?? NaN),
  k.input('restarts it {10} s later', 'перезапускает его через {10} с', (s) => s.groups[0].retry.restartAfter ?? NaN),
  k.measured('offset={2036}', 'offset={2036}', (r, { log }) => Number(crashes(log)[0].text.match(/offset=(\d+)/)![1])),
  k.input('partition=images-{3}', 'partition=images-{3}', (s) => poison(s).partition ?? NaN),
  k.measured(['attempt={1}”', 'attempt={1} every'], ['attempt={1}»', 'раз attempt={1}'], (r, { log }) => Math.max(...crashes(log).map((e) => Number(e.text.match(/attempt=(\d+)/)![1])))),
  k.measured('folded ×{24}', 'свёрнуто ×{24}', (r, { log }) => crashCount(log)),
  k.fact('never {2}', 'ни разу {2}', 'the attempt the count would reach next'),
  k.fact(['images-{3} and images-{2}', '{two} partitions standing'], ['images-{3} и images-{2}', '{две} партиции стоят'], 'the two partitions of the consumer that crashes (range assignment: images-2 and images-3)'),
  k.fact('the other {four}', 'остальные {четыре}', 'six partitions minus the two stalled ones'),
  k.measured('DLQ depth stays {0}', 'DLQ остаётся {0}', (r) => r.dlq),
  k.measured('the lag reaches {16,137} records', 'лаг доходит до {16 137} записей', (r) => r.lagRecords.final, { within: 0 }),
  k.measured('records, {240} s old', 'возрастом {240} с', (r) => r.lagSeconds.final),
  k.fact(['calls it attempt {1}'], ['называет это попыткой {1}'], 'the first attempt as the restarted process counts it'),
  k.measured('images.dlq (depth {1})', 'images.dlq (глубина {1})', (r) => r.dlq, { fix: true }),
  k.measured('the lag returns to {0}', 'лаг возвращается к {0}', (r) => r.lagRecords.final, { fix: true }),
  k.measured(['The cost: {5} crashes'], ['Цена: {5} падений'], (r, { log }) => crashCount(log), { fix: true }),
  k.measured('still for about {50} s', 'стоят около {50} с', (r) => r.lagSeconds.max, { fix: true, within: 5 }),
] satisfies Entry[];
