/**
 * "Step" in words: what the Kafka model's next event is, e.g. "warehouse-2 finished orders-3@1841".
 * `describeStep` looks at the event before it runs (who, which record) and returns a function that,
 * called after it, completes the sentence with what happened (the partition a record went to, how
 * many records a poll returned, the log line the event wrote). Reads only: it never changes the run.
 */
import type { KafkaScenario } from '../../../scenario/schema.ts';
import type { KafkaModel } from '../../../sim/model/kafka/kafka-model.ts';
import { MAX_THREADS } from '../../../sim/model/kafka/group/executor.ts';

/** Called after the step: the sentence. */
export type StepText = () => string;

/** The last log line written since `mark`, as "source: text", or null. */
function newLogLine(model: KafkaModel, mark: number): string | null {
  if (model.logMark() === mark) return null;
  const last = model.logEntries().at(-1);
  return last ? `${last.source}: ${last.text}` : null;
}

export function describeStep(scenario: KafkaScenario, model: KafkaModel): StepText {
  const e = model.sim.peekEvent();
  const mark = model.logMark();
  if (!e) return () => 'no event left';
  const colon = e.name.lastIndexOf(':');
  const gid = colon >= 0 ? e.name.slice(0, colon) : null;
  const what = colon >= 0 ? e.name.slice(colon + 1) : e.name;
  const g = gid !== null ? (model.groups.find((x) => x.id === gid) ?? null) : null;
  const logged = (fallback: string): StepText => () => newLogLine(model, mark) ?? fallback;
  const topic = scenario.topic.name;

  if (g) {
    const member = (i: number) => g.consumers[i]?.name ?? `${gid}-${i + 1}`;
    switch (what) {
      case 'record-done': {
        const c = g.consumers[Math.floor(e.arg / MAX_THREADS)];
        const k = c ? c.tCur[e.arg % MAX_THREADS] : -1;
        const rec = c && k >= 0 ? `${topic}-${c.bp[k]}@${c.bo[k]}` : 'a record';
        const threads = g.executor.threads > 1 ? ` (thread ${(e.arg % MAX_THREADS) + 1})` : '';
        return logged(`${c?.name ?? gid} finished ${rec}${threads}`);
      }
      case 'poll': {
        const c = g.consumers[e.arg];
        return () => newLogLine(model, mark) ?? (c && c.batchLen > 0 && c.batchDone === 0 ? `${c.name} poll(): ${c.batchLen} record${c.batchLen === 1 ? '' : 's'}` : `${member(e.arg)} poll(): nothing to process`);
      }
      case 'poll-timeout':
        return logged(`${member(e.arg)} exceeded max.poll.interval.ms`);
      case 'session-expired':
        return logged(`session of ${member(e.arg)} expired`);
      case 'join-complete':
        return logged(`group ${gid}: rebalance completed`);
      case 'rebalance-timeout':
        return logged(`group ${gid}: rebalance timed out`);
      case 'auto-commit':
        return logged(`${member(e.arg)} auto-commit`);
      case 'gc-end':
        return logged(`${member(e.arg)}: GC pause over`);
      case 'retry-due':
      case 'retry-done': {
        const t = g.config.retry.topics[e.arg];
        const name = t ? `${topic}.${t.name}` : 'a retry topic';
        return logged(what === 'retry-due' ? `${gid}-retry: a record in ${name} is due` : `${gid}-retry finished a record from ${name}`);
      }
      case 'supervisor-restart':
        return logged(`supervisor restarts ${member(e.arg)}`);
      case 'metadata-refresh':
        return logged(`group ${gid}: metadata refresh`);
      case 'offsets-expiry':
        return logged(`group ${gid}: committed offsets expire`);
    }
    return logged(`${gid}: ${what}`);
  }

  switch (what) {
    case 'produce': {
      const name = scenario.producers[e.arg]?.name ?? `producer ${e.arg + 1}`;
      const ends = model.logs.map((l) => l.logEnd);
      return () => {
        const p = model.logs.findIndex((l, i) => l.logEnd !== ends[i]);
        const line = newLogLine(model, mark);
        const rec = p >= 0 ? `${name} produced ${topic}-${p}@${model.logs[p].logEnd - 1}` : `${name} produced a record`;
        return line ? `${rec} · ${line}` : rec;
      };
    }
    case 'sample':
      return logged('chart sample');
    case 'retention-check':
      return logged('retention check: nothing to delete');
    case 'warmup-end':
      return logged('warm-up over: statistics start now');
    case 'producer-redraw':
      return logged(`${scenario.producers[e.arg]?.name ?? 'producer'}: rate changed`);
  }
  return logged(what);
}
