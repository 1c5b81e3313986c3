/** Validation and the cost estimate of the pipeline model: every message names the field and what is allowed. */
import { describe, expect, it } from 'vitest';
import { formatError, validateScenario } from '../../src/scenario/validate.ts';
import { costOf } from '../../src/scenario/budget.ts';
import type { PipelineScenario } from '../../src/scenario/schema.ts';

const exp = { type: 'exponential', mean: 0.01 };
const base = {
  version: 1,
  model: 'pipeline',
  duration: 60,
  sources: [{ name: 'uploads', rate: 100, to: 'ingest' }],
  stages: [
    { name: 'ingest', workers: 2, time: exp, to: ['transcode'] },
    { name: 'transcode', workers: 4, time: exp, to: ['publish'] },
    { name: 'publish', workers: 2, time: exp },
  ],
};

type Raw = typeof base & Record<string, unknown>;

function errors(patch: (s: Raw) => unknown): string[] {
  const s = JSON.parse(JSON.stringify(base)) as Raw;
  const r = validateScenario(patch(s) ?? s);
  return r.ok ? [] : r.errors.map(formatError);
}

describe('pipeline scenario validation', () => {
  it('fills the documented defaults: a topic in front of every stage, no pause, no shedding', () => {
    const r = validateScenario(base);
    expect(r.ok).toBe(true);
    const s = (r as { scenario: PipelineScenario }).scenario;
    expect(s.stages[2]).toMatchObject({ buffer: { type: 'topic' }, to: [], pause: null });
    expect(s.sources[0]).toMatchObject({ arrivals: 'poisson', profile: [], shedAbove: null, blockTimeout: null });
    const b = validateScenario({ ...base, stages: [...base.stages.slice(0, 2), { ...base.stages[2], buffer: { type: 'bounded', capacity: 5 } }] });
    expect(b.ok && (b.scenario as PipelineScenario).stages[2].buffer).toEqual({ type: 'bounded', capacity: 5, policy: 'block' });
  });

  it('names the field and the allowed range', () => {
    expect(errors((s) => void (s.stages[1].workers = 0))).toEqual(['stages.1.workers: must be an integer in [1, 1000] (got 0)']);
    expect(errors((s) => void ((s.stages[1] as Record<string, unknown>).buffer = { type: 'bounded', capacity: 10, policy: 'drop-random' }))).toEqual([
      'stages.1.buffer.policy: must be one of: block, drop-newest, drop-oldest (got "drop-random")',
    ]);
    expect(errors((s) => void ((s.stages[1] as Record<string, unknown>).buffer = { type: 'queue' }))[0]).toBe('stages.1.buffer.type: must be one of: topic, bounded (got "queue")');
    expect(errors((s) => void (s.sources[0].rate = -1))).toEqual(['sources.0.rate: must be a number in [0, 1000000] /s (got -1)']);
    expect(errors((s) => ({ ...s, stages: [] }))).toEqual(['stages: must have at least one stage (got [])']);
  });

  it('edges: unknown stages, a stage sending to itself, a repeat, a cycle, a stage nothing feeds, duplicate names', () => {
    expect(errors((s) => void (s.sources[0].to = 'encode'))).toEqual(['sources.0.to: must be a stage name: one of ingest, transcode, publish (got "encode")']);
    expect(errors((s) => void (s.stages[0].to = ['encode']))).toEqual(['stages.0.to.0: must be a stage name: one of transcode, publish (got "encode")']);
    expect(errors((s) => void (s.stages[1].to = ['transcode']))[0]).toMatch(/^stages\.1\.to\.0: must name another stage: a stage cannot send to itself/);
    expect(errors((s) => void (s.stages[0].to = ['transcode', 'transcode']))[0]).toMatch(/^stages\.0\.to\.1: must not repeat a stage/);
    expect(errors((s) => void (s.stages[2].to = ['ingest']))).toEqual(['stages.2.to.0: makes a cycle (ingest → transcode → publish → ingest): a pipeline\'s stages must form a DAG (got "ingest")']);
    expect(errors((s) => void (s.stages[1].to = []))).toEqual(['stages.2.name: gets no items: no source or stage sends to publish (got "publish")']);
    expect(errors((s) => void (s.stages[2].name = 'ingest'))[0]).toBe('stages.2.name: must be unique (got "ingest")');
  });

  it('pause: needs a bounded buffer downstream, low below high, high reachable', () => {
    expect(errors((s) => void ((s.stages[0] as Record<string, unknown>).pause = { high: 8, low: 2 }))[0]).toMatch(/^stages\.0\.pause: needs a bounded buffer downstream to watch \(none of transcode has one\)/);
    const bounded = (s: Raw, high: number, low: number) => {
      (s.stages[1] as Record<string, unknown>).buffer = { type: 'bounded', capacity: 10 };
      (s.stages[0] as Record<string, unknown>).pause = { high, low };
    };
    expect(errors((s) => bounded(s, 8, 2))).toEqual([]);
    expect(errors((s) => bounded(s, 8, 8))).toEqual(['stages.0.pause.low: must be less than pause.high (8) (got 8)']);
    expect(errors((s) => bounded(s, 11, 2))).toEqual(['stages.0.pause.high: must be at most the smallest bounded capacity downstream (10) (got 11)']);
  });

  it('faults name a source or a stage that exists, before the end; add-workers stays within the limit', () => {
    expect(errors((s) => ({ ...s, faults: [{ at: 10, kind: 'slowdown', target: 'encode', factor: 2, duration: 5 }] }))).toEqual(['faults.0.target: must be a stage name: one of ingest, transcode, publish (got "encode")']);
    expect(errors((s) => ({ ...s, faults: [{ at: 10, kind: 'load-spike', target: 'web', factor: 2, duration: 5 }] }))).toEqual(['faults.0.target: must be a source name: one of uploads, or "*" for all (got "web")']);
    expect(errors((s) => ({ ...s, faults: [{ at: 60, kind: 'add-workers', target: 'transcode', count: 1 }] }))).toEqual(['faults.0.at: must be before the end of the run (60 s) (got 60)']);
    expect(errors((s) => ({ ...s, faults: [{ at: 1, kind: 'add-workers', target: 'transcode', count: 997 }] }))[0]).toMatch(/^faults\.0\.count: would bring transcode to 1001 workers: a stage has at most 1000 over a run/);
  });

  it('the request path: no copies before the response, a timeout needs a stage that responds, calls named apart from stages', () => {
    const calls = (s: Raw, i: number, names: string[]) => void ((s.stages[i] as Record<string, unknown>).calls = names.map((name) => ({ name, time: exp })));
    const respond = (s: Raw, i: number) => void ((s.stages[i] as Record<string, unknown>).respond = true);
    expect(errors((s) => void (respond(s, 1), (s.sources[0] as Record<string, unknown>).timeout = 5))).toEqual([]);
    expect(errors((s) => void ((s.sources[0] as Record<string, unknown>).timeout = 5))).toEqual([
      'sources.0.timeout: needs a stage with respond: true on the way of its items (its callers wait for that response), or null (got 5)',
    ]);
    expect(errors((s) => void ((s.sources[0] as Record<string, unknown>).timeout = 0))[0]).toBe('sources.0.timeout: must be a number in (0, 3600] s (got 0)');
    // ingest copies to transcode and publish, and publish responds: the response would have two ways to come.
    expect(errors((s) => void ((s.stages[0].to = ['transcode', 'publish']), respond(s, 2)))).toEqual([
      'stages.0.to: sends copies before the response: a stage with respond comes after it, and only the stage that responds or one after it may send to several',
    ]);
    expect(errors((s) => void ((s.stages[0].to = ['transcode', 'publish']), respond(s, 0)))).toEqual([]);
    expect(errors((s) => void calls(s, 1, ['db', 'db']))).toEqual(['stages.1.calls.1.name: must be unique in its stage (got "db")']);
    expect(errors((s) => void calls(s, 1, ['publish']))).toEqual(['stages.1.calls.0.name: must not be a stage name (a slowdown names one or the other) (got "publish")']);
    expect(errors((s) => void calls(s, 1, ['a', 'b', 'c', 'd', 'e']))[0]).toMatch(/^stages\.1\.calls: must have at most 4 calls /);
    // A slowdown may name a dependency a stage calls; add-workers may not.
    expect(errors((s) => (calls(s, 1, ['db']), { ...s, faults: [{ at: 10, kind: 'slowdown', target: 'db', factor: 2, duration: 5 }] }))).toEqual([]);
    expect(errors((s) => (calls(s, 1, ['db']), { ...s, faults: [{ at: 10, kind: 'slowdown', target: 'mail', factor: 2, duration: 5 }] }))).toEqual([
      'faults.0.target: must be a stage or dependency name: one of ingest, transcode, publish, db (got "mail")',
    ]);
    expect(errors((s) => (calls(s, 1, ['db']), { ...s, faults: [{ at: 10, kind: 'add-workers', target: 'db', count: 1 }] }))).toEqual(['faults.0.target: must be a stage name: one of ingest, transcode, publish (got "db")']);
  });

  it('the budget: events per stage an item visits; memory bounded by the buffers when every one is bounded', () => {
    const r = validateScenario(base);
    const c = costOf((r as { scenario: PipelineScenario }).scenario);
    // 100 items/s for 60 s, each produced and processed at three stages.
    expect(c.records).toBe(6000);
    expect(c.events).toBeGreaterThanOrEqual(6000 * 4);
    // Six stages of bounded buffers (memory stays small): 45 million items × 7 events is over the 300 million budget.
    const chain = Array.from({ length: 6 }, (_, i) => ({ name: `s${i}`, workers: 1, time: exp, buffer: { type: 'bounded', capacity: 10, policy: 'drop-newest' }, to: i < 5 ? [`s${i + 1}`] : [] }));
    const big = errors((s) => ({ ...s, duration: 1_000_000, sources: [{ name: 'uploads', rate: 45, to: 's0' }], stages: chain }));
    expect(big).toHaveLength(1);
    expect(big[0]).toMatch(/^duration: is too long for the event budget/);
    const mem = errors((s) => ({ ...s, duration: 100_000, sources: [{ ...s.sources[0], rate: 400 }] }));
    expect(mem[0]).toMatch(/^duration: needs too much memory: .* items alive at once/);
    // Requests with a timeout: one more event each, and the requests kept until their deadline.
    const withTimeout = validateScenario({ ...base, sources: [{ ...base.sources[0], timeout: 5 }], stages: base.stages.map((st, i) => (i === 0 ? { ...st, respond: true } : st)) });
    const ct = costOf((withTimeout as { scenario: PipelineScenario }).scenario);
    expect(ct.events).toBe(c.events + 6000);
    expect(ct.memory.at(-1)).toMatchObject({ field: 'sources.0.timeout', what: 'up to 6,500 requests (64 bytes each)' });
    const allBounded = validateScenario({ ...base, duration: 100_000, sources: [{ ...base.sources[0], rate: 400 }], stages: base.stages.map((st) => ({ ...st, buffer: { type: 'bounded', capacity: 1000, policy: 'drop-newest' } })) });
    expect(allBounded.ok).toBe(true);
  });
});
