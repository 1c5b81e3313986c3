/**
 * A process that dies or closes mid-batch hands back every record of the batch it had not finished
 * — also in the thread-pool and keyed executors, where records finish out of order, so unfinished
 * ones can sit below finished ones in the batch.
 */
import { describe, expect, it } from 'vitest';
import { createKafka } from '../../src/run/run.ts';
import { RecordState } from '../../src/sim/model/kafka/partition-log.ts';
import { load } from './helpers.ts';

function inFlightRecords(m: ReturnType<typeof createKafka>): number {
  return m.logs.reduce((n, log) => n + log.countStates(0)[RecordState.InFlight], 0);
}

describe('releasing a batch when its process stops', () => {
  for (const mode of ['thread-pool', 'keyed'] as const) {
    for (const commit of ['auto', 'before-processing', 'after-processing'] as const) {
      it(`${mode}, commit ${commit}: no record stays in flight after every member crashed`, () => {
        // One member, 16 threads, heavy-tailed processing: at the crash, finished and unfinished
        // records are interleaved in the batch.
        const s = load(
          'thread-pool-reorder',
          'groups.0.members=1',
          `groups.0.processing.mode=${mode}`,
          `groups.0.commit=${commit}`,
          'groups.0.processing.time={"type":"bimodal","fast":0.002,"slow":0.3,"pSlow":0.2}',
          'faults=[{"at":30.0005,"kind":"crash","target":"profile-db-1","restartAfter":null}]',
        );
        const m = createKafka(s);
        m.run(30);
        expect(inFlightRecords(m)).toBeGreaterThan(1);
        m.run(30.001);
        const g = m.stats().groups[0];
        expect(inFlightRecords(m)).toBe(0);
        expect(g.inFlight).toBe(0);
      });
    }
  }
});
