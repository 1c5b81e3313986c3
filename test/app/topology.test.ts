/**
 * The topology under load: the snapshot lists a bounded number of members and partitions and sums
 * the rest, and the page draws at most TOPO_LIMITS of them and aggregates the rest — without losing
 * a member, a state or a record of lag on the way.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { createKafka } from '../../src/run/run.ts';
import { validateScenario, type KafkaScenario } from '../../src/scenario/index.ts';
import { buildKafkaSnapshot, emptyTail, mergeTails, SNAPSHOT_MEMBERS, SNAPSHOT_PARTITIONS, tailOf, type GroupView, type KafkaSnapshotData, type MemberView } from '../../src/run/models/kafka/snapshot.ts';
import { GLIDE_MS, LineGlides, OWNER_REST, TOPO_LIMITS, topologyView } from '../../src/app/panels/kafka/topology.ts';
import type { MemberState } from '../../src/sim/model/kafka/consumer-group.ts';

const STATES: MemberState[] = ['active', 'idle', 'rebalancing', 'paused', 'dead'];

function kafka(members: number, partitions: number, extra: Record<string, unknown> = {}): KafkaScenario {
  const base = JSON.parse(readFileSync('scenarios/littles-law.json', 'utf8')) as Record<string, unknown> & { groups: Record<string, unknown>[] };
  const r = validateScenario({ ...base, duration: 20, warmup: 0, topic: { name: 'orders', partitions }, groups: [{ ...base.groups[0], members }], ...extra });
  if (!r.ok || r.scenario.model !== 'kafka') throw new Error(JSON.stringify(r.ok ? 'not kafka' : r.errors));
  return r.scenario as KafkaScenario;
}

function snapshotAt(s: KafkaScenario, t: number): { data: KafkaSnapshotData; model: ReturnType<typeof createKafka> } {
  const model = createKafka(s);
  model.run(t);
  return { data: buildKafkaSnapshot(s, model), model };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const countStates = (states: MemberState[]) => Object.fromEntries(STATES.map((k) => [k, states.filter((x) => x === k).length]));

describe('the Kafka snapshot is bounded', () => {
  it('lists the first members and partitions and sums the rest, keeping the summary whole', () => {
    const s = kafka(150, 100);
    const { data, model } = snapshotAt(s, 10);
    const st = model.groups[0].stats();
    const g = data.groups[0];
    expect(g.members.map((m) => m.name)).toEqual(model.groups[0].consumers.slice(0, SNAPSHOT_MEMBERS).map((c) => c.name));
    expect(g.membersRest.count).toBe(150 - SNAPSHOT_MEMBERS);
    // Every member's state is counted once, listed or summed.
    const all = model.groups[0].consumers.map((c) => st.memberStates[c.name] ?? 'dead');
    const listedStates = tailOf(g.members);
    expect(mergeTails(listedStates, g.membersRest).states).toEqual(countStates(all));
    expect(mergeTails(listedStates, g.membersRest).partitions).toBe(100);
    // Partitions: the first SNAPSHOT_PARTITIONS one by one, the rest's lag summed.
    expect(data.partitions.length).toBe(SNAPSHOT_PARTITIONS);
    expect(data.partitionCount).toBe(100);
    expect(g.partitionLag).toEqual(st.partitionLag.slice(0, SNAPSHOT_PARTITIONS));
    expect(g.partitionsRestLag).toBe(sum(st.partitionLag.slice(SNAPSHOT_PARTITIONS)));
    expect(sum(g.partitionLag) + g.partitionsRestLag).toBe(st.lagRecords);
    // The owner of each listed partition is the member whose assignment has it.
    const names = model.groups[0].consumers.map((c) => c.name);
    for (let p = 0; p < SNAPSHOT_PARTITIONS; p++) {
      const o = g.owner[p];
      if (o >= 0) expect(st.assignment[names[o]]).toContain(p);
      else expect(Object.values(st.assignment).some((ps) => ps.includes(p))).toBe(false);
    }
    // The summary is the CLI's, per member and per partition.
    expect(Object.keys(data.summary.assignment).length).toBe(150);
    expect(data.summary.partitions.length).toBe(100);
  });

  it('lists a small group and topic in full, with nothing summed', () => {
    const { data, model } = snapshotAt(kafka(6, 12), 10);
    const g = data.groups[0];
    expect(g.members.length).toBe(6);
    expect(g.membersRest).toEqual(emptyTail());
    expect(data.partitions.length).toBe(12);
    expect(g.partitionsRestLag).toBe(0);
    expect(g.partitionLag).toEqual(model.groups[0].stats().partitionLag);
  });
});

describe('topologyView: what the topology draws', () => {
  it('draws a small topology in full, with the lag and owners of every partition', () => {
    const { data } = snapshotAt(kafka(6, 12), 10);
    const v = topologyView(data, 0, 12);
    expect(v.members.length).toBe(6);
    expect(v.memberRest).toBeNull();
    expect(v.partitionRest).toBeNull();
    expect(v.rows.map((r) => r.lag)).toEqual(data.groups[0].partitionLag);
    for (const r of v.rows) expect(v.members[r.owner].partitions).toContain(r.partition);
  });

  it('draws a group of 40 in full (the shipped 40-pod lesson) and a larger one as 32 boxes and the rest', () => {
    expect(topologyView(snapshotAt(kafka(40, 12), 10).data, 0, 12).memberRest).toBeNull();
    const { data, model } = snapshotAt(kafka(300, 200), 10);
    const v = topologyView(data, 0, 200);
    expect(v.members.length).toBe(TOPO_LIMITS.membersWithRest);
    expect(v.memberCount).toBe(300);
    expect(v.memberRest!.count).toBe(300 - TOPO_LIMITS.membersWithRest);
    const st = model.groups[0].stats();
    const all = model.groups[0].consumers.map((c) => st.memberStates[c.name] ?? 'dead');
    expect(mergeTails(tailOf(v.members), v.memberRest!).states).toEqual(countStates(all));
    expect(v.rows.length).toBe(TOPO_LIMITS.partitionsWithRest);
    expect(v.partitionRest!.count).toBe(200 - TOPO_LIMITS.partitionsWithRest);
    expect(sum(v.rows.map((r) => r.lag)) + v.partitionRest!.lag).toBe(st.lagRecords);
    // Rows owned by a member without a box point at the aggregate box.
    const names = model.groups[0].consumers.map((c) => c.name);
    for (const r of v.rows) {
      const owner = names.find((n) => st.assignment[n]?.includes(r.partition));
      const drawn = v.members.findIndex((m) => m.name === owner);
      expect(r.owner).toBe(owner === undefined ? -1 : drawn >= 0 ? drawn : OWNER_REST);
    }
  });

  it('before the first snapshot: the scenario’s partitions, bounded, and no members', () => {
    const v = topologyView(null, 0, 10_000);
    expect(v.members).toEqual([]);
    expect(v.rows.length).toBe(TOPO_LIMITS.partitionsWithRest);
    expect(v.partitionRest).toEqual({ count: 10_000 - TOPO_LIMITS.partitionsWithRest, lag: 0 });
    expect(topologyView(null, 0, 24).partitionRest).toBeNull();
  });

  it('never loses a member, a state or lag, and never draws more than the limits (property)', () => {
    const member = fc.record({ state: fc.constantFrom(...STATES), parts: fc.nat(5) });
    fc.assert(
      fc.property(fc.array(member, { maxLength: 400 }), fc.array(fc.nat(1000), { maxLength: 300 }), (ms, lags) => {
        // A synthetic snapshot group, cut the way buildKafkaSnapshot cuts it.
        const views: MemberView[] = ms.map((m, i) => ({ name: `g-${i + 1}`, state: m.state, partitions: Array.from({ length: m.parts }, (_, k) => k), utilization: null }));
        const listedP = Math.min(lags.length, SNAPSHOT_PARTITIONS);
        const group: GroupView = {
          id: 'g', state: 'Stable', generation: 1,
          members: views.slice(0, SNAPSHOT_MEMBERS),
          membersRest: tailOf(views.slice(SNAPSHOT_MEMBERS)),
          owner: lags.slice(0, listedP).map((_, p) => (views.length > 0 ? p % views.length : -1)),
          committed: lags.slice(0, listedP).map(() => 0),
          partitionLag: lags.slice(0, listedP),
          partitionLagSeconds: lags.slice(0, listedP).map(() => 0),
          partitionsRestLag: sum(lags.slice(listedP)),
          lagRecords: sum(lags), lagSeconds: 0,
        };
        const data = { groups: [group], partitions: lags.slice(0, listedP).map((l, p) => ({ partition: p, logStart: 0, logEnd: l })), partitionCount: lags.length } as unknown as KafkaSnapshotData;
        const v = topologyView(data, 0, lags.length);
        expect(v.members.length).toBeLessThanOrEqual(TOPO_LIMITS.members);
        expect(v.rows.length).toBeLessThanOrEqual(TOPO_LIMITS.partitions);
        expect(v.members.length + (v.memberRest?.count ?? 0)).toBe(ms.length);
        expect(mergeTails(tailOf(v.members), v.memberRest ?? emptyTail())).toEqual(tailOf(views));
        expect(v.rows.length + (v.partitionRest?.count ?? 0)).toBe(lags.length);
        expect(sum(v.rows.map((r) => r.lag)) + (v.partitionRest?.lag ?? 0)).toBe(sum(lags));
        expect(v.memberRest === null).toBe(ms.length <= TOPO_LIMITS.members);
        expect(v.partitionRest === null).toBe(lags.length <= TOPO_LIMITS.partitions);
        for (const r of v.rows) expect(r.owner === -1 || r.owner === OWNER_REST || (r.owner >= 0 && r.owner < v.members.length)).toBe(true);
      }),
      { seed: 10, numRuns: 300 },
    );
  });
});

describe('ownership lines glide only when a partition changes hands', () => {
  const rows = (...owners: number[]) => owners.map((owner, partition) => ({ partition, owner }));

  it('a partition moved straight to another member glides for GLIDE_MS, then is drawn at once again', () => {
    const g = new LineGlides();
    expect(g.update(rows(0, 1, 2), 0)).toEqual(new Set());
    // Partition 1 moves from member 1 to member 2; the others keep theirs.
    expect(g.update(rows(0, 2, 2), 1000)).toEqual(new Set([1]));
    expect(g.update(rows(0, 2, 2), 1000 + GLIDE_MS - 1)).toEqual(new Set([1]));
    expect(g.update(rows(0, 2, 2), 1000 + GLIDE_MS)).toEqual(new Set());
    // A second move restarts it; a move back too.
    expect(g.update(rows(0, 0, 2), 5000)).toEqual(new Set([1]));
    expect(g.update(rows(1, 0, 2), 5100)).toEqual(new Set([0, 1]));
  });

  it('a line that appears or disappears has nothing to glide from', () => {
    const g = new LineGlides();
    g.update(rows(0, 1, -1), 0);
    expect(g.update(rows(-1, 1, 2), 10)).toEqual(new Set());
    expect(g.update(rows(2, 1, 2), 20)).toEqual(new Set());
  });

  it('in rebalance-storm some lines glide, and in black-friday (partitions released before they move) none do', () => {
    for (const [id, expectGlides] of [['rebalance-storm', true], ['black-friday', false]] as const) {
      const r = validateScenario(JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')));
      if (!r.ok || r.scenario.model !== 'kafka') throw new Error(id);
      const s = r.scenario;
      const model = createKafka(s);
      const g = new LineGlides();
      let glided = 0;
      for (let t = 0.5; t <= s.duration; t += 0.5) {
        model.run(t);
        glided += g.update(topologyView(buildKafkaSnapshot(s, model), 0, s.topic.partitions).rows, t * 1000).size;
      }
      expect(glided > 0, id).toBe(expectGlides);
    }
  });
});
