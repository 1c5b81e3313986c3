import { pipeline as p, meanOf, type Entry } from '../ledger.ts';
import type { PipelineScenario } from '../../../../src/scenario/schema.ts';
import { pipelineTheory, type PipelineSummary } from '../../../../src/run/models/pipeline/summary.ts';

/** A stage by name, its capacity (workers / mean processing time, the model's definition), its numbers in a run. */
const stage = (s: PipelineScenario, name: string) => s.stages.find((x) => x.name === name)!;
const capacity = (s: PipelineScenario, name: string) => stage(s, name).workers / meanOf(stage(s, name).time);
const ran = (r: PipelineSummary, name: string) => r.stages.find((x) => x.name === name)!;
/** The Jackson-network theory of the fixed pipeline, stage by stage. */
const theoryW = (s: PipelineScenario, i: number) => pipelineTheory(s)!.stages[i].W;
const rate = (s: PipelineScenario) => s.sources[0].rate;

export default [
  p.derived(['{Three} stages, one slow', 'go through {three} stages', 'the sum of the {three}'], ['{Три} стадии, одна', 'проходят {три} стадии', 'сумма {трёх}'], (s) => s.stages.length),
  p.input(['arrive at {100} a second', 'With {100} a second coming', 'and at {100} a second they'], ['приходят по {100} в секунду', 'При {100} в секунду на входе', 'и при {100} в секунду заняты'], rate),
  p.input(['Ingest ({2} workers', 'publish ({2} workers'], ['Ingest ({2} воркера', 'publish ({2} воркера'], (s) => stage(s, 'ingest').workers),
  p.input('{8} ms per upload', '{8} мс на загрузку', (s) => 1000 * meanOf(stage(s, 'ingest').time)),
  p.derived('can do {250} a second', 'успевает {250} в секунду', (s) => capacity(s, 'ingest')),
  p.input(['transcode ({4} workers', "transcode's is {4} / 0.05"], ['transcode ({4} воркера', 'transcode это {4} / 0,05'], (s) => stage(s, 'transcode').workers),
  p.input('workers, {50} ms)', 'воркера, {50} мс)', (s) => 1000 * meanOf(stage(s, 'transcode').time)),
  p.input('is 4 / {0.05} s', 'это 4 / {0,05} с', (s) => meanOf(stage(s, 'transcode').time)),
  p.derived(['ms) {80} a second', 'capacity of {80}, whatever', '0.05 s = {80} a second', 'transcode sends, {80} a second'], ['мс) — {80} в секунду', 'transcode в {80}, что', '0,05 с = {80} в секунду', 'отдаёт transcode, — {80} в'], (s) => capacity(s, 'transcode')),
  p.input('workers, {10} ms) 200', 'воркера, {10} мс) — 200', (s) => 1000 * meanOf(stage(s, 'publish').time)),
  p.derived('ms) {200} a second', 'мс) — {200} в секунду', (s) => capacity(s, 'publish')),
  p.derived(['grows by about {20} uploads', 'coming in, {20} a second more'], ['примерно на {20} загрузок', 'приходит на {20} в секунду'], (s) => rate(s) - capacity(s, 'transcode')),
  p.measured('to {12,690} at the end', 'до {12 690}; перед', (r) => ran(r, 'transcode').backlog.final, { within: 0 }),
  p.measured('never more than {10}.', 'никогда не больше {10}.', (r) => Math.max(ran(r, 'ingest').backlog.max, ran(r, 'publish').backlog.max), { is: '≤' }),
  p.measured('ingest finishes about {100} a second', 'ingest завершает около {100} в', (r) => ran(r, 'ingest').throughput!, { within: 1 }),
  p.measured('transcode and publish {79}', 'transcode и publish — {79}', (r) => Math.min(ran(r, 'transcode').throughput!, ran(r, 'publish').throughput!)),
  p.measured('latency: {61} s on average', 'в среднем {61} с', (r) => r.W.mean!),
  p.measured('and {123} s at p99', 'p99 — {123} с,', (r) => r.p99!),
  p.measured(['growing — {0.01} s in ingest', 'transcode, {0.01} s in publish'], ['растёт: {0,01} с в ingest', 'transcode, {0,01} с в publish'], (r) => (ran(r, 'ingest').W.mean! + ran(r, 'publish').W.mean!) / 2, { within: 0.005 }),
  p.measured('ingest, {61} s in transcode', 'ingest, {61} с в transcode', (r) => ran(r, 'transcode').W.mean!),
  p.input('{6} transcode workers', ['место: {6} воркеров', '{6} воркеров транскодирования'], (s) => stage(s, 'transcode').workers, { fix: true, n: [2, 1] }),
  p.derived('workers do {120} a second', 'делают {120} в секунду', (s) => capacity(s, 'transcode'), { fix: true }),
  p.derived('busy {83} % of the time', 'заняты {83} % времени', (s) => (100 * rate(s)) / capacity(s, 'transcode'), { fix: true }),
  p.measured('never goes over {41}', 'не превышает {41}', (r) => ran(r, 'transcode').backlog.max, { fix: true, within: 0 }),
  p.measured('finishes about {100} uploads', 'около {100} загрузок', (r) => r.throughput!, { fix: true, within: 1 }),
  p.measured('done in {0.107} s', 'за {0,107} с', (r) => r.W.mean!, { fix: true }),
  p.measured('(p99 {0.35} s)', '(p99 — {0,35} с)', (r) => r.p99!, { fix: true }),
  p.derived('three, {0.0095} +', 'трёх: {0,0095} +', (s) => theoryW(s, 0), { fix: true }),
  p.derived('+ {0.079} +', '+ {0,079} +', (s) => theoryW(s, 1), { fix: true }),
  p.derived('+ {0.013} s', '+ {0,013} с', (s) => theoryW(s, 2), { fix: true }),
  p.derived('≈ {0.102} s', '≈ {0,102} с', (s) => pipelineTheory(s)!.W, { fix: true }),
] satisfies Entry[];
