/**
 * request-path's signature and its fix, across seeds 1–5: an e-mail provider called inline, 10×
 * slower for a minute, fills the handler pool and its accept queue, so nearly every signup of that
 * minute fails (504 or 503) and the time to response's p99 is the timeout; publishing the e-mail
 * to a topic keeps the response fast and loses none, and the delay shows up as the e-mail queue's
 * backlog, which peaks when the provider recovers and then drains.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseLesson } from '../../src/content/lesson.ts';
import { applyOverride, parseOverride } from '../../src/scenario/set-path.ts';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { PipelineScenario } from '../../src/scenario/schema.ts';
import { conservationErrors, run, shipped } from './helpers.ts';

const SEEDS = [1, 2, 3, 4, 5];
const FIX = parseLesson(readFileSync('scenarios/lessons/request-path.en.md', 'utf8'), 'request-path.en.md').fix ?? [];

function fixed(s: PipelineScenario): PipelineScenario {
  let raw: unknown = s;
  for (const o of FIX) raw = applyOverride(raw, parseOverride(o));
  return parseScenarioOrThrow(raw) as PipelineScenario;
}

describe('request-path: a slow dependency in the request path fails the requests; behind a topic it only delays the e-mails', () => {
  it('the fix is the lesson’s: the handler publishes to a topic that e-mail workers read, and still responds', () => {
    const f = fixed(shipped('request-path'));
    expect(f.stages.map((st) => [st.name, st.respond, st.calls.map((c) => c.name)])).toEqual([
      ['signup', true, ['db', 'broker']],
      ['send-email', false, ['email-provider']],
    ]);
    expect(f.stages[1].buffer.type).toBe('topic');
    expect(f.faults).toEqual(shipped('request-path').faults);
  });

  for (const seed of SEEDS) {
    it(`seed ${seed}`, () => {
      const s = shipped('request-path', { seed });
      const slow = s.faults[0] as { at: number; factor: number; duration: number };
      const inWindow = s.sources[0].rate * slow.duration;
      const a = run(s);
      const q = a.r.requests!;
      // Nearly every signup of the slow minute fails: more than 90 % of the ~2,400, and hardly any outside it.
      expect(q.timedOut + q.refused).toBeGreaterThan(0.9 * inWindow);
      expect(q.timedOut + q.refused).toBeLessThan(1.05 * inWindow);
      expect(q.timedOut).toBeGreaterThan(600);
      expect(q.refused).toBeGreaterThan(1000);
      // Every caller that timed out was served later: the handlers worked for callers who had left.
      expect(q.late).toBe(q.timedOut);
      // p99 of the time to response is the 5 s timeout (within the histogram's bucket), p50 the inline e-mail's 0.3 s.
      expect(q.p99!).toBeGreaterThan(0.99 * s.sources[0].timeout!);
      expect(q.p99!).toBeLessThanOrEqual(s.sources[0].timeout!);
      expect(q.p50!).toBeGreaterThan(0.25);
      expect(q.p50!).toBeLessThan(0.35);
      // The accept queue was full: 100, waits past the timeout.
      const handler = a.r.stages[0];
      expect(handler.backlog.max).toBe(100);
      expect(handler.backlog.maxAt).toBeGreaterThan(slow.at);
      expect(handler.backlog.maxAt).toBeLessThan(slow.at + 10);
      expect(handler.lag.max).toBeGreaterThan(s.sources[0].timeout!);
      expect(conservationErrors(a.m)).toEqual([]);

      const b = run(fixed(s));
      const qb = b.r.requests!;
      expect(qb.timedOut + qb.refused).toBe(0);
      expect(qb.ok + qb.open).toBe(qb.made);
      expect(qb.p99!).toBeLessThan(0.1);
      expect(qb.W.mean!).toBeLessThan(0.03);
      // The delay moved into the e-mail topic: it peaks as the provider recovers and empties a minute or two later.
      const mail = b.r.stages[1];
      expect(mail.backlog.max).toBeGreaterThan(1500);
      expect(mail.backlog.max).toBeLessThan(2500);
      expect(mail.backlog.maxAt).toBeGreaterThan(slow.at + slow.duration);
      expect(mail.backlog.maxAt).toBeLessThan(slow.at + slow.duration + 5);
      expect(mail.drainTime!).toBeGreaterThan(60);
      expect(mail.drainTime!).toBeLessThan(100);
      expect(mail.lag.max).toBeGreaterThan(40);
      expect(mail.backlog.final).toBeLessThan(20);
      // Every e-mail is sent, later: end to end W is longer than inline.
      expect(b.r.dropped + b.r.shed).toBe(0);
      expect(b.r.W.mean!).toBeGreaterThan(5 * a.r.W.mean!);
      expect(conservationErrors(b.m)).toEqual([]);
    });
  }
});
