import { station as st, meanOf, type Entry } from '../ledger.ts';
import type { KafkaScenario, StationScenario } from '../../../../src/scenario/schema.ts';
import { theoryFor } from '../../../../src/run/models/station/theory.ts';

const theory = (s: StationScenario) => theoryFor(s)!;
const mu = (s: StationScenario) => 1 / meanOf(s.service);
/** Time-average probability of n in system, M/M/1/K. */
const p = (s: StationScenario, n: number) => {
  const rho = s.arrival.rate / mu(s);
  return (rho ** n * (1 - rho)) / (1 - rho ** (s.capacity! + 1));
};
/** The same server with room for more: the bufferbloat what-if of the Why text. */
const ROOM = 20;
const roomier = (s: StationScenario) => theory({ ...s, capacity: ROOM });

export default [
  st.input('M/M/{1}/10', 'M/M/{1}/10', (s) => s.servers),
  st.input(['M/M/1/{10}', 'room for {10}:', 'at most {10} (', 'all {10} places'], ['M/M/1/{10}', 'мест {10}:', 'больше {10} (', 'все {10} мест'], (s) => s.capacity!),
  st.derived('{20} % more work', 'на {20} % больше', (s) => 100 * (s.arrival.rate / mu(s) - 1)),
  st.derived(['~{19} % turned', 'about {19} % of arrivals', 'about {19} % of the time', 'why {19} % of'], ['~{19} % отказов', 'около {19} % заявок', 'около {19} % времени', 'поэтому {19} % заявок'], (s) => 100 * theory(s).pBlock!),
  st.input('{2} servers', '{2} обработчика', (s) => s.servers, { fix: true }),
  st.input(['at {1.2} per second', 'offered {1.2}/s'], ['интенсивностью {1,2} в', 'предложенные {1,2}/с'], (s) => s.arrival.rate),
  st.derived(['manages {1} per second', 'still {1}/s'], ['успевает {1} в секунду', 'по-прежнему {1}/с'], mu),
  st.derived('{nine} waiting', '{девять} ждут', (s) => s.capacity! - s.servers),
  st.derived('the “{5} % over capacity”', '«{5} % сверх', (s, x) => {
    const o = x.scenario('overload-5pct') as KafkaScenario;
    return 100 * (o.producers[0].rate * meanOf(o.groups[0].processing.time) - 1);
  }),
  st.derived('P(block) ≈ {0.193}', 'P(отказа) ≈ {0,193}', (s) => theory(s).pBlock!),
  st.derived(['stays at about {6.9} s', 'grows from {6.9} to'], ['около {6,9} с', 'W — с {6,9} до'], (s) => theory(s).W),
  st.measured('settles near {0.19}', 'выходит на ≈ {0,19}', (r) => r.pBlock.mean!),
  st.measured('just under {1}/s', 'чуть меньше {1}/с', (r) => r.throughput.mean!, { is: 'nearly', within: 0.05 }),
  st.derived('{7} or more about {60} %', '{7} и больше примерно {60} %', (s) => 100 * [7, 8, 9, 10].reduce((a, n) => a + p(s, n), 0), { says: 60, within: 2 }),
  st.measured('(≈ {0.97}/s)', '(≈ {0,97}/с)', (r) => r.lambdaAdmitted.mean!),
  st.derived('the extra {0.2}/s', 'лишние {0,2}/с', (s) => s.arrival.rate - mu(s)),
  st.fact('room for {20},', 'при {20} местах', 'the what-if buffer size (ROOM) the numbers after it are computed for'),
  st.derived('only from {0.97} to', 'лишь с {0,97} до', (s) => theory(s).throughput),
  st.derived('to {0.996}/s', 'до {0,996}/с', (s) => roomier(s).throughput),
  st.derived('to {15.5} s', 'до {15,5} с', (s) => roomier(s).W),
  st.derived('(ρ = {0.6} per server)', '(ρ = {0,6} на каждый)', (s) => theory(s).rho, { fix: true }),
  st.measured('only about {0.3} %', 'около {0,3} %', (r) => 100 * r.pBlock.mean!, { fix: true }),
  st.measured('falls to ≈ {1.5} s', 'до ≈ {1,5} с', (r) => r.W.mean!, { fix: true }),
  st.derived('is {twice} the workers', '{вдвое} больше воркеров', (s, x) => s.servers / (x.scenario('mm1k') as StationScenario).servers, { fix: true }),
] satisfies Entry[];
