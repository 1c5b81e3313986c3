import { describe, expect, it } from 'vitest';
import { FAULT_KIND_NAMES } from '../../src/app/shell/tools-text.ts';
import { FAULT_KINDS } from '../../src/scenario/kafka-schema.ts';
import { CLUSTER_FAULT_KINDS } from '../../src/scenario/cluster-schema.ts';
import { QUEUE_FAULT_KINDS } from '../../src/scenario/queue-schema.ts';
import { OUTBOX_FAULT_KINDS } from '../../src/scenario/outbox-schema.ts';
import { PIPELINE_FAULT_KINDS } from '../../src/scenario/pipeline-schema.ts';
import { SERVICE_FAULT_KINDS } from '../../src/scenario/service-schema.ts';
import { STORAGE_FAULT_KINDS } from '../../src/scenario/storage-schema.ts';

/** Every fault kind any model's scenario may schedule. */
const KINDS = new Set<string>([
  ...FAULT_KINDS,
  ...CLUSTER_FAULT_KINDS,
  ...QUEUE_FAULT_KINDS,
  ...OUTBOX_FAULT_KINDS,
  ...PIPELINE_FAULT_KINDS,
  ...SERVICE_FAULT_KINDS,
  ...STORAGE_FAULT_KINDS,
]);

describe("the fault editor's title names every fault kind", () => {
  for (const lang of ['en', 'ru'] as const) {
    it(`in ${lang}: each kind of each model's schema, and no other`, () => {
      const names = FAULT_KIND_NAMES[lang];
      expect([...KINDS].filter((k) => !names[k])).toEqual([]);
      expect(Object.keys(names).filter((k) => !KINDS.has(k))).toEqual([]);
      // A name says what happens; it is not the kind spelled again.
      for (const k of KINDS) expect(names[k]).not.toBe(k);
    });
  }
});
