/**
 * Issue 11, "Numbers that agree" and "Controls and small defects": the logic behind them, without
 * a browser (the page's side is test/e2e/numbers.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import LZString from 'lz-string';
import { encodeShareHash, validateScenario, type KafkaScenario, type Scenario } from '../../src/scenario/index.ts';
import { cutLinkStart, decodePrefix, nearestForCut } from '../../src/scenario/cutlink.ts';
import { NEXT_LOG_SPAN, RunHost } from '../../workers/host.ts';
import type { Snapshot, StepReport } from '../../workers/protocol.ts';
import type { KafkaSnapshotData, SeriesCols } from '../../src/run/models/kafka/snapshot.ts';
import { kafkaCounters } from '../../src/app/panels/kafka/counters.ts';
import type { Playground } from '../../src/app/shell/playground.svelte.ts';
import { FakeHost } from './fakeHost.ts';

const dir = fileURLToPath(new URL('../../scenarios/', import.meta.url));
const SHIPPED: Scenario[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
  .map((f) => {
    const r = validateScenario(JSON.parse(readFileSync(`${dir}${f}`, 'utf8')));
    if (!r.ok) throw new Error(f);
    return r.scenario;
  });
const load = (id: string): KafkaScenario => SHIPPED.find((s) => s.id === id) as KafkaScenario;

describe('a truncated share link falls back to the nearest valid scenario of its kind', () => {
  it('decodes every prefix of an lz-string payload into a prefix of its text, and a whole one into the text', () => {
    for (const s of SHIPPED) {
      const text = JSON.stringify(s);
      const payload = LZString.compressToEncodedURIComponent(text);
      expect(decodePrefix(payload), s.id).toBe(text);
      for (let n = 0; n <= payload.length; n += 5) expect(text.startsWith(decodePrefix(payload.slice(0, n))), `${s.id} cut at ${n}`).toBe(true);
    }
  });

  it('a Kafka link cut short names its kind and id; a whole, a changed or a too-short link does not', () => {
    const hash = encodeShareHash(load('hot-partition'));
    expect(cutLinkStart(hash.slice(0, Math.floor(hash.length / 2)))).toEqual({ model: 'kafka', id: 'hot-partition' });
    expect(cutLinkStart(hash.slice(0, hash.length - 1))).toEqual({ model: 'kafka', id: 'hot-partition' });
    expect(cutLinkStart(hash)).toBeNull();
    // One character changed keeps the length: a changed link, refused as before.
    const at = hash.length - 12;
    expect(cutLinkStart(hash.slice(0, at) + (hash[at] === 'Q' ? 'R' : 'Q') + hash.slice(at + 1))).toBeNull();
    // Cut inside the checksum, or before the data names a kind.
    expect(cutLinkStart(hash.slice(0, 10))).toBeNull();
    expect(cutLinkStart(hash.slice(0, 18))).toBeNull();
    // A v1 link (no checksum) cut short.
    const v1 = `#v1.${LZString.compressToEncodedURIComponent(JSON.stringify(load('black-friday')))}`;
    expect(cutLinkStart(v1.slice(0, v1.length - 40))).toEqual({ model: 'kafka', id: 'black-friday' });
  });

  it('opens the shipped scenario with that id, else the default when it is of that kind, else the blank start', () => {
    const mm1 = SHIPPED.find((s) => s.id === 'mm1')!;
    const blank = (kind: Scenario['model']) => ({ ...mm1, id: `blank-${kind}`, model: kind }) as Scenario;
    expect(nearestForCut({ model: 'kafka', id: 'hot-partition' }, SHIPPED, mm1, blank).id).toBe('hot-partition');
    expect(nearestForCut({ model: 'kafka', id: 'edited' }, SHIPPED, mm1, blank).id).toBe('blank-kafka');
    expect(nearestForCut({ model: 'station', id: null }, SHIPPED, mm1, blank).id).toBe('mm1');
  });
});

function setup() {
  const host = new FakeHost();
  const snaps: Snapshot<KafkaSnapshotData>[] = [];
  const runner = new RunHost(host, (x) => snaps.push(x as Snapshot<KafkaSnapshotData>));
  return { host, runner, last: () => snaps[snaps.length - 1] };
}
const lastOf = (c: SeriesCols) => c.mean[c.mean.length - 1];
const KAFKA = SHIPPED.filter((s): s is KafkaScenario => s.model === 'kafka');

describe('one screen, one truth', () => {
  it('the lag counter equals the lag chart’s last point, for the group in focus, at any moment', () => {
    for (const id of ['rebalance-storm', 'pubsub-groups', 'hot-partition', 'black-friday']) {
      const s = load(id);
      for (const at of [s.duration * 0.37, s.duration]) {
        const { runner, last } = setup();
        runner.loadAt(s, at);
        for (let gi = 0; gi < s.groups.length; gi++) {
          runner.focus(gi);
          const d = last().data!;
          const g = d.summary.groups[s.groups[gi]['group.id']];
          expect(d.focus).toMatchObject({ index: gi, id: s.groups[gi]['group.id'] });
          expect(lastOf(d.series.lagRecords), `${id} @${at} group ${gi}`).toBe(g.lagRecords.final);
          expect(lastOf(d.series.lagSeconds), `${id} @${at} group ${gi}`).toBe(g.lagSeconds.final);
          expect(d.series.lagRecords.t[d.series.lagRecords.t.length - 1]).toBe(d.simTime);
          if (d.series.groupLag.length > 0) expect(lastOf(d.series.groupLag[gi].records)).toBe(g.lagRecords.final);
        }
      }
    }
    // The known case: rebalance-storm's finished run, 10,538 records both in the summary and on the chart.
    const { runner, last } = setup();
    runner.loadAt(load('rebalance-storm'), 3600);
    expect(lastOf(last().data!.series.lagRecords)).toBe(last().data!.summary.lagRecords.final);
  });

  it('the heat map, Little’s law and the throughput out follow the group in focus', () => {
    const s = load('pubsub-groups');
    const { runner, last } = setup();
    runner.loadAt(s, s.duration);
    const first = last().data!;
    runner.focus(1);
    const second = last().data!;
    expect(first.focus.id).toBe('billing');
    expect(second.focus.id).toBe('analytics');
    const heatEnd = (d: KafkaSnapshotData) => d.series.partitionLag.map(lastOf);
    expect(heatEnd(first)).not.toEqual(heatEnd(second));
    expect(second.series.partitionLag.length).toBe(s.topic.partitions);
    expect(second.little.L).not.toEqual(first.little.L);
    expect(first.focus.little).toEqual(first.summary.littlesLaw);
    expect(second.focus.little.L).toBe(second.summary.groups.analytics.L.mean);
    expect(second.series.rateOut.mean).not.toEqual(first.series.rateOut.mean);
  });

  it('the producer shows its rate now, not the rate at t = 0', () => {
    const bf = load('black-friday');
    const { runner, last } = setup();
    runner.loadAt(bf, 60);
    expect(last().data!.producers[0]).toMatchObject({ name: 'checkout', rate: 100, varies: true });
    runner.loadAt(bf, 200);
    expect(last().data!.producers[0].rate).toBe(800);
    runner.loadAt(load('dead-producer'), 400);
    expect(last().data!.producers[0].rate).toBe(0);
    expect(last().data!.summary.producers[0].stopped).toBe(true);
  });
});

describe('warnings are true', () => {
  it('idle consumers are members that really have no partition: settled in the group, not mid-rebalance', () => {
    for (const s of KAFKA) {
      for (const at of [s.duration / 3, s.duration]) {
        const { runner, last } = setup();
        runner.loadAt(s, at);
        const d = last().data!;
        for (const g of d.groups) {
          const idle = g.members.filter((m) => m.state === 'idle');
          expect(idle.every((m) => m.partitions.length === 0), `${s.id} @${at}`).toBe(true);
          if (g.membersRest.count === 0) expect(d.summary.groups[g.id].idleConsumers, `${s.id} @${at} ${g.id}`).toBe(idle.length);
        }
      }
    }
    const { runner, last } = setup();
    runner.loadAt(load('rebalance-storm'), 3600);
    // 3 consumers share 6 partitions: the member between leaving and rejoining is rebalancing, not idle.
    expect(last().data!.summary.idleConsumers).toBe(0);
    expect(last().data!.groups[0].members.map((m) => m.state)).toContain('rebalancing');
  });

  it('a red counter always has a reason that is true for that run', () => {
    for (const s of KAFKA) {
      for (const at of [s.duration / 2, s.duration]) {
        const { runner, last } = setup();
        runner.loadAt(s, at);
        const d = last().data!;
        for (const lang of ['en', 'ru'] as const) {
          const pg = { data: d, scenario: s, lang, focus: 0 } as unknown as Playground;
          const cells = kafkaCounters(pg);
          const g = d.summary.groups[d.focus.id];
          const gv = d.groups[0];
          for (const c of cells.filter((x) => x.tone === 'bad')) {
            const where = `${s.id} @${at} ${lang} ${c.testid}: ${c.note}`;
            expect(c.note, where).not.toBe('');
            expect(c.value ?? 0, where).toBeGreaterThan(0);
            if (c.testid === 'k-rebalances') expect(g.rebalances > 1 && g.rebalancePausedSeconds > 0, where).toBe(true);
            if (c.testid === 'k-idle') {
              const live = gv.members.filter((m) => m.state !== 'dead').length + gv.membersRest.count - gv.membersRest.states.dead;
              const more = lang === 'en' ? 'more consumers than partitions' : 'консьюмеров > партиций';
              expect(c.note === more, where).toBe(live > d.partitionCount);
            }
          }
          // Every counter is the focused group's number.
          const byId = Object.fromEntries(cells.map((c) => [c.testid, c.value]));
          expect(byId['k-lag']).toBe(g.lagRecords.final);
          expect(byId['k-idle']).toBe(g.idleConsumers);
          expect(byId['k-duplicates']).toBe(g.duplicates);
        }
      }
    }
  });
});

describe('controls', () => {
  it('Step says what the event was: "warehouse-2 finished orders-3@1841"', () => {
    const { runner, last } = setup();
    runner.loadAt(load('hot-partition'), 40);
    const texts: string[] = [];
    for (let i = 0; i < 200; i++) {
      runner.step();
      const r = last().step!;
      expect(r).toMatchObject({ kind: 'event', events: 1 });
      expect(r.t).toBe(last().simTime);
      expect(r.text.length).toBeGreaterThan(3);
      texts.push(r.text);
    }
    expect(texts.some((t) => /^warehouse-\d+ finished orders-\d+@\d+$/.test(t))).toBe(true);
    expect(texts.some((t) => /^checkout produced orders-\d+@\d+$/.test(t))).toBe(true);
    runner.play();
    expect(last().step).toBeNull();
  });

  it('Next log line stops after a twentieth of the run without a line, and says so', () => {
    const s = load('littles-law');
    const { runner, last } = setup();
    runner.loadAt(s, 200); // the group has joined: no line until the run ends
    const reports: StepReport[] = [];
    for (let i = 0; i < 30 && runner.status !== 'finished'; i++) {
      const from = last().simTime;
      runner.step(true);
      const r = last().step!;
      reports.push(r);
      expect(r.t - from).toBeLessThanOrEqual(NEXT_LOG_SPAN * s.duration + 1e-9);
      expect(r.searched).toBeCloseTo(r.t - from, 9);
      if (r.kind === 'quiet') {
        expect(r.t - from).toBeCloseTo(NEXT_LOG_SPAN * s.duration, 6);
        expect(last().status).toBe('paused');
        expect(r.text).toBe('');
      }
    }
    expect(reports[0].kind).toBe('quiet');
    expect(reports.at(-1)!.kind).toBe('end');
    expect(runner.status).toBe('finished');
    // A line found says which.
    const fresh = setup();
    fresh.runner.load(s);
    fresh.runner.step(true);
    expect(fresh.last().step).toMatchObject({ kind: 'log' });
    expect(fresh.last().step!.text).toMatch(/^consumer-warehouse-\d: /);
  });
});
