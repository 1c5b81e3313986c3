/**
 * pooling's toggle is a contrast, not a fix: prefetch 0 deals each job out on arrival, round robin
 * (each worker gets every tenth job: E10/M/1), which is how a partition binds work to a consumer.
 * compare: depthMax (the broker's queue empties); costs: p99 and lagAgeMax (the wait moves into the workers).
 */
import { queue as q, meanOf, type Entry } from '../ledger.ts';
import type { QueueScenario } from '../../../../src/scenario/schema.ts';
import type { QueueSummary } from '../../../../src/run/models/queue/data.ts';

const c = (s: QueueScenario) => s.consumers[0].count;
const mean = (s: QueueScenario) => meanOf(s.consumers[0].processing.time);
const rho = (s: QueueScenario) => (100 * s.producers[0].rate * mean(s)) / c(s);
/** The partitioned value: c M/M/1 queues, each with λ/c. */
const part = (s: QueueScenario) => {
  const mu = 1 / mean(s);
  const lam = s.producers[0].rate / c(s);
  return { W: 1 / (mu - lam), Wq: lam / (mu * (mu - lam)) };
};
/** The contrast run's wait: its W less the mean processing time (its broker-side Wq is 0). */
const dealtWait = (r: QueueSummary, s: QueueScenario) => r.W.mean! - mean(s);

export default [
  q.input(['than {ten} partitions', '{10} workers at', 'ten one-worker', 'share them', 'all {ten} workers are busy', 'over {10} partitions', '— {ten} M/M/1 queues', 'all {ten} workers at once', 's of {ten} M/M/1'].filter((x) => x.includes('{')),
    ['меньше {десяти} партиций', '{10} воркеров при', '{десять} очередей по', 'все {десять}.', 'по {10} партициям', '— {десять} очередей M/M/1', 'все {десять} воркеров', 'с {десяти} M/M/1'], c),
  q.input('waits 0.2 s, {ten} one-worker', [], c),
  q.input('on average; {10} workers', 'их делят {10} воркеров', c),
  q.input(['M/M/{10}'], ['M/M/{10}'], c, { n: 3 }),
  q.fact('M/M/{1}', 'M/M/{1}', 'the name of the model: one server', { n: 3 }),
  q.derived(['at {80} % load', 'is busy {80} % of', 'queues at {80} %'], ['при загрузке {80} %', 'занят {80} % времени', 'M/M/1 при {80} %'], rho),
  q.derived(['queue waits {0.2} s', '{0.2} s of waiting'], ['очередь ждёт {0,2} с', '{0,2} с ожидания'], (s, x) => (x.run('pooling').summary as QueueSummary).theory.mmc!.Wq),
  q.derived(['would wait {4} s', '{4} of them waiting', 'half the {4} s'], ['ждали бы {4} с', 'из них {4} в ожидании', 'меньше {4} с'], (s) => part(s).Wq),
  q.derived('spend {5} s,', 'системе {5} с,', (s) => part(s).W),
  q.input('(prefetch {0})', '(prefetch {0})', (s) => s.consumers[0].prefetch, { fix: true }),
  q.input('prefetch {0} (no basic.qos', 'prefetch {0} (без basic.qos', (s) => s.consumers[0].prefetch, { fix: true }),
  q.input('arrive at {8} a second', 'по {8} в секунду', (s) => s.producers[0].rate),
  q.input(['take {1} s each', 'and {1} s of work'], ['занимает {1} с', 'и {1} с работы'], mean),
  q.input('with prefetch {1}: a worker', 'с prefetch {1}: задачу', (s) => s.consumers[0].prefetch),
  q.measured(['about {1.2} s in the system', 'W goes from {1.2} s'], ['около {1,2} с в системе', 'с {1,2} с примерно'], (r) => r.W.mean!),
  q.derived('says ({1.2} s:', 'M/M/10 ({1,2} с:', (s, x) => (x.run('pooling').summary as QueueSummary).theory.mmc!.W),
  q.measured('depth: mostly {zero}', 'время {ноль}', (r) => r.depth.final),
  q.measured('a few {dozen} jobs', 'несколько {десятков} задач', (r) => r.depth.max, { says: [20, 60] }),
  q.measured('— depth {0} —', '— глубина {0},', (r) => r.depth.max, { fix: true }),
  q.measured('to about {2.9} s', 'примерно до {2,9} с', (r) => r.W.mean!, { fix: true }),
  q.measured('p99 from about {5} s', 'примерно с {5} до', (r) => r.p99!),
  q.measured('to about {13} s.', 'до {13} с.', (r) => r.p99!, { fix: true }),
  q.derived('every {tenth} job', 'каждая {десятая} задача', (s) => 1 / c(s)),
  q.measured('(about {1.9} s)', '(около {1,9} с)', (r, { s }) => dealtWait(r, s), { fix: true }),
  q.measured('is {half} the', 'с) {вдвое} меньше', (r, { s }) => dealtWait(r, s) / part(s).Wq, { fix: true, says: 0.5, within: 0.05 }),
  q.measured('still {nine} times', 'в {девять} раз', (r, { s, run }) => dealtWait(r, s) / (run('pooling').summary as QueueSummary).Wq.mean!, { fix: true, within: 0.5 }),
] satisfies Entry[];
