/**
 * "Step" in words for the queue model: the event's name and who it concerns, completed after it
 * ran with the log line it wrote, if any. Reads only.
 */
import type { QueueModel } from '../../../sim/model/queue/queue-model.ts';

export function describeQueueStep(model: QueueModel): () => string {
  const e = model.sim.peekEvent();
  const mark = model.logMark();
  if (!e) return () => 'no event left';
  const consumer = ['processing-done', 'pause-end', 'restart', 'long-poll-timeout', 'heartbeat', 'consumer-timeout'].includes(e.name) ? model.core.consumers[e.arg]?.name : undefined;
  const message = ['lease-end', 'delay-end', 'retry-due'].includes(e.name) ? `m-${e.arg}` : undefined;
  const what = `${e.name}${consumer ? ` (${consumer})` : message ? ` (${message})` : ''}`;
  return () => {
    if (model.logMark() === mark) return what;
    const last = model.logEntries().at(-1);
    return last ? `${last.source}: ${last.text}` : what;
  };
}
