import { queue as q, type Entry } from '../ledger.ts';
import type { QueueScenario } from '../../../../src/scenario/schema.ts';

type Poison = Extract<QueueScenario['faults'][number], { kind: 'poison' }>;
const poison = (s: QueueScenario) => s.faults[0] as Poison;
const sqs = (s: QueueScenario) => (s.queue.type === 'sqs' ? s.queue : null)!;
const groups = (s: QueueScenario) => (s.producers[0].keys.kind === 'uniform' ? s.producers[0].keys.count : NaN);

export default [
  q.input('account-{3}', 'account-{3}', (s) => Number(poison(s).key!.slice('account-'.length)), { n: 7 }),
  q.derived(['the other {seven} accounts', 'the other {seven} flowing'], ['остальные {семь} счетов', 'остальные {семь} текут'], (s) => groups(s) - 1),
  q.input('{Eight} accounts', '{Восемь} счетов', groups),
  q.input('{20} events a second', '{20} событий в секунду', (s) => s.producers[0].rate),
  q.input('{4} workers', '{4} воркера', (s) => s.consumers[0].count),
  q.input(['At t = {60} s', 'second from t = {60} s'], ['В момент t = {60} с', 'с t = {60} с растёт'], (s) => poison(s).at),
  q.measured('to {9} minutes', 'до {9} минут', (r) => r.oldestAgeMax / 60),
  q.measured('to about {1,300}', 'примерно до {1300}', (r) => r.depth.max, { within: 50 }),
  q.derived('input, {2.5} a second', 'входе, {2,5} в секунду', (s) => s.producers[0].rate / groups(s)),
  q.measured('is {7}/{8} of the input', '— {7}/{8} входа', (r, { run }) => {
    // Deleted over sent from t = 120 s (the group blocked) to the end: runs cut at 120 s and at the end.
    const at = run('fifo-groups', 'duration=120').summary as typeof r;
    return (r.deleted - at.deleted) / (r.produced - at.produced);
  }, { says: 7 / 8, within: 0.02 }),
  q.measured(['on m-{1219} (receive', 'timeout of m-{1219} ended'], ['on m-{1219} (receive', 'timeout of m-{1219} ended'], (r, { log }) => Number(/poison message m-(\d+) sent/.exec(log.find((e) => e.text.startsWith('poison message m-'))!.text)![1])),
  q.fact('(receive {1}): poison', '(receive {1}): poison', 'the first delivery, as the log line says'),
  q.input('every {30} s', 'каждые {30} с', (s) => sqs(s).VisibilityTimeout),
  q.derived('lasts: {four} days', 'хранения — {четыре} дня', (s) => sqs(s).MessageRetentionPeriod / 86_400),
  q.input('maxReceiveCount {3}', 'maxReceiveCount {3}', (s) => sqs(s).RedrivePolicy!.maxReceiveCount, { fix: true, n: 2 }),
  q.input('after {three} receives', 'после {трёх} получений', (s) => sqs(s).RedrivePolicy!.maxReceiveCount, { fix: true }),
  q.measured('a minute and a {half} later', [], (r) => r.oldestAgeMax, { fix: true, says: 90, within: 5 }),
] satisfies Entry[];
