/**
 * "Step" in words for the pipeline model: the model narrates the one event that runs (who
 * produced, processed, forwarded, blocked or dropped what), or, when the event wrote a log line
 * (a pause, a fault), that line; otherwise the event's name. Reads only, and leaves the model as
 * it was.
 */
import type { PipelineModel } from '../../../sim/model/pipeline/pipeline-model.ts';

export function describePipelineStep(model: PipelineModel): () => string {
  const e = model.sim.peekEvent();
  if (!e) return () => 'no event left';
  const mark = model.logMark();
  model.narrate(true);
  return () => {
    const said = model.note?.text ?? '';
    model.narrate(false);
    if (model.logMark() !== mark) {
      const last = model.logEntries().at(-1);
      if (last) return said ? `${said} · ${last.source}: ${last.text}` : `${last.source}: ${last.text}`;
    }
    return said || e.name;
  };
}
