/**
 * The Kafka-like log broker as a registry entry: partitions as logs, producers and the
 * partitioner, consumer groups with the classic rebalance protocol, commits, retries and DLQ.
 */
import { kafkaShipped } from './shipped.ts';
import type { KafkaScenario } from '../../../scenario/schema.ts';
import { KafkaScenarioSchema } from '../../../scenario/kafka-schema.ts';
import { KafkaModel, type Fault } from '../../../sim/model/kafka/kafka-model.ts';
import { buildKafkaSummary, kafkaConfig, kafkaTheory, type KafkaSummary } from './summary.ts';
import { buildKafkaSnapshot, finalKafkaView, LittleTrack, snapshotBuffers, type KafkaSnapshotData } from './snapshot.ts';
import { formatKafkaTable } from './table.ts';
import { describeStep } from './describe.ts';
import type { ModelEntry } from '../../registry.ts';
import { KAFKA_HEADLINE } from './headline.ts';
import { parseTraceArg, traceKafka } from './trace.ts';
import { formatTrace } from './trace-table.ts';

/** Little's-law samples per live run. */
export const LITTLE_SAMPLES = 300;

export function createKafka(scenario: KafkaScenario): KafkaModel {
  return new KafkaModel(kafkaConfig(scenario), scenario.seed);
}

export const kafkaEntry: ModelEntry<KafkaScenario, KafkaModel, KafkaSummary, KafkaSnapshotData, Fault> = {
  kind: 'kafka',
  schema: KafkaScenarioSchema,
  create: createKafka,
  summary: buildKafkaSummary,
  theory: (s, m) => {
    const first = m.groups[0];
    return first ? kafkaTheory(s, first.stats().assignment) : null;
  },
  table: formatKafkaTable,
  log: (m) => m.logEntries(),
  live(scenario, model) {
    const little = new LittleTrack(scenario.duration / LITTLE_SAMPLES, scenario.warmup);
    return {
      get next() {
        return little.next;
      },
      sample: () => little.sample(model),
      snapshot: (s, focus) => buildKafkaSnapshot(s as KafkaScenario, model, little, focus),
      transfer: snapshotBuffers,
      final: (s) => finalKafkaView(s as KafkaScenario, model, little),
    };
  },
  describeStep,
  focusCount: (s) => Math.max(1, s.groups.length),
  sweepPoint(r) {
    const u = Object.values(Object.values(r.groups)[0]?.utilization ?? {}).filter((x): x is number => typeof x === 'number' && x > 0);
    return { lambda: r.lambda.mean, W: r.W.mean, hw: r.W.hw, busy: u.length > 0 ? u.reduce((a, b) => a + b, 0) / u.length : null };
  },
  shipped: kafkaShipped,
  headline: KAFKA_HEADLINE,
  trace: {
    parse(text) {
      const r = parseTraceArg(text);
      return typeof r === 'string' ? { ok: false, error: r } : { ok: true, request: r };
    },
    run: traceKafka,
    format: formatTrace,
  },
};
