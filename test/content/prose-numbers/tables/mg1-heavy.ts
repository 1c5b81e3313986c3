import { station as st, meanOf, type Entry } from '../ledger.ts';
import type { StationScenario } from '../../../../src/scenario/schema.ts';
import { theoryFor } from '../../../../src/run/models/station/theory.ts';

const theory = (s: StationScenario) => theoryFor(s)!;
/** The phases of the hyperexponential service, as distributions.ts builds them (balanced means). */
const phases = (s: StationScenario) => {
  const { mean, cv } = s.service as { mean: number; cv: number };
  const p = 0.5 * (1 + Math.sqrt((cv * cv - 1) / (cv * cv + 1)));
  return { fast: { share: p, mean: mean / (2 * p) }, slow: { share: 1 - p, mean: mean / (2 * (1 - p)) } };
};
const factor = (cv: number) => (1 + cv * cv) / 2;
/** The same load with cv = 1: the lesson's fix, which is M/M/1. */
const mm1 = (x: { scenario(id: string, ...sets: string[]): unknown; fix: string[] }) => x.scenario('mg1-heavy', ...x.fix) as StationScenario;

export default [
  st.input('M/G/{1}', 'M/G/{1}', (s) => s.servers),
  st.input('M/M/{1}', 'M/M/{1}', (s) => s.servers, { fix: true, n: 2 }),
  st.input(['Mean service {1} s', 'mean service {1} s,'], ['Среднее обслуживание {1} с', 'среднее обслуживание {1} с —'], (s) => meanOf(s.service)),
  st.derived(['the wait is {five} times', '— {five} times the'], ['ожидание {впятеро}', '— {впятеро} больше'], (s, x) => theory(s).Wq / theory(mm1(x)).Wq),
  st.input(['cv = {1}: same mean', 'and cv = {1} ('], ['cv = {1}: то же', 'и cv = {1} ('], (s) => (s.service as { cv: number }).cv, { fix: true }),
  st.derived('ρ = {0.8}', 'ρ = {0,8}', (s) => theory(s).rho),
  st.input('arrivals at {0.8} per', ': {0,8} заявки', (s) => s.arrival.rate),
  st.input(['of variation {3}', 'With cv = {3}'], ['вариации {3}', 'При cv = {3}'], (s) => (s.service as { cv: number }).cv),
  st.derived('{95} % of requests', '{95} % запросов', (s) => 100 * phases(s).fast.share),
  st.derived('take about {0.5} s', 'за {0,5} с', (s) => phases(s).fast.mean),
  st.derived('the other {5} %', 'остальные {5} %', (s) => 100 * phases(s).slow.share),
  st.derived('about {9.5} s', 'за {9,5} с', (s) => phases(s).slow.mean),
  st.derived(['a wait of {20} s', '(theory: {20} s)'], ['ожидание {20} с', '(по теории {20} с)'], (s) => theory(s).Wq),
  st.derived('the {4} s of', 'чем {4} с у', (s, x) => theory(mm1(x)).Wq),
  st.measured('utilisation ≈ {0.8}', 'загрузка ≈ {0,8}', (r) => r.utilization.mean!),
  st.measured('service still {1} s', 'по-прежнему {1} с', (r) => r.utilization.mean! / r.throughput.mean!),
  st.measured('Wq ≈ {21} s', 'Wq ≈ {21} с', (r) => r.Wq.mean!),
  st.measured('p99 ≈ {136} s', 'p99 ≈ {136} с', (r) => r.p99!),
  st.measured('{six} times the mean', '{вшестеро} больше', (r) => r.p99! / r.W.mean!, { within: 0.5 }),
  st.measured('W ≈ {22} s', 'W ≈ {22} с', (r) => r.W.mean!),
  st.measured('end near {17.6}', 'около {17,6}', (r) => (Math.abs(r.littlesLaw.L! - r.littlesLaw.lambdaW!) < 0.05 ? r.littlesLaw.L! : NaN)),
  st.measured('{5} % above', 'на {5} % выше', (r) => 100 * (r.L.mean! / r.theory!.L - 1)),
  st.derived('theory’s {16.8}', 'теоретических {16,8}', (s) => theory(s).L),
  st.measured('run’s ±{0.9} confidence', 'прогона ±{0,9}', (r) => r.L.hw!),
  st.fact(['ρ(1 + cv²)/(2(1 − ρ))·E[S]', 'factor (1 + cv²)/2'], ['ρ(1 + cv²)/(2(1 − ρ))·E[S]', 'множитель (1 + cv²)/2'], 'notation: the constants of the Pollaczek–Khinchine formula'),
  st.derived('is {5} instead', 'равен {5}', (s) => factor((s.service as { cv: number }).cv)),
  st.derived('instead of {1}.', 'а не {1}.', (s, x) => factor((mm1(x).service as { cv: number }).cv)),
  st.measured('falls back to {4} s', 'возвращается к {4} с', (r) => r.Wq.mean!, { fix: true }),
] satisfies Entry[];
