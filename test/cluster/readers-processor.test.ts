/**
 * The read-process-write processor against a fake write path: at_least_once re-processes after a
 * crash (duplicate outputs downstream), exactly_once_v2 keeps outputs in a transaction per commit
 * interval (read_committed waits for the LSO, never sees aborted records; read_uncommitted does),
 * fencing by the restarted instance and transaction.timeout.ms, conservation, chunk invariance.
 */
import { describe, expect, it } from 'vitest';
import { FakeCore } from './fake-core.ts';
import { TXN_COMMITTED } from '../../src/sim/model/cluster/txn-log.ts';

type Guarantee = 'at_least_once' | 'exactly_once_v2';

interface Setup {
  guarantee: Guarantee;
  crashes?: { at: number; restartAfter?: number | null }[];
  restarts?: number[];
  restartAfter?: number | null;
  txnTimeoutMs?: number;
  until?: number;
  warmup?: number;
  gap?: number;
}

function setup(o: Setup) {
  const core = new FakeCore({ partitions: 3, racks: [null, null, null], warmup: o.warmup ?? 0 });
  const r = core.attach(
    [
      { name: 'rc', reads: 'output', 'isolation.level': 'read_committed' },
      { name: 'ru', reads: 'output', 'isolation.level': 'read_uncommitted' },
    ],
    {
      name: 'enricher',
      'processing.guarantee': o.guarantee,
      processing: { time: { type: 'exponential', mean: 0.001 } },
      'commit.interval.ms': 100,
      ...(o.txnTimeoutMs !== undefined ? { 'transaction.timeout.ms': o.txnTimeoutMs } : {}),
      ...(o.restartAfter !== undefined ? { restartAfter: o.restartAfter } : {}),
    },
  );
  const faults: (() => void)[] = [];
  const kFault = core.sim.register('test-fault', (i) => faults[i]());
  for (const c of o.crashes ?? []) {
    faults.push(() => r.applyFault({ at: c.at, kind: 'crash', target: 'enricher', restartAfter: c.restartAfter ?? null }));
    core.sim.scheduleAt(c.at, kFault, faults.length - 1, 120);
  }
  for (const at of o.restarts ?? []) {
    faults.push(() => r.applyFault({ at, kind: 'restart', target: 'enricher' }));
    core.sim.scheduleAt(at, kFault, faults.length - 1, 120);
  }
  const until = o.until ?? 6;
  core.traffic(o.gap ?? 0.002, until - 1, 0.002, 0.5);
  return { core, r, until };
}

const byName = (r: ReturnType<typeof setup>['r'], name: string) => r.stats().consumers.find((c) => c.name === name)!;

describe('processor: at_least_once', () => {
  it('a crash between output and commit re-processes records after the restart: duplicate outputs downstream', () => {
    const { core, r, until } = setup({ guarantee: 'at_least_once', crashes: [{ at: 2.05, restartAfter: 0.5 }] });
    core.sim.run(until);
    const p = r.stats().processor!;
    expect(p.crashes).toBe(1);
    expect(p.state).toBe('running');
    expect(p.reprocessed).toBeGreaterThan(0);
    // Up to a commit interval of records (500/s × ≤ 0.1 s) plus the ones in the buffer.
    expect(p.reprocessed).toBeLessThanOrEqual(60);
    expect(p.aborts).toBe(0);
    const rc = byName(r, 'rc');
    const ru = byName(r, 'ru');
    // Each re-processed record's output is a copy downstream, whatever the isolation level (no transactions).
    expect(rc.duplicates).toBe(p.reprocessed);
    expect(ru.duplicates).toBe(p.reprocessed);
    expect(rc.abortedSkipped).toBe(0);
    // Every input record was processed (the traffic stopped a second before the end).
    const input = core.logs.reduce((n, l) => n + l.length, 0);
    expect(p.processed).toBe(input + p.reprocessed);
    expect(rc.records).toBe(input + p.reprocessed);
    expect(p.committed).toBe(input);
  });

  it('without a crash nothing is re-processed', () => {
    const { core, r, until } = setup({ guarantee: 'at_least_once' });
    core.sim.run(until);
    expect(r.stats().processor!.reprocessed).toBe(0);
    expect(byName(r, 'rc').duplicates).toBe(0);
  });
});

describe('processor: exactly_once_v2', () => {
  it('read_committed waits for the LSO: e2e grows by about the commit interval over at_least_once', () => {
    const alo = setup({ guarantee: 'at_least_once', warmup: 1 });
    alo.core.sim.run(alo.until);
    const eos = setup({ guarantee: 'exactly_once_v2', warmup: 1 });
    eos.core.sim.run(eos.until);
    const a = byName(alo.r, 'rc').e2e;
    const e = byName(eos.r, 'rc').e2e;
    const u = byName(eos.r, 'ru').e2e;
    const interval = 0.1;
    // A record waits for the end of its interval: on average half of it, at worst all of it.
    expect(e.mean! - a.mean!).toBeGreaterThan(0.35 * interval);
    expect(e.mean! - a.mean!).toBeLessThan(0.7 * interval);
    expect(e.p99! - a.p99!).toBeGreaterThan(0.8 * interval);
    expect(e.p99! - a.p99!).toBeLessThan(1.2 * interval);
    // read_uncommitted does not wait for the LSO.
    expect(u.mean! - a.mean!).toBeLessThan(0.005);
    const p = eos.r.stats().processor!;
    expect(p.commits).toBeGreaterThan(40);
    expect(p.aborts).toBe(0);
  });

  it('a crash aborts the open transaction: read_committed never sees it, read_uncommitted does', () => {
    const { core, r, until } = setup({ guarantee: 'exactly_once_v2', crashes: [{ at: 2.05, restartAfter: 0.5 }] });
    core.sim.run(until);
    const p = r.stats().processor!;
    expect(p.crashes).toBe(1);
    expect(p.aborts).toBe(1);
    expect(p.abortedRecords).toBeGreaterThan(0);
    const rc = byName(r, 'rc');
    const ru = byName(r, 'ru');
    expect(rc.duplicates).toBe(0);
    expect(rc.abortedSkipped).toBe(p.abortedRecords);
    expect(ru.abortedRead).toBe(p.abortedRecords);
    expect(ru.duplicates).toBeGreaterThan(0);
    expect(ru.duplicates).toBeLessThanOrEqual(p.abortedRecords);
    const input = core.logs.reduce((n, l) => n + l.length, 0);
    expect(rc.records).toBe(input);
    // Fencing: the restarted instance's initTransactions (one rtt after the restart at 2.55 s) aborted it.
    const abort = core.log.read().find((l) => l.text.includes('Aborting ongoing transaction'));
    expect(abort).toBeDefined();
    expect(abort!.t).toBeCloseTo(2.551, 6);
  });

  it('without a restart, transaction.timeout.ms aborts the open transaction', () => {
    const { core, r } = setup({ guarantee: 'exactly_once_v2', crashes: [{ at: 2.05 }], restartAfter: null, txnTimeoutMs: 2000, until: 8 });
    core.sim.run(3.9);
    expect(r.stats().processor!.aborts).toBe(0);
    expect(r.out!.lso(0)).toBeLessThan(r.out!.end(0));
    core.sim.run(8);
    const p = r.stats().processor!;
    expect(p.state).toBe('crashed');
    expect(p.aborts).toBe(1);
    const line = core.log.read().find((l) => l.text.includes('due to timeout'));
    expect(line).toBeDefined();
    // The transaction began in the interval before the crash: 2 s after that.
    expect(line!.t).toBeGreaterThan(3.95);
    expect(line!.t).toBeLessThanOrEqual(4.05);
    for (let q = 0; q < 3; q++) expect(r.out!.lso(q)).toBe(r.out!.end(q));
    expect(byName(r, 'rc').abortedSkipped).toBe(p.abortedRecords);
  });

  it('conservation: every input record below the committed offsets has exactly one committed output', () => {
    const { core, r, until } = setup({
      guarantee: 'exactly_once_v2',
      crashes: [{ at: 1.33, restartAfter: 0.2 }, { at: 2.71, restartAfter: 0.05 }, { at: 3.5 }],
      restarts: [4.1],
      until: 7,
    });
    core.sim.run(until);
    const pr = r.processor!;
    expect(pr.aborts).toBe(3);
    const out = r.out!;
    const committedOutputs = new Map<number, number>();
    for (let q = 0; q < 3; q++) {
      for (let o = 0; o < out.end(q); o++) {
        const id = out.idAt(q, o);
        if (id >= 0 && out.txnState[out.txnAt(q, o)] === TXN_COMMITTED) committedOutputs.set(id, (committedOutputs.get(id) ?? 0) + 1);
      }
    }
    let below = 0;
    for (let q = 0; q < 3; q++) {
      for (let o = 0; o < pr.committedOffsets[q]; o++) {
        expect(committedOutputs.get(core.logs[q][o])).toBe(1);
        below++;
      }
    }
    expect(committedOutputs.size).toBe(below);
    expect(below).toBe(core.logs.reduce((n, l) => n + l.length, 0));
  });

  it('is deterministic and chunk-invariant', () => {
    const a = setup({ guarantee: 'exactly_once_v2', crashes: [{ at: 1.33, restartAfter: 0.2 }] });
    a.core.sim.run(a.until);
    const b = setup({ guarantee: 'exactly_once_v2', crashes: [{ at: 1.33, restartAfter: 0.2 }] });
    for (let t = 0.037; t < b.until; t += 0.173) b.core.sim.run(t);
    b.core.sim.run(b.until);
    expect(JSON.stringify(b.r.stats())).toBe(JSON.stringify(a.r.stats()));
    expect(a.core.sim.events).toBe(b.core.sim.events);
  });
});

describe('processor: a commit interval longer than transaction.timeout.ms', () => {
  it('every transaction times out while the processor runs: it is fenced, re-initialises, and nothing is ever committed', () => {
    const core = new FakeCore({ partitions: 2, racks: [null, null, null] });
    const r = core.attach([{ name: 'rc', reads: 'output', 'isolation.level': 'read_committed' }], {
      'processing.guarantee': 'exactly_once_v2',
      'commit.interval.ms': 3000,
      'transaction.timeout.ms': 1000,
    });
    core.traffic(0.01, 10);
    core.sim.run(10);
    const p = r.stats().processor!;
    expect(p.crashes).toBe(0);
    expect(p.commits).toBe(0);
    expect(p.aborts).toBeGreaterThanOrEqual(8);
    expect(p.reprocessed).toBeGreaterThan(0);
    expect(r.stats().consumers[0].records).toBe(0);
    expect(core.log.read().some((l) => l.text.includes('ProducerFencedException'))).toBe(true);
  });
});

describe('fetch loop with no time', () => {
  it('rtt 0 and fetch.max.wait.ms 0 still let time pass (no stall)', () => {
    const core = new FakeCore({ partitions: 1, racks: [null, null, null], rttMs: 0, appendMs: 0 });
    const r = core.attach([{ name: 'c', 'fetch.max.wait.ms': 0 }]);
    core.traffic(0.01, 1);
    core.sim.run(2);
    expect(r.stats().consumers[0].records).toBe(core.logs[0].length);
    expect(core.logs[0].length).toBeGreaterThan(90);
    expect(core.sim.events).toBeLessThan(100_000);
  });
});

describe('processor: crash anywhere', () => {
  const crashTimes = [0.5, 1.0004, 1.1, 1.2013, 1.25, 1.9999, 2.1017, 2.6];
  it.each(crashTimes)('exactly_once_v2, crash at %s s: each committed input has exactly one committed output; read_committed sees no duplicates', (at) => {
    const { core, r, until } = setup({ guarantee: 'exactly_once_v2', crashes: [{ at, restartAfter: 0.3 }, { at: at + 1.37, restartAfter: 0 }] });
    core.sim.run(until);
    const out = r.out!;
    const counts = new Map<number, number>();
    for (let q = 0; q < 3; q++)
      for (let o = 0; o < out.end(q); o++) {
        const id = out.idAt(q, o);
        if (id >= 0 && out.txnState[out.txnAt(q, o)] === TXN_COMMITTED) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    const input = core.logs.flat();
    expect(counts.size).toBe(input.length);
    for (const id of input) expect(counts.get(id)).toBe(1);
    expect(byName(r, 'rc').duplicates).toBe(0);
    expect(byName(r, 'rc').records).toBe(input.length);
  });
  it.each(crashTimes)('at_least_once, crash at %s s: every input has at least one output, copies = re-processings', (at) => {
    const { core, r, until } = setup({ guarantee: 'at_least_once', crashes: [{ at, restartAfter: 0.3 }, { at: at + 1.37, restartAfter: 0 }] });
    core.sim.run(until);
    const seen = new Set<number>();
    const out = r.out!;
    for (let q = 0; q < 3; q++) for (let o = 0; o < out.end(q); o++) seen.add(out.idAt(q, o));
    for (const id of core.logs.flat()) expect(seen.has(id)).toBe(true);
    const p = r.stats().processor!;
    expect(out.records).toBe(core.logs.flat().length + p.reprocessed);
    expect(byName(r, 'ru').duplicates).toBe(p.reprocessed);
  });
});

describe('processor: long runs', () => {
  it('outputs carry their input ids past the append queue compaction (> 4096 outputs)', () => {
    const { core, r, until } = setup({ guarantee: 'exactly_once_v2', gap: 0.0015, until: 10, crashes: [{ at: 3.3, restartAfter: 0.2 }] });
    core.sim.run(until);
    const out = r.out!;
    const ids: number[] = [];
    for (let q = 0; q < 3; q++) for (let o = 0; o < out.end(q); o++) if (out.idAt(q, o) >= 0 && out.txnState[out.txnAt(q, o)] === TXN_COMMITTED) ids.push(out.idAt(q, o));
    const input = core.logs.flat();
    expect(input.length).toBeGreaterThan(5000);
    expect(ids.sort((a, b) => a - b)).toEqual(input.sort((a, b) => a - b));
    expect(byName(r, 'rc').duplicates).toBe(0);
  });
});

describe('processor: a truncation below its position', () => {
  it('resets to the log end; new records at reused offsets are not re-processings', () => {
    const core = new FakeCore({ partitions: 1, racks: [null, null, null], replicas: [[1, 2, 3]] });
    const r = core.attach([], { 'processing.guarantee': 'at_least_once' });
    for (let i = 0; i < 20; i++) core.append(0);
    core.setHw(0, 1, 20);
    core.sim.run(1);
    expect(r.processor!.position[0]).toBe(20);
    core.truncate(0, 12, 2);
    core.sim.run(2);
    for (let i = 0; i < 10; i++) core.append(0);
    core.setHw(0, 2, 22);
    core.sim.run(3);
    const p = r.stats().processor!;
    expect(p.processed).toBe(30);
    expect(p.reprocessed).toBe(0);
    expect(r.processor!.position[0]).toBe(22);
    expect(core.log.read().some((l) => l.text.includes('Resetting offset for partition orders-0 to position FetchPosition{offset=12}'))).toBe(true);
  });
});
