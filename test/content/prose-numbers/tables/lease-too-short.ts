import type { QueueSummary } from '../../../../src/run/models/queue/data.ts';
import { queue as q, meanOf, type Entry } from '../ledger.ts';
import type { QueueScenario } from '../../../../src/scenario/schema.ts';

type Slow = Extract<QueueScenario['faults'][number], { kind: 'slow-downstream' }>;
const slow = (s: QueueScenario) => s.faults[0] as Slow;
const vt = (s: QueueScenario) => (s.queue.type === 'sqs' ? s.queue.VisibilityTimeout : NaN);
const mean = (s: QueueScenario) => meanOf(s.consumers[0].processing.time);
const hb = (s: QueueScenario) => s.consumers[0].heartbeat!;

export default [
  q.input(['from {15} s to', 'PDF in {15} s on'], ['с {15} до', 'PDF в среднем за {15} с'], mean),
  q.derived(['to {45} s, the', 'rendering takes {45} s'], ['до {45} с, а', 'рендер занимает {45} с'], (s) => mean(s) * slow(s).factor),
  q.input(['lease stays {30} s', 'timeout of {30} s —', 'and {30} s later'], ['лиза осталась {30} с', 'visibility timeout — {30} с', 'а через {30} с'], vt),
  q.input('Visibility to {30} s every', 'Visibility на {30} с каждые', (s) => hb(s).VisibilityTimeout, { fix: true }),
  q.input(['ChangeMessageVisibility every {10} s', 'every {10} s. No', 'message every {10} s.'], ['ChangeMessageVisibility каждые {10} с', 'каждые {10} с. Ни', 'раз в {10} с.'], (s) => hb(s).every, { fix: true }),
  q.fact('rendered {twice}, then again', 'рендерятся {дважды}, потом', 'the story: a message handled a second time, then a third'),
  q.fact('rendered {two}, {three}, {four} times', 'отрендерены {два}, {три}, {четыре} раза', 'receive counts as the log and the topology show them (1, 2, 3, … per message)'),
  q.input('at {1} a second', [], (s) => s.producers[0].rate),
  q.input(['{60} workers render', 'all {60} workers'], ['{60} воркеров рендерят', 'все {60} воркеров'], (s) => s.consumers[0].count),
  q.derived('— {twice} the usual', '{вдвое} больше обычного', (s) => vt(s) / mean(s)),
  q.input('t = {300} s the', 't = {300} с сервис', (s) => slow(s).at),
  q.input('{three} times as long', '— {втрое} дольше', (s) => slow(s).factor),
  q.measured('until t = {330} s', 'до t = {330} с', (r, { log }) => log.find((e) => e.text.startsWith('visibility timeout of'))!.t, { within: 1 }),
  q.fact('ApproximateReceiveCount {1}): visible', 'ApproximateReceiveCount {1}): visible', 'the first receive, as the log line says'),
  // Before the slowdown: the same scenario without it, cut at its instant.
  q.measured('Duplicates: {zero} before', 'Дубли: {ноль} до', (r, { run }) => (run('lease-too-short', 'faults=[]', 'duration=300').summary as QueueSummary).duplicates),
  q.measured('to about {960}', 'примерно до {960}', (r) => r.duplicates, { within: 20 }),
  q.measured('climbs to {15} minutes', 'доходит до {15} минут', (r) => r.oldestAgeMax / 60),
  q.measured([], 'становится {втрое} меньше', (r) => r.throughput.mean! / r.lambda.mean!, { says: 1 / 3, within: 0.03 }),
  q.measured('duplicates stay at {0}', 'дублей {0}', (r) => r.duplicates, { fix: true }),
  q.measured('than about {80} s', 'примерно {80} с', (r) => r.oldestAgeMax, { fix: true, within: 5 }),
] satisfies Entry[];
