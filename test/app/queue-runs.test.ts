/** The queue page's helpers on real runs of the model: what the page reads is what the run says. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateScenario, type QueueScenario } from '../../src/scenario/index.ts';
import { queueEntry } from '../../src/run/models/queue/entry.ts';
import { queueCounters } from '../../src/app/panels/queue/counters.ts';
import { queueCharts } from '../../src/app/panels/queue/charts.ts';
import { queueTopology } from '../../src/app/panels/queue/topology.ts';
import { blankQueue } from '../../src/app/panels/queue/blank.ts';
import { fakePg } from './queue-fixture.ts';

const load = (f: string): QueueScenario => {
  const r = validateScenario(JSON.parse(readFileSync(`test/fixtures/${f}.json`, 'utf8')));
  if (!r.ok) throw new Error(f);
  return r.scenario as QueueScenario;
};

function runTo(s: QueueScenario, t: number) {
  const m = queueEntry.create(s);
  m.run(t);
  return queueEntry.live(s, m).snapshot(s, 0);
}

describe('queue page on real runs', () => {
  const cases: [string, QueueScenario][] = [
    ['blank', blankQueue()],
    ['sqs', load('queue-sqs')],
    ['rabbitmq', load('queue-rabbitmq')],
  ];
  for (const [name, s] of cases) {
    it(`${name}: counters equal the charts’ last points and the topology’s counts; red only with a reason`, () => {
      for (const at of [s.duration / 3, s.duration]) {
        const d = runTo(s, at);
        for (const lang of ['en', 'ru'] as const) {
          const cells = queueCounters(fakePg(d, s, lang));
          const v = Object.fromEntries(cells.map((c) => [c.testid, c.value]));
          const charts = Object.fromEntries(queueCharts(d, lang).map((c) => [c.id, c.lines.map((l) => l.cols.mean[l.cols.mean.length - 1])]));
          const where = `${name} @${at}`;
          // The DLQ line only for a queue with a dead-letter queue.
          expect(charts['chart-depth'], where).toEqual(d.topology.dlq ? [v['q-depth'], v['q-inFlight'], v['q-dlq']] : [v['q-depth'], v['q-inFlight']]);
          expect(charts['chart-oldest'][0], where).toBe(v['q-oldest']);
          for (const c of cells.filter((x) => x.tone === 'bad')) {
            expect(c.note, `${where} ${c.testid}`).not.toBe('');
            expect(c.value ?? 0, `${where} ${c.testid}`).toBeGreaterThan(0);
          }
          const t = queueTopology(d, s);
          expect(t.counts.visible).toBe(v['q-depth']);
          expect(t.counts.inFlight).toBe(v['q-inFlight']);
          // The consumers drawn hold what the run says they hold.
          const held = t.pools.flatMap((p) => p.consumers).reduce((a, c) => a + c.held, 0) + (t.rest?.held ?? 0);
          expect(held, where).toBeLessThanOrEqual(d.summary.inFlight);
          for (const p of t.pools) for (const c of p.consumers) expect(c.messages.length).toBeLessThanOrEqual(c.held);
        }
      }
    });
  }
  it('SQS: a lease shorter than slowed processing ends leases (the in-flight counter is red and says how many)', () => {
    const s = load('queue-sqs');
    const d = runTo(s, 330);
    const c = queueCounters(fakePg(d, s)).find((x) => x.testid === 'q-inFlight')!;
    expect(d.summary.leaseExpiries).toBeGreaterThan(0);
    expect(c.tone).toBe('bad');
    expect(c.note).toContain('leases ended');
    const leases = d.topology.consumers.flatMap((x) => x.messages).filter((m) => m.leaseLeft !== null);
    expect(leases.length).toBeGreaterThan(0);
  });
});
