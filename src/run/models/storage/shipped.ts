/** The storage model's table in the generated "Shipped scenarios" section of scenarios/README.md. */
import type { StorageScenario } from '../../../scenario/schema.ts';
import type { StorageSummary } from './data.ts';
import { count, sig } from '../../cells.ts';
import type { ShippedTable } from '../../cells.ts';

export const storageShipped: ShippedTable<StorageScenario, StorageSummary> = {
  intro: () =>
    "Storage (one topic's logs on disk): log size and live keys are at the end of the run (max log size over the run); the restore columns are the reader's last catch-up with the log end — records it read, how long it took, and its table against the keys alive at the producer then.",
  head: ['cleanup.policy', 'produced', 'log records', 'max log records', 'live keys', 'cleaner runs', 'restore read', 'restore (s)', 'keys / true keys', 'missing', 'resurrected'],
  row: (_s, m) => {
    const c = m.lastCatchUp;
    return [
      m.policy,
      count(m.produced),
      count(m.logRecords),
      count(m.logRecordsMax),
      count(m.liveKeys),
      count(m.cleaner.runs),
      c ? count(c.read) : '—',
      c ? sig(c.seconds) : '—',
      c ? `${count(c.keys)} / ${count(c.trueKeys)}` : '—',
      c ? count(c.missing) : '—',
      c ? count(c.resurrected) : '—',
    ];
  },
};
