import { station as st, meanOf, type Entry } from '../ledger.ts';
import type { StationScenario } from '../../../../src/scenario/schema.ts';
import { theoryFor } from '../../../../src/run/models/station/theory.ts';

const theory = (s: StationScenario) => theoryFor(s)!;
/** W in units of the service time, at load ρ: 1/(1 − ρ). */
const stretch = (rho: number) => 1 / (1 - rho);

export default [
  st.input('M/M/{1}', 'M/M/{1}', (s) => s.servers, { n: 2 }),
  st.derived('at {90} % load', 'загрузке {90} %', (s) => 100 * theory(s).rho),
  st.derived('busy {90} % of the time', 'занят {90} % времени', (s) => 100 * theory(s).rho, { n: 2 }),
  st.derived(['spends {ten} times', '{ten} times its own', 'at 0.9 {ten} times'], ['системе {вдесятеро}', 'в {десять} раз больше', 'ρ = 0,9 — в {десять} раз'], (s) => theory(s).W / meanOf(s.service)),
  st.input('λ = {0.7}/s (', 'λ = {0,7}/с (', (s) => s.arrival.rate, { fix: true, n: 2 }),
  st.derived(['({30} % headroom)', 'looks {30} % idle'], ['(запас {30} %)', 'недогруженным на {30} %'], (s) => 100 * (1 - theory(s).rho), { fix: true }),
  st.input('at {0.9} per second', 'среднем {0,9} в секунду', (s) => s.arrival.rate),
  st.input('taking {1} s on average', 'в среднем {1} с', (s) => meanOf(s.service)),
  st.fact(['formula W = {1}/(μ − λ)', 'W = {1}/(μ − λ) = ({1}/μ)·{1}/({1} − ρ)'], ['статьи W = {1}/(μ − λ)', 'W = {1}/(μ − λ) = ({1}/μ)·{1}/({1} − ρ)'], 'notation: the constants of the M/M/1 formula'),
  st.derived('spends {10} s', 'системе {10} с', (s) => theory(s).W),
  // The number in system is empty with probability 1 − ρ, and above n with probability ρ^(n+1):
  // its 99th percentile is what "a few dozen" describes.
  st.derived('between {zero} and', 'от {нуля} до', (s) => (1 - theory(s).rho > 0 ? 0 : NaN)),
  st.derived('a few {dozen}', 'нескольких {десятков}', (s) => Math.log(0.01) / Math.log(theory(s).rho) - 1, { says: [24, 60] }),
  st.derived('theory line L = {9}', 'теории L = {9}', (s) => theory(s).L),
  st.measured('utilisation ≈ {0.9}', 'загрузка ≈ {0,9}', (r) => r.utilization.mean!),
  st.measured('W ≈ {10} s', 'W ≈ {10} с', (r) => r.W.mean!),
  st.measured('p99 ≈ {47} s', 'p99 ≈ {47} с', (r) => r.p99!),
  // The 99th percentile of an exponential time: P(T > t) = 1/100.
  st.derived('ln {100} × W', 'ln {100} × W', () => 1 / (1 - 0.99)),
  st.derived('W ≈ {46} s', 'W ≈ {46} с', (s) => Math.log(100) * theory(s).W),
  st.input('λ·W = {0.9} ×', 'λ·W = {0,9} ×', (s) => s.arrival.rate),
  st.derived('× {10} meet', '× {10} сходятся', (s) => theory(s).W),
  st.measured('meet at {9}', 'сходятся к {9}', (r) => (Math.abs(r.littlesLaw.L! - r.littlesLaw.lambdaW!) < 0.5 ? r.littlesLaw.L! : NaN)),
  st.fact(['at ρ = {0.5} it', 'at {0.99} a'], ['при ρ = {0,5} задержка', 'при ρ = {0,99} —'], 'illustrative loads, not this scenario’s'),
  st.derived('is {twice} the service', 'задержка {вдвое} выше', () => stretch(0.5)),
  st.derived('time, at {0.9} ten', 'при ρ = {0,9} — в', (s) => theory(s).rho),
  st.derived('a {hundred} times', '— в {сто}', () => stretch(0.99)),
  st.fact('explodes near {1}', null, 'notation: ρ = 1, where 1/(1 − ρ) has its pole'),
  st.derived('the last {10} %', 'последние {10} %', (s) => 100 * (1 - theory(s).rho)),
  st.fact('Keep {30–40} % headroom', 'мощности {30–40} %', 'a rule of thumb; the fix takes 30 %'),
  st.derived('(ρ = {0.7})', '(ρ = {0,7})', (s) => theory(s).rho, { fix: true }),
  st.measured('W ≈ {3.3} s', 'W ≈ {3,3} с', (r) => r.W.mean!, { fix: true }),
  st.measured('L ≈ {2.3}', 'L ≈ {2,3}', (r) => r.L.mean!, { fix: true }),
  st.fact('for {95} % utilisation', 'под {95} % утилизации', 'a hypothetical planning target'),
] satisfies Entry[];
