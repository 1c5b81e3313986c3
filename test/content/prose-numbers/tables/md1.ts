import { station as st, meanOf, type Entry } from '../ledger.ts';
import type { StationScenario } from '../../../../src/scenario/schema.ts';
import { theoryFor } from '../../../../src/run/models/station/theory.ts';
import { makeDistribution } from '../../../../src/sim/kernel/distributions.ts';
import { lessonFix } from '../ledger.ts';

const theory = (s: StationScenario) => theoryFor(s)!;
const cv = (service: StationScenario['service']) => {
  const d = makeDistribution(service);
  return Math.sqrt(d.variance) / d.mean;
};
const factor = (c: number) => (1 + c * c) / 2;
const mm1 = (x: { scenario(id: string, ...sets: string[]): unknown }, ...sets: string[]) => x.scenario('mm1', ...sets) as StationScenario;
/** The arrival rate of the M/M/1 lesson’s fix (30 % headroom). */
const headroom = (x: { scenario(id: string, ...sets: string[]): unknown }) => mm1(x, ...lessonFix('mm1')).arrival.rate;
const at = (s: StationScenario, rate: number): StationScenario => ({ ...s, arrival: { ...s.arrival, rate } });

export default [
  st.input('M/D/{1}', 'M/D/{1}', (s) => s.servers, { n: 2 }),
  st.input('M/M/{1}', 'M/M/{1}', (s) => s.servers, { scenario: 'mm1', n: 5 }),
  st.input('D/D/{1}', 'D/D/{1}', (s) => s.servers, { fix: true, n: 2 }),
  st.input('exactly {1} s', 'ровно {1} с', (s) => meanOf(s.service), { n: 2 }),
  st.derived(['waiting {halves}', 'the wait {halves}'], null, (s, x) => theory(s).Wq / theory(mm1(x)).Wq),
  st.derived(null, ['в очереди {вдвое} короче', 'ожидание {вдвое} короче'], (s, x) => theory(mm1(x)).Wq / theory(s).Wq),
  st.input('arrivals at {0.9} per', 'поток {0,9} заявки', (s) => s.arrival.rate),
  st.derived('ρ = {0.9}', 'ρ = {0,9}', (s) => theory(s).rho),
  st.derived('Wq = {4.5} s instead', 'Wq = {4,5} с вместо', (s) => theory(s).Wq),
  st.derived('instead of {9} s', 'вместо {9} с', (s) => theory(s).Wq, { scenario: 'mm1' }),
  st.derived('W = {5.5} s', 'W = {5,5} с', (s) => theory(s).W),
  st.measured('utilisation ≈ {0.9}', 'загрузка ≈ {0,9}', (r) => r.utilization.mean!),
  st.measured('Wq ≈ {4.5} s', 'Wq ≈ {4,5} с', (r) => r.Wq.mean!),
  st.measured('W ≈ {5.5} s', 'W ≈ {5,5} с', (r) => r.W.mean!),
  st.measured('instead of {9} and', 'вместо {9} и', (r) => r.Wq.mean!, { scenario: 'mm1' }),
  st.measured('and {10}.', 'и {10}.', (r) => r.W.mean!, { scenario: 'mm1' }),
  st.derived('L = λ·W = {4.95}', 'L = λ·W = {4,95}', (s) => theory(s).L),
  st.derived('a little over {half}', 'чуть больше {половины}', (s, x) => theory(s).L / theory(mm1(x)).L, { says: [0.5, 0.6] }),
  st.derived('of the {9} in', 'от {9} у', (s) => theory(s).L, { scenario: 'mm1' }),
  st.fact(['ρ(1 + cv²)/(2(1 − ρ))·E[S]', 'factor (1 + cv²)/2'], ['ρ(1 + cv²)/(2(1 − ρ))·E[S]', 'множитель (1 + cv²)/2'], 'notation: the constants of the Pollaczek–Khinchine formula'),
  st.derived('has cv = {1}', 'обслуживания cv = {1}', (s) => cv(s.service), { scenario: 'mm1' }),
  st.derived('service cv = {0}', 'постоянного cv = {0}', (s) => cv(s.service)),
  st.derived('from {1} to', 'с {1} до', (s) => factor(cv(s.service)), { scenario: 'mm1' }),
  st.derived('to {½}', 'до {½}', (s) => factor(cv(s.service))),
  st.derived(['at {90} % load', 'same {90} % load'], ['загрузке {90} %', 'загрузкой {90} %'], (s) => 100 * theory(s).rho),
  // Kingman: the variability factor is (ca² + cs²)/2; with cs = 0 what remains is the arrivals' share.
  st.derived('the other {half} of', 'вторую {половину} случайности', (s, x) => cv(mm1(x).service) ** 2 / (1 + cv(mm1(x).service) ** 2)),
  st.derived('every {1.11} s', 'каждые {1,11} с', (s) => 1 / s.arrival.rate),
  st.measured('run Wq = {0}', 'прогоне Wq = {0}', (r) => r.Wq.mean!, { fix: true }),
  st.measured('W = {1} s and', 'W = {1} с и', (r) => r.W.mean!, { fix: true }),
  // Percentiles come from a histogram whose bins are a fraction of a percent wide.
  st.measured('p99 = {1} s', 'p99 = {1} с', (r) => r.p99!, { fix: true, within: 0.001 }),
  st.input('at λ = {0.7}/s', 'при λ = {0,7}/с', (s) => s.arrival.rate, { scenario: 'mm1', sets: lessonFix('mm1') }),
  st.derived('Wq ≈ {1.17} s', 'Wq ≈ {1,17} с', (s, x) => theoryFor(at(s, headroom(x)))!.Wq),
  st.derived('s, {half} of the', null, (s, x) => theoryFor(at(s, headroom(x)))!.Wq / theoryFor(at(mm1(x), headroom(x)))!.Wq),
  st.derived(null, '{вдвое} меньше', (s, x) => theoryFor(at(mm1(x), headroom(x)))!.Wq / theoryFor(at(s, headroom(x)))!.Wq),
  st.derived('the {2.33} s', 'чем {2,33} с', (s, x) => theoryFor(at(mm1(x), headroom(x)))!.Wq),
] satisfies Entry[];
