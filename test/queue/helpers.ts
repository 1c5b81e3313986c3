/** Building small queue scenarios (validated, defaults filled) and running them. */
import { readFileSync } from 'node:fs';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import type { QueueScenario } from '../../src/scenario/schema.ts';
import { createQueue } from '../../src/run/models/queue/entry.ts';
import { buildQueueSummary } from '../../src/run/models/queue/summary.ts';
import type { QueueModel } from '../../src/sim/model/queue/queue-model.ts';

export const det = (mean: number) => ({ type: 'deterministic', mean });
export const expo = (mean: number) => ({ type: 'exponential', mean });

/** A queue scenario from parts (validated; throws with the errors). */
export function scenario(parts: Record<string, unknown>): QueueScenario {
  const r = validateScenario({ version: 1, model: 'queue', duration: 60, producers: [{ name: 'p', rate: 1 }], consumers: [], ...parts });
  if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'));
  if (r.scenario.model !== 'queue') throw new Error('not a queue scenario');
  return r.scenario;
}

export function fixture(name: 'sqs' | 'rabbitmq'): QueueScenario {
  return scenario(JSON.parse(readFileSync(`test/fixtures/queue-${name}.json`, 'utf8')));
}

/** One message sent at t = 1 (constant arrivals at 1/s, stopped at 1.5: the rate is 0 from then on, so the one due at 2 never comes). */
export const ONE_MESSAGE = [{ name: 'p', rate: 1, arrivals: 'constant', stopAt: 1.5 }];

export function run(s: QueueScenario, until = s.duration) {
  const m = createQueue(s);
  m.run(until);
  return { m, r: buildQueueSummary(s, m) };
}

/** Records every message the broker deletes: seq, key, producer, time, W. */
export interface Deleted {
  seq: number;
  key: string | null;
  producer: number;
  t: number;
  w: number;
}

export function recordDeletes(m: QueueModel): Deleted[] {
  const out: Deleted[] = [];
  const core = m.core;
  const original = core.deleted.bind(core);
  core.deleted = (msg) => {
    out.push({ seq: msg.seq, key: msg.key, producer: msg.producer, t: core.sim.now, w: core.sim.now - msg.sentAt });
    original(msg);
  };
  return out;
}

/** produced = delayed + visible + inFlight + retrying + dlqDepth + deleted + expired + dropped + parked + blocked + unpublished. */
export function conserved(r: { produced: number; delayed: number; visible: number; inFlight: number; retrying: number; dlqDepth: number; deleted: number; expired: number; dropped: number; parked: number; blocked: number; unpublished: number }): boolean {
  return r.produced === r.delayed + r.visible + r.inFlight + r.retrying + r.dlqDepth + r.deleted + r.expired + r.dropped + r.parked + r.blocked + r.unpublished;
}
