/**
 * "Step" in words for the cluster model: the event's name and who it concerns, completed after it
 * ran with the log line it wrote, if any. Reads only.
 */
import type { ClusterModel } from '../../../sim/model/cluster/cluster-model.ts';

const BROKER_EVENTS = ['broker-session-expired', 'broker-restart', 'network-heal'];

export function describeClusterStep(model: ClusterModel): () => string {
  const e = model.sim.peekEvent();
  const mark = model.logMark();
  if (!e) return () => 'no event left';
  const producer = e.name === 'produce' ? model.producers.list[e.arg]?.config.name : undefined;
  const what = `${e.name}${producer ? ` (${producer})` : BROKER_EVENTS.includes(e.name) ? ` (broker ${e.arg})` : ''}`;
  return () => {
    if (model.logMark() === mark) return what;
    const last = model.logEntries().at(-1);
    return last ? `${last.source}: ${last.text}` : what;
  };
}
