import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const scaleUp = (s: KafkaScenario) => s.faults[0] as Extract<KafkaScenario['faults'][number], { kind: 'add-consumer' }>;
const pods = (s: KafkaScenario) => s.groups[0].members + scaleUp(s).count;

export default [
  k.input(['on {12} partitions', 'A {12}-partition'], ['на {12} партиций', 'на {12} партициях', 'Топик из {12} партиций', 'при {12} партициях'], (s) => s.topic.partitions, {
    n: [2, 1],
  }),
  k.derived(['{40} pods on', 'to {40} pods'], ['{40} подов на', 'до {40} подов:', 'до {40} подов.', 'с 12 до {40} подов при'], pods, { n: [2, 1] }),
  k.input(['scaled from {12}', 'group of {12} consumers', 'says, {12} →'], ['раздули с {12}', 'группа из {12} консьюмеров', 'масштабирование с {12}'], (s) => s.groups[0].members),
  k.measured(['pods: {28} sit idle', 'other {28} own nothing', 'idle consumers = {28}'], ['подов: {28} простаивают', 'остальных {28} нет', 'консьюмеров — {28}'], (r) => r.idleConsumers),
  k.input(['{40} partitions from the start', 'with {40} partitions'], ['{40} партиций с самого начала', 'при {40} партициях'], (s) => s.topic.partitions, { fix: true }),
  k.input('at {600} orders/s', '{600} заказов/с', (s) => s.producers[0].rate),
  k.input('t = {60} s', 't = {60} с', (s) => scaleUp(s).at, { n: 3 }),
  k.derived(['but {28} idle pods', 'the other {28} nothing'], ['кроме {28} бездействующих', 'остальным {28} — ничего'], (s) => pods(s) - s.topic.partitions),
  k.measured('exactly {12} consumers own', 'ровно {12} консьюмеров', (r) => Object.values(r.assignment).filter((p) => p.length > 0).length),
  k.measured('throughput ~{600}/s', 'поток ~{600}/с', (r) => r.throughput.mean!, { within: 20 }),
  k.measured('rebalances = {2}', 'ребалансов — {2}', (r) => r.rebalances),
  k.derived('first {12} members', 'первым {12} участникам', (s) => s.topic.partitions),
  k.derived(null, 'рост до {40} подов даёт', pods, { fix: true }),
] satisfies Entry[];
