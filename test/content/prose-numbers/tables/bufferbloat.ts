import { pipeline as p, meanOf, type Entry } from '../ledger.ts';
import type { PipelineScenario } from '../../../../src/scenario/schema.ts';
import type { PipelineSummary } from '../../../../src/run/models/pipeline/summary.ts';

const ingest = (s: PipelineScenario) => s.stages[0];
const processing = (s: PipelineScenario) => s.stages[1];
const cap = (s: PipelineScenario) => processing(s).workers / meanOf(processing(s).time);
const bound = (b: PipelineScenario['stages'][number]['buffer']) => (b.type === 'bounded' ? b.capacity : NaN);
const rate = (s: PipelineScenario) => s.sources[0].rate;
const proc = (r: PipelineSummary) => r.stages[1];

export default [
  p.input(['a buffer of {10,000} passes', 'a buffer of {10,000} that blocks', 'with 10 or {10,000} places', 'a full buffer of {10,000} at', 'is {10,000} / 100'], ['буфер на {10 000} пропускает', 'буфер на {10 000}, который', '10 или {10 000}. При', 'полный буфер на {10 000} при', 'это {10 000} / 100'], (s) => bound(processing(s).buffer)),
  p.measured('the {10,000} waiting do not', '{10 000} ожидающих', (r) => proc(r).backlog.final, { within: 0 }),
  p.input('a buffer of {10}', 'буфер на {10}', (s) => bound(processing(s).buffer), { fix: true, n: [2, 1] }),
  p.input(['buffer holds {10}. When'], ['буфера на {10} — и', 'обработки — на {10}. Когда'], (s) => bound(processing(s).buffer), { fix: true }),
  p.measured('a {hundred} seconds later', 'на {сто} секунд позже', (r) => r.W.mean!, { within: 1 }),
  p.input('arrive at {120} a second', 'приходят по {120} в секунду', rate),
  p.input('stage ({2} workers', 'ingest ({2} воркера', (s) => ingest(s).workers),
  p.input('{5} ms a request', '{5} мс на запрос', (s) => 1000 * meanOf(ingest(s).time)),
  p.input('small buffer, {10} places', 'маленький буфер, {10} мест', (s) => bound(ingest(s).buffer)),
  p.derived(['can do {100} a second', 'processing does {100} a second', 'at {100} a second is'], ['успевает {100} в секунду', 'делает {100} в секунду', 'при {100} в секунду —'], cap),
  p.input('({10} workers, 0.1', '({10} воркеров, 0,1', (s) => processing(s).workers),
  p.input('{0.1} s each', '{0,1} с на запрос', (s) => meanOf(processing(s).time)),
  p.input('with {10} or 10,000', 'было, {10} или', (s) => bound(ingest(s).buffer)),
  p.derived('load is {20} % above', 'Нагрузка на {20} %', (s) => 100 * (rate(s) / cap(s) - 1)),
  p.derived('fills at about {20} a second', 'примерно на {20} в секунду', (s) => rate(s) - cap(s)),
  p.derived(['from about t = {500} s', 'off by {500} s'], ['примерно с t = {500} с', 'на {500} с, а'], (s) => bound(processing(s).buffer) / (rate(s) - cap(s))),
  p.measured(['edge refuses {20} requests a second', 'is full, {20} requests a second'], ['а вход отказывает {20} запросам', 'полон, вход отказывает {20} запросам'], (r) => r.lostRate!),
  p.measured('Throughput: {100} requests', 'готово {100} запросов', (r) => r.throughput!),
  p.input('from t = {600} s', 'с t = {600} с', (s) => s.warmup),
  p.measured('s): {100} s, and', '): {100} с, и', (r) => r.W.mean!),
  p.measured('request is {100} s old', 'запросу уже {100} с', (r) => proc(r).age!),
  p.derived('10,000 / {100} = 100 s', '10 000 / {100} = 100', cap),
  p.derived('/ 100 = {100} s of', '/ 100 = {100} с ожидания', (s) => bound(processing(s).buffer) / cap(s)),
  p.fact('Nichols, {2011})', 'Николс, {2011})', 'the year of "Bufferbloat: Dark Buffers in the Internet", ACM Queue (cited in the seed article 000)'),
  p.measured('Throughput stays {100} a second', 'та же, {100} в секунду', (r) => r.throughput!, { fix: true }),
  p.measured('still refuses {20} a second', 'отказывает {20} в секунду, но', (r) => r.lostRate!, { fix: true }),
  p.measured('done in {0.27} s', 'за {0,27} с', (r) => r.W.mean!, { fix: true }),
  p.measured('(p99 {0.65} s)', '(p99 — {0,65} с)', (r) => r.p99!, { fix: true }),
  p.measured('is {0.17} s old', 'ему {0,17} с', (r) => proc(r).age!, { fix: true }),
  p.measured('not {100} s.', 'а не {100} с,', (r) => proc(r).age!),
] satisfies Entry[];
