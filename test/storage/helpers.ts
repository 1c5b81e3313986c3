/** Building small storage scenarios (validated, defaults filled) and running them. */
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import type { StorageScenario } from '../../src/scenario/schema.ts';
import { createStorage } from '../../src/run/models/storage/entry.ts';
import { buildStorageSummary } from '../../src/run/models/storage/summary.ts';
import type { StorageModel } from '../../src/sim/model/storage/storage-model.ts';

/** A storage scenario from parts (validated; throws with the errors). */
export function scenario(parts: Record<string, unknown>): StorageScenario {
  const r = validateScenario({ version: 1, model: 'storage', duration: 300, producer: { name: 'p', rate: 20, keys: { kind: 'uniform', count: 200 } }, ...parts });
  if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'));
  if (r.scenario.model !== 'storage') throw new Error('not a storage scenario');
  return r.scenario;
}

export function run(s: StorageScenario, until = s.duration) {
  const m = createStorage(s);
  m.run(until);
  return { m, r: buildStorageSummary(s, m) };
}

/** Every record produced is in exactly one place; the segments agree with the logs' running totals. */
export function conserved(m: StorageModel): string | null {
  const c = m.counts();
  const sum = c.active + c.dirty + c.cleaned + c.superseded + c.expiredTombstones + c.retention;
  if (sum !== m.produced) return `states add up to ${sum}, produced ${m.produced}`;
  for (const l of m.logs) {
    let n = 0;
    let b = 0;
    let t = 0;
    let prev = -1;
    for (const g of l.segments) {
      n += g.n;
      b += g.bytes;
      t += g.tombstones;
      if (g.base <= prev && g.n > 0) return `partition ${l.index}: segment base ${g.base} not after offset ${prev}`;
      for (let i = 0; i < g.n; i++) {
        if (g.off[i] <= prev) return `partition ${l.index}: offsets not increasing at ${g.off[i]}`;
        if (g.off[i] < g.base) return `partition ${l.index}: offset ${g.off[i]} below its segment's base ${g.base}`;
        prev = g.off[i];
      }
    }
    if (n !== l.records || b !== l.bytes || t !== l.tombstones) return `partition ${l.index}: totals ${l.records}/${l.bytes}/${l.tombstones}, segments ${n}/${b}/${t}`;
    if (prev >= l.end) return `partition ${l.index}: offset ${prev} at or past the log end ${l.end}`;
  }
  return null;
}
