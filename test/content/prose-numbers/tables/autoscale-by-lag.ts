import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';
import type { KafkaSummary } from '../../../../src/run/models/kafka/summary.ts';
import type { LogEntry } from '../../../../src/sim/model/kafka/event-log.ts';

type Spike = Extract<KafkaScenario['faults'][number], { kind: 'load-spike' }>;
const spike = (s: KafkaScenario) => s.faults[0] as Spike;
const auto = (s: KafkaScenario) => s.groups[0].autoscaler!;
const scaler = (r: KafkaSummary) => r.groups.warehouse.autoscaler!;
/** Records one consumer applies per second: 1 / mean processing time. */
const mu = (s: KafkaScenario) => 1 / (s.groups[0].processing.time as { mean: number }).mean;
/** What 12 partitions let the group apply: one busy consumer per partition. */
const ceiling = (s: KafkaScenario) => s.topic.partitions * mu(s);
/** The HPA's new sizes, in order, from its event log lines ("New size: 16; reason: …"). */
const steps = (log: LogEntry[]) => log.filter((e) => e.source === 'horizontal-pod-autoscaler').map((e) => Number(/New size: (\d+)/.exec(e.text)![1]));
const capped = 'groups.0.autoscaler.allowIdleConsumers=false';

export default [
  k.input(['pods, {12} partitions', 'so {12} partitions cap', 'stops all {12} partitions'], ['на {12} партициях', 'топик из {12} партиций', 'поэтому {12} партиций', 'все {12} партиций'], (s) => s.topic.partitions),
  k.input('a {12}-partition', null, (s) => s.topic.partitions, { n: 2 }),
  k.derived(['at {12} busy consumers', 'what {12} consumers apply'], ['{12} занятых консьюмеров', 'что успевают {12} консьюмеров'], (s) => s.topic.partitions),
  k.input(['A group of {12} consumers', 'apart: {12} →', 'climb from {12} to'], ['Группа из {12} консьюмеров', 'с: {12} →'], (s) => s.groups[0].members),
  k.input('at {600} orders/s', '{600} заказов/с', (s) => s.producers[0].rate),
  k.derived('applies {100} records/s', 'применяет {100} записей/с', mu),
  k.derived(['manages {1,200}/s', 'and {1,200} records/s'], ['вместе — {1200}/с', 'и {1200} записей/с'], ceiling),
  k.derived('at ~{1,200}/s', 'около {1200}/с', ceiling, { within: 60 }),
  k.input('t = {60} s', 't = {60} с', (s) => spike(s).at),
  k.input('for {120} s', 'на {120} с', (s) => spike(s).duration),
  k.input('lagThreshold {1000} records', 'lagThreshold {1000} записей', (s) => auto(s).lagThreshold),
  k.input('{12} to 40 replicas', 'от {12} до 40 реплик', (s) => auto(s).minReplicaCount),
  k.input('12 to {40} replicas', 'от 12 до {40} реплик', (s) => auto(s).maxReplicaCount),
  k.input('steps {15} s apart', 'раз в {15} с', (s) => auto(s)['horizontal-pod-autoscaler-sync-period']),
  k.measured(['→ {16} →', 'New size: {16};'], ['→ {16} →', 'New size: {16};'], (_r, x) => steps(x.log)[0]),
  k.measured('→ {22} →', '→ {22} →', (_r, x) => steps(x.log)[1]),
  k.measured('→ {31} →', '→ {31} →', (_r, x) => steps(x.log)[2]),
  k.measured(['{40} pods, 12', 'group to {40} pods', '→ {40} pods', 'to {40} in four', 'of {40} idle'], ['лагу: {40} подов', 'до {40} подов:', '→ {40} подов.', 'становится {40} за', 'из {40}.'], (r) => r.groups.warehouse.members),
  k.measured('in {four} steps', 'за {четыре} шага', (r) => scaler(r).scaleUps),
  k.measured(['{28} idle, flat', '{28} of 40 idle'], ['{28} простаивают', 'простаивают {28} из'], (r) => r.idleConsumers),
  k.measured('rebalances = {5}', 'ребалансов = {5}', (r) => r.rebalances),
  k.measured('near {87,000} records', 'примерно до {87 000}', (r) => r.lagRecords.max, { within: 1000 }),
  k.measured('about {2} s per step', 'примерно на {2} с', (r, x) => r.rebalancePausedSeconds / (scaler(r).rebalances * x.s.topic.partitions), { within: 0.5 }),
  k.measured('about {77,000} records', 'около {77 000} записей', (r) => r.lagRecords.max, { sets: [capped], within: 1000 }),
  k.input('last {300} s', 'последние {300} с', (s) => auto(s).stabilizationWindowSeconds),
  k.input(['{40} partitions planned', 'with {40} partitions the', 'now stops {40} partitions'], ['{40} партиций заранее', 'при {40} партициях', 'останавливает {40} партиций'], (s) => s.topic.partitions, { fix: true }),
  k.input('partitions, not {12}.', 'а не {12}.', (s) => s.topic.partitions),
  k.measured('near {37,000} records', 'около {37 000} записей', (r) => r.lagRecords.max, { fix: true, within: 1000 }),
  k.measured('stays at {12} pods', 'на {12} подах', (r) => scaler(r).maxReplicas, { sets: [capped] }),
] satisfies Entry[];
