/** The cluster model's registry entry: summary, table, live view and final view. */
import { describe, expect, it } from 'vitest';
import { clusterEntry } from '../../src/run/models/cluster/entry.ts';
import { MODELS } from '../../src/run/registry.ts';
import { CLUSTER_SERIES } from '../../src/sim/model/cluster/types.ts';
import { scenario } from './core-helpers.ts';
import { readFileSync } from 'node:fs';
import { validateScenario } from '../../src/scenario/validate.ts';
import type { ClusterScenario } from '../../src/scenario/schema.ts';

describe('cluster core: run entry', () => {
  const s = scenario({ duration: 30, topic: { partitions: 20 }, producers: [{ name: 'a', rate: 300, acks: '1' }], faults: [{ at: 10, kind: 'broker-crash', broker: 1, restartAfter: 12 }] });

  it('is registered and prints a table naming what happened to the records', () => {
    expect(MODELS.cluster).toBe(clusterEntry);
    const m = clusterEntry.create(s);
    m.run(s.duration);
    const sum = clusterEntry.summary(s, m);
    const text = clusterEntry.table(s, sum);
    expect(text).toContain('acknowledged then LOST');
    expect(text).toContain('elections: clean');
    expect(clusterEntry.log(m).some((l) => l.text.includes('Shrinking ISR') || l.text.includes('leader election'))).toBe(true);
  });

  it('snapshots carry the topology, bounded partitions, every series ending now, and a final view without the model', () => {
    const m = clusterEntry.create(s);
    const live = clusterEntry.live(s, m);
    m.run(15);
    const d = live.snapshot(s, 0);
    expect(d.topology.replicas.length).toBe(12);
    expect(d.topology.brokers.find((b) => b.id === 1)!.state).toBe('down');
    expect(d.topology.counts.offline + d.topology.counts.underReplicated).toBeGreaterThan(0);
    for (const n of CLUSTER_SERIES) expect(d.series[n].t.length).toBeGreaterThan(0);
    const isr = d.series.isrMean;
    expect(isr.mean[isr.mean.length - 1]).toBeCloseTo(m.isrSum / m.partitions, 9);
    // Replicas out of the ISR: at least one per under-replicated partition, and what the mean ISR lacks of the replication factor.
    const out = d.series.outOfIsr.mean[d.series.outOfIsr.mean.length - 1];
    expect(out).toBeCloseTo((3 - m.isrSum / m.partitions) * m.partitions, 6);
    expect(out).toBeGreaterThanOrEqual(d.topology.counts.underReplicated);
    expect(live.transfer(d).length).toBe(CLUSTER_SERIES.length * 3);
    m.run(30);
    const f = live.final(s);
    const a = f.snapshot(0);
    const b = f.snapshot(0);
    expect(a.series.lost.t).not.toBe(b.series.lost.t);
    expect(a.summary.simTime).toBe(30);
    expect(clusterEntry.describeStep!(s, m)()).toBeTypeOf('string');
  });

  it('the output-duplicates series ends at the count of the output reader, which the "Dup. outputs" counter shows', () => {
    const r = validateScenario(JSON.parse(readFileSync('scenarios/exactly-once.json', 'utf8')));
    if (!r.ok) throw new Error('exactly-once.json does not validate');
    const sc = r.scenario as ClusterScenario;
    const m = clusterEntry.create(sc);
    const live = clusterEntry.live(sc, m);
    m.run(sc.duration);
    const d = live.snapshot(sc, 0);
    const out = d.summary.consumers.find((c) => c.reads === 'output')!;
    const col = d.series.outDuplicates.mean;
    expect(out.duplicates).toBeGreaterThan(1000);
    expect(col[col.length - 1]).toBe(out.duplicates);
    // Cumulative: it never goes down, and it is 0 before the crash (t = 45 s).
    // (time-weighted bucket means: equal up to rounding where nothing changed)
    for (let i = 1; i < col.length; i++) expect(col[i]).toBeGreaterThanOrEqual(col[i - 1] - 1e-6);
    const t = d.series.outDuplicates.t;
    expect(col[t.findIndex((x) => x >= 40)]).toBe(0);
  });
});
