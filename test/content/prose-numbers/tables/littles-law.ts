import { kafka as k, meanOf, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';
import { kafkaTheory } from '../../../../src/run/models/kafka/summary.ts';

/** Theory with one consumer per partition: M/M/1 each, at its partition's exact share of the keys. */
const theory = (s: KafkaScenario) => {
  const one = Object.fromEntries(Array.from({ length: s.topic.partitions }, (_, p) => [`c${p}`, [p]]));
  return kafkaTheory(s, one)!;
};
const mu = (s: KafkaScenario) => 1 / meanOf(s.groups[0].processing.time);
const perPartition = (s: KafkaScenario) => s.producers[0].rate / s.topic.partitions;

export default [
  k.input(['{1,000} records/s', 'writes {1,000} orders', 'λ = {1000}/s'], ['{1000} записей/с', 'пишет {1000} заказов', 'λ = {1000}/с'], (s) => s.producers[0].rate),
  k.derived(['{50} ms each', 'W ≈ {50} ms, so', 'those {50} ms'], ['каждая {50} мс', 'W ≈ {50} мс, значит', 'этих {50} мс'], (s) => 1000 * theory(s).W),
  k.derived(['about {50} records are', 'L = λ·W ≈ {50} records'], ['около {50} записей', 'L = λ·W ≈ {50} записей'], (s) => theory(s).L),
  k.input('over {4} partitions', 'по {4} партициям', (s) => s.topic.partitions),
  k.input('needs {3.7} ms', 'среднем {3,7} мс', (s) => 1000 * meanOf(s.groups[0].processing.time)),
  // λ/μ per partition is 0.925, written rounded up.
  k.derived('ρ ≈ {0.93}', 'ρ ≈ {0,93}', (s) => perPartition(s) / mu(s), { within: 0.0051 }),
  k.measured('about {49–50}', 'около {49–50}', (r) => (Math.abs(r.littlesLaw.L! - r.littlesLaw.lambdaW!) < 0.5 ? r.littlesLaw.L! : NaN)),
  k.measured('λ ≈ {1000}/s', 'λ ≈ {1000}/с', (r) => r.lambda.mean!, { within: 10 }),
  // The run: 49.1 ± 2.6 ms.
  k.measured('W ≈ {50} ms, and', 'W ≈ {50} мс, ноль', (r) => 1000 * r.W.mean!, { within: 1 }),
  k.measured('strip: {zero} lost', '{ноль} потерянных', (r) => r.lost + r.duplicates + r.skipped),
  k.input('every {5} s', 'раз в {5} с', (s) => s.groups[0]['auto.commit.interval.ms'] / 1000, { kafkaDefault: 'consumer.auto.commit.interval.ms' }),
  k.fact(['an M/M/{1} queue', 'W = {1}/(μ − λ) ≈ {1}/('], ['очередью M/M/{1}', 'W = {1}/(μ − λ) ≈ {1}/('], 'notation: one server per queue; the 1 of 1/(μ − λ)'),
  k.derived('({270} −', '({270} −', mu),
  k.derived('− {250})', '− {250})', perPartition),
  k.derived('s ≈ {50} ms.', 'с ≈ {50} мс.', (s) => 1000 * theory(s).W),
] satisfies Entry[];
