import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FIRST_FETCH, FETCHED_BEFORE, NOT_WAITING, POISON, POISON_CRASH, PartitionLog, RecordState, heldRecordBytes } from '../../src/sim/model/kafka/partition-log.ts';

describe('PartitionLog ring', () => {
  it('a record is 24 bytes with up to 3 groups, 32 with up to 11', () => {
    expect([1, 2, 3, 4, 11, 12].map(heldRecordBytes)).toEqual([24, 24, 24, 32, 32, 40]);
  });

  it('keeps every held record’s time, key, sequence, flags and per-group state through growth, wrap-around and pruning', () => {
    type Op =
      | { op: 'append'; n: number; flags: number }
      | { op: 'take'; g: number; k: number }
      | { op: 'apply'; g: number; k: number }
      | { op: 'commit'; g: number; k: number }
      | { op: 'consume'; k: number };
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      { arbitrary: fc.record({ op: fc.constant('append' as const), n: fc.integer({ min: 1, max: 12 }), flags: fc.constantFrom(0, 0, 0, POISON, POISON | POISON_CRASH) }), weight: 3 },
      { arbitrary: fc.record({ op: fc.constant('take' as const), g: fc.nat(2), k: fc.nat(40) }), weight: 3 },
      { arbitrary: fc.record({ op: fc.constant('apply' as const), g: fc.nat(2), k: fc.nat(40) }), weight: 3 },
      { arbitrary: fc.record({ op: fc.constant('commit' as const), g: fc.nat(2), k: fc.nat(20) }), weight: 1 },
      { arbitrary: fc.record({ op: fc.constant('consume' as const), k: fc.nat(8) }), weight: 2 },
    );
    // consume: every group takes and applies the k oldest records it has not, then commits (so the
    // ring's head moves on, and later growth copies a wrapped ring).
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(opArb, { maxLength: 300 }), (G, ops) => {
        const log = new PartitionLog('t', 0, G, 4); // a small ring: it grows and wraps often
        const ref: { ts: number; key: number; seq: number; flags: number; st: number[]; fetched: boolean[] }[] = [];
        const committed = new Array<number>(G).fill(0);
        let seq = 0;
        for (const o of ops) {
          if (o.op === 'append') {
            for (let j = 0; j < o.n; j++) {
              const off = ref.length;
              const key = off % 5 === 0 ? -1 : off * 7;
              expect(log.append(off / 8, key, seq, 1e9, o.flags)).toBe(off);
              ref.push({ ts: off / 8, key, seq: seq++, flags: o.flags, st: new Array(G).fill(RecordState.Waiting), fetched: new Array(G).fill(false) });
            }
          } else if (o.op === 'consume') {
            for (let g = 0; g < G; g++) {
              let n = o.k;
              for (let off = log.base; off < ref.length && n > 0; off++) {
                if (ref[off].st[g] === RecordState.Applied) continue;
                if (ref[off].st[g] === RecordState.Waiting) {
                  log.take(g, off);
                  ref[off].fetched[g] = true;
                }
                log.setState(g, off, RecordState.Applied);
                ref[off].st[g] = RecordState.Applied;
                n--;
              }
              while (committed[g] < ref.length && ref[committed[g]].st[g] === RecordState.Applied) committed[g]++;
            }
            log.prune(committed);
          } else if (ref.length > 0) {
            const g = o.g % G;
            const off = Math.max(log.base, ref.length - 1 - (o.k % ref.length));
            if (!log.holds(off)) continue;
            const r = ref[off];
            if (o.op === 'take') {
              const expected = r.st[g] !== RecordState.Waiting ? NOT_WAITING : r.fetched[g] ? FETCHED_BEFORE : FIRST_FETCH;
              expect(log.take(g, off)).toBe(expected);
              if (expected !== NOT_WAITING) {
                r.st[g] = RecordState.InFlight;
                r.fetched[g] = true;
              }
            } else if (o.op === 'apply') {
              if (r.st[g] === RecordState.InFlight) {
                log.setStateAt(g, log.slot(off), RecordState.Applied);
                r.st[g] = RecordState.Applied;
              }
            } else {
              // Commit up to the first record this group has not applied.
              let c = committed[g];
              while (c < ref.length && ref[c].st[g] === RecordState.Applied) c++;
              committed[g] = c;
              log.prune(committed);
            }
          }
        }
        // What prune may drop: a prefix below every group's committed offset, each record final for every group.
        let base = 0;
        while (base < ref.length && base < Math.min(...committed) && ref[base].st.every((s) => s === RecordState.Applied)) base++;
        expect(log.base).toBe(base);
        expect(log.logEnd).toBe(ref.length);
        for (let off = log.base; off < ref.length; off++) {
          const r = ref[off];
          const i = log.slot(off);
          expect([log.tsAt(i), log.keyAt(i), log.seqAt(i), log.timestamp(off), log.keyOf(off), log.sequenceOf(off)]).toEqual([r.ts, r.key, r.seq, r.ts, r.key, r.seq]);
          expect([log.isPoison(off), log.crashesConsumer(off), log.failsDeserialization(off)]).toEqual([(r.flags & POISON) !== 0, (r.flags & POISON_CRASH) !== 0, false]);
          for (let g = 0; g < G; g++) {
            expect(log.state(g, off)).toBe(r.st[g]);
            expect(log.fetchedBefore(g, off)).toBe(r.fetched[g]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
