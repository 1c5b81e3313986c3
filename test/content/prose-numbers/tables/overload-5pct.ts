import { kafka as k, meanOf, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const mu = (s: KafkaScenario) => 1 / meanOf(s.groups[0].processing.time);
const lambda = (s: KafkaScenario) => s.producers[0].rate;

export default [
  k.derived(['{5} % over', 'just {5} % above', 'only {5} % more', 'even by {5} %'], ['{5} % сверх', 'на {5} % выше', 'всего на {5} % больше', 'хотя бы на {5} %'], (s) => 100 * (lambda(s) / mu(s) - 1)),
  // The drift; the run's own slope is in "about 20,000 records after the hour".
  k.derived(['by ~{5} records', '({5} a second', 'λ − μ = {5} records', 'drift of +{5}/s'], ['на ~{5} записей', 'среднем {5} в секунду', 'λ − μ = {5} записей', 'сносом +{5}/с'], (s) => lambda(s) - mu(s)),
  k.input(['λ = {95}/s', 'at {95}/s ('], ['λ = {95}/с', 'при {95}/с ('], lambda, { fix: true }),
  k.derived('applies {100} records/s', 'среднем {100} записей/с', mu),
  k.input('producer at {105}/s', 'продюсер на {105}/с', lambda),
  k.measured('about {20,000} records', 'около {20 000} записей', (r) => r.lagRecords.final, { within: 1000 }),
  k.input('× {3,600} s', '× {3 600} с', (s) => s.duration),
  k.derived('= {18,000} on average', '= {18 000}, остальное', (s) => (lambda(s) - mu(s)) * s.duration),
  k.measured('about {three} minutes old', 'около {трёх} минут', (r) => r.lagSeconds.final / 60, { within: 0.25 }),
  k.measured('pinned at ~{100}/s', 'прибит к ~{100}/с', (r) => r.throughput.mean!, { within: 2 }),
  k.measured('consumer busy {100} %', 'загружен на {100} %', (r) => 100 * r.groups.processor.utilization['processor-1']!, { within: 1 }),
  k.derived('near ρ = {1}', 'при ρ около {1}', (s) => lambda(s) / mu(s), { within: 0.1 }),
  k.derived('(ρ = {0.95})', '(ρ = {0,95})', (s) => lambda(s) / mu(s), { fix: true }),
  k.input('(M/M/{1}:', '(M/M/{1}:', (s) => s.groups[0].members),
  k.fact('W = {1}/(μ − λ)', 'W = {1}/(μ − λ)', 'notation: the 1 of 1/(μ − λ)'),
  k.derived('= {0.2} s', '= {0,2} с', (s) => 1 / (mu(s) - lambda(s)), { fix: true }),
  k.derived('{twenty} times the processing', 'в {20} раз', (s) => 1 / (mu(s) - lambda(s)) / meanOf(s.groups[0].processing.time), { fix: true }),
] satisfies Entry[];
