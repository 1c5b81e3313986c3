/**
 * What the page draws of a pipeline run at one instant (`PipelineData`): the summary, the
 * topology's counts and the per-second chart columns (typed arrays, transferable). Built in the
 * worker; `finalPipelineView` keeps a finished run's last data without the model.
 */
import type { PipelineScenario } from '../../../scenario/schema.ts';
import type { PipelineModel } from '../../../sim/model/pipeline/pipeline-model.ts';
import { finalSeriesView, seriesBuffers, SNAPSHOT_LOG_LINES, type SeriesCols } from '../kafka/snapshot.ts';
import { buildPipelineSummary } from './summary.ts';
import { stageDepths } from '../../../scenario/pipeline-graph.ts';
import type { PipelineData } from './data.ts';

export function buildPipelineData(scenario: PipelineScenario, model: PipelineModel): PipelineData {
  const now = model.sim.now;
  const series: Record<string, SeriesCols> = {};
  for (const name of model.seriesNames) series[name] = model.series[name].read(now);
  return {
    simTime: now,
    events: model.sim.events,
    summary: buildPipelineSummary(scenario, model),
    topology: {
      sources: model.sources.map((src, j) => ({
        name: src.cfg.name,
        to: src.cfg.to,
        rateNow: model.rateNow(j),
        blocked: src.blocked,
        shed: model.sourceShed(j),
        timeout: src.requests ? src.cfg.timeout : null,
        timedOut: src.timeoutsAll,
      })),
      stages: model.stages.map((st) => ({
        name: st.name,
        to: st.config.to,
        workers: st.workers,
        busy: st.busy,
        blockedWorkers: st.blockedWorkers,
        waiting: st.buffer.length,
        capacity: st.bounded ? st.capacity : null,
        policy: st.policy,
        blockedSends: st.liveWaiters,
        dropped: st.droppedAll,
        paused: st.paused,
        pause: st.config.pause,
        slowed: st.slowdowns.some((x) => x.until > now),
        calls: st.calls.map((c) => ({ name: model.deps[c.dep].name, slowed: model.depSlowed(c.dep) })),
        respond: st.config.respond,
        lag: st.lagNow(now),
      })),
      depth: stageDepths(scenario),
    },
    series,
    log: model.logEntries().slice(-SNAPSHOT_LOG_LINES),
    logCount: model.logMark(),
  };
}

/** Every ArrayBuffer in a snapshot (to transfer rather than copy). */
export function pipelineBuffers(d: PipelineData): ArrayBuffer[] {
  return seriesBuffers(d.series, Object.keys(d.series));
}

/** A finished run's data, holding nothing of the model. */
export function finalPipelineView(scenario: PipelineScenario, model: PipelineModel): { snapshot(focus: number): PipelineData; transfer(d: PipelineData): ArrayBuffer[] } {
  return finalSeriesView(buildPipelineData(scenario, model), model.seriesNames);
}
