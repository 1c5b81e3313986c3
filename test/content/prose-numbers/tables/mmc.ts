import { station as st, meanOf, type Entry } from '../ledger.ts';
import type { StationScenario } from '../../../../src/scenario/schema.ts';
import { theoryFor } from '../../../../src/run/models/station/theory.ts';
import { erlangC } from '../../../../src/theory/index.ts';

const theory = (s: StationScenario) => theoryFor(s)!;
const pWait = (s: StationScenario) => erlangC(s.servers, s.arrival.rate * meanOf(s.service));
const shipped = (x: { scenario(id: string, ...sets: string[]): unknown }) => x.scenario('mmc') as StationScenario;

export default [
  st.input(['M/M/{4}', '{Four} servers', '{Four} identical', 'over {four} servers', 'by {four} servers'], ['M/M/{4}', '{Четыре} обработчика на', '{Четыре} одинаковых', 'по {четырём}', 'сразу {четыре}'], (s) => s.servers),
  st.derived(['queue at {90} % load', 'busy {90} % of the time', 'price of {90} % load'], ['загрузке {90} %', 'занят {90} % времени', 'загрузку {90} %'], (s) => 100 * theory(s).rho),
  st.derived('W ≈ {3} s instead', 'W ≈ {3} с вместо', (s) => theory(s).W),
  st.derived(['the {10} s of', 'instead of {10} s'], ['вместо {10} с у', 'вместо {10} с.'], (s) => theory(s).W, { scenario: 'mm1' }),
  st.input('M/M/{1}', 'M/M/{1}', (s) => s.servers, { scenario: 'mm1', n: 3 }),
  st.input(['{5} servers', 'A {fifth} server'], '{5} обработчиков', (s) => s.servers, { fix: true, says: 5 }),
  st.derived(['(ρ = {0.72})', 'down to ρ = {0.72}'], ['(ρ = {0,72})', 'до ρ = {0,72}'], (s) => theory(s).rho, { fix: true }),
  st.input(['come at {3.6} per', 'W = {3.6} ×'], ['интенсивностью {3,6} в', 'W = {3,6} ×'], (s) => s.arrival.rate),
  st.input('takes {1} s on average', 'в среднем {1} с', (s) => meanOf(s.service)),
  st.derived(['P(wait) ≈ {0.79}', 'instead of {0.79}'], ['P(ожидания) ≈ {0,79}', 'с {0,79} до'], pWait),
  st.derived(['about {2.97} s', '× {2.97})'], ['около {2,97} с', '× {2,97})'], (s) => theory(s).W),
  st.measured('utilisation ≈ {0.9}', 'загрузка ≈ {0,9}', (r) => r.utilization.mean!),
  st.measured('but W ≈ {3} s', 'но W ≈ {3} с', (r) => r.W.mean!),
  st.measured(['Wq ≈ {2} s', 'waiting about {2} s', 'from about {2} s'], ['Wq ≈ {2} с', 'ждёт около {2} с', 'примерно с {2} с'], (r) => r.Wq.mean!),
  st.measured('about {10.7} requests', 'около {10,7} заявки', (r) => r.L.mean!),
  st.derived('P(wait) ≈ {0.41}', 'до {0,41}', pWait, { fix: true }),
  st.measured('to {0.29} s', 'до {0,29} с', (r) => r.Wq.mean!, { fix: true }),
  st.measured('W to {1.29} s', 'до {1,29} с', (r) => r.W.mean!, { fix: true }),
  st.measured('from {12.3} s', 'с {12,3} с', (r) => r.p99!),
  st.measured('to {5.2} s', 'до {5,2} с', (r) => r.p99!, { fix: true }),
  st.derived('a {quarter} more servers', 'на {четверть} больше', (s, x) => s.servers / shipped(x).servers - 1, { fix: true }),
  st.derived('idle {28} % of', 'каждый {28} %', (s) => 100 * (1 - theory(s).rho), { fix: true }),
] satisfies Entry[];
