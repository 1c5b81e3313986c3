/**
 * What the faults panel and the timeline share. The timeline's "add a fault" (src/app/shell/Timeline.svelte) shows the model's own faults panel
 * (its targets and buttons) and sets this context: a button then adds the fault to the scenario's
 * timeline at the time chosen there instead of injecting it now.
 */
import type { LiveFault } from '../../../../workers/protocol.ts';

export const FAULT_SCHEDULE = 'queuelab.fault-schedule';

export interface FaultSchedule {
  /** Adds `fault` (its `at` is the time chosen on the timeline). */
  add(fault: LiveFault): void;
}

/** One line per fault: kind, target and its parameters (whatever fields the fault kind has). */
export const describeFault = (f: object): string =>
  Object.entries(f)
    .filter(([k, v]) => k !== 'at' && v !== null && v !== undefined)
    .map(([k, v]) => (k === 'kind' || k === 'target' ? String(v) : `${k}=${String(v)}`))
    .join(' ');
