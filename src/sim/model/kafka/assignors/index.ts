/**
 * Kafka's classic-protocol client-side assignors (`partition.assignment.strategy`), as pure,
 * deterministic functions. See each module for the Kafka source it follows.
 */
import { rangeAssignor } from './range.ts';
import { roundRobinAssignor } from './roundrobin.ts';
import { cooperativeStickyAssignor, stickyAssignor } from './sticky.ts';
import type { Assignor, AssignorName } from './types.ts';

export * from './types.ts';
export { rangeAssign, rangeAssignor } from './range.ts';
export { roundRobinAssign, roundRobinAssignor } from './roundrobin.ts';
export {
  cooperativeStickyAssign,
  cooperativeStickyAssignor,
  stickyAssign,
  stickyAssignDetailed,
  stickyAssignor,
  type CooperativeStickyResult,
  type StickyResult,
} from './sticky.ts';
export {
  adjustForCooperative,
  computePartitionsTransferringOwnership,
  type CooperativeAdjustment,
  type PartitionTransfer,
} from './cooperative.ts';

const ASSIGNORS: Readonly<Record<AssignorName, Assignor>> = {
  range: rangeAssignor,
  roundrobin: roundRobinAssignor,
  sticky: stickyAssignor,
  'cooperative-sticky': cooperativeStickyAssignor,
};

export const ASSIGNOR_NAMES: readonly AssignorName[] = ['range', 'roundrobin', 'sticky', 'cooperative-sticky'];

export function getAssignor(name: AssignorName): Assignor {
  const a = ASSIGNORS[name];
  if (!a) throw new Error(`unknown assignor ${JSON.stringify(name)}`);
  return a;
}
