import { queue as q, type Entry } from '../ledger.ts';
import type { QueueScenario } from '../../../../src/scenario/schema.ts';
import type { QueueSummary } from '../../../../src/run/models/queue/data.ts';

type Add = Extract<QueueScenario['faults'][number], { kind: 'add-consumer' }>;
const add = (s: QueueScenario) => s.faults[0] as Add;
const processed = (r: QueueSummary, pool: string) => r.pools.find((p) => p.name === pool)!.processed;

export default [
  q.input('Orders at {200} a second', 'Заказы, {200} в секунду', (s) => s.producers[0].rate),
  q.input('warehouse: {4} workers', 'склад: {4} воркера', (s) => s.consumers[0].count),
  q.input(['At t = {300} s', 'from t = {300} s'], ['В момент t = {300} с', 'с t = {300} с'], (s) => add(s).at),
  q.input(['starts {2} workers', 'the {two} analytics'], ['запускает на той же очереди {2} воркера', '{два} воркера аналитики'], (s) => add(s).count),
  // The analytics share of what was processed after it joined (a run cut at that instant gives the part before).
  q.measured([], 'больше {трети} заказов', (r, { s, run }) => {
    const before = run('log-vs-queue', 'faults=[]', `duration=${add(s).at}`).summary as QueueSummary;
    return processed(r, 'analytics') / (processed(r, 'analytics') + processed(r, 'warehouse') - processed(before, 'warehouse'));
  }, { is: '≥' }),
  q.measured('(about {24,300})', '(около {24 300})', (r) => processed(r, 'analytics'), { within: 100 }),
  q.measured('moment, {0} at the end', 'в конце {0}', (r) => r.stored),
  q.fact('({7} days by default)', '(по умолчанию {7} дней)', 'Kafka’s retention.ms default, 604800000 ms (src/scenario/kafka-defaults.json)'),
  q.derived('all {120,000} orders', 'все {120 000} заказов', (s) => s.producers[0].rate * s.duration),
  q.fact('fan-out to {two} SQS queues', 'fan-out в {две} очереди', 'one queue per reading service, here two'),
] satisfies Entry[];
