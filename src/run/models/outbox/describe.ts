/**
 * "Step" in words for the outbox model: the event about to run, with the request it concerns
 * (`order-<id>`), and after it the request's new state — or the log line it wrote.
 */
import type { OutboxModel } from '../../../sim/model/outbox/outbox-model.ts';
import { REQUEST_STATES } from '../../../sim/model/outbox/requests.ts';

const PER_REQUEST = new Set(['db-commit', 'publish-ack', 'publish-expired']);

export function describeOutboxStep(model: OutboxModel): () => string {
  const e = model.sim.peekEvent();
  const mark = model.logMark();
  if (!e) return () => 'no event left';
  const id = PER_REQUEST.has(e.name) ? e.arg : 0;
  const before = id > 0 ? model.req.state[id] : 0;
  return () => {
    if (model.logMark() !== mark) {
      const last = model.logEntries().at(-1);
      if (last) return `${last.source}: ${last.text}`;
    }
    if (id === 0) return e.name;
    const after = model.req.state[id];
    return after === before ? `${e.name} (order-${id})` : `${e.name}: order-${id} ${REQUEST_STATES[before - 1]} → ${REQUEST_STATES[after - 1]}`;
  };
}
