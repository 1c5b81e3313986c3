/** idempotent-consumer: a crash between auto-commits redelivers records; an idempotent handler applies each once. */
import { describe, expect, it } from 'vitest';
import { run } from './helpers.ts';

describe('idempotent-consumer: at-least-once duplicates, and the fix', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`seed ${seed}: the crash redelivers what was applied since the last auto-commit; idempotence turns every redelivery into a no-op`, () => {
      const broken = run('idempotent-consumer', `seed=${seed}`);
      // ledger-1 applied ~200 records/s (its 2 of 4 partitions at 400/s) for up to 5 s since its last
      // auto-commit, so a few hundred to 1,000 are delivered again; all of them are applied twice.
      expect(broken.r.redeliveries).toBeGreaterThan(200);
      expect(broken.r.redeliveries).toBeLessThan(1000);
      expect(broken.r.duplicates).toBeGreaterThan(0.95 * broken.r.redeliveries);
      expect(broken.r.lost + broken.r.skipped).toBe(0);
      // The group catches up after the rebalance: what is left is the last auto-commit window.
      expect(broken.r.lagSeconds.final).toBeLessThan(6);

      const fixed = run('idempotent-consumer', `seed=${seed}`, 'groups.0.processing.idempotent=true');
      // The same run (the handler's bookkeeping costs no modelled time), the same redeliveries, no duplicate effects.
      expect(fixed.r.redeliveries).toBe(broken.r.redeliveries);
      expect(fixed.r.duplicates).toBe(0);
      expect(fixed.r.lost).toBe(0);
    });
  }
});
