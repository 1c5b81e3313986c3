/**
 * The scenario format, version 1: the one description of a run that files, share URLs, the CLI's
 * `--set` and the playground's forms all produce. The valibot schemas are the single source of
 * truth for field names, types, ranges and defaults; `validate.ts` adds the checks that involve
 * several fields, and `npm run schema` writes the JSON Schema for editors from them.
 *
 * Every range is stated in the error message so a user who mistypes a field learns what is allowed.
 */
import * as v from 'valibot';
import { commonEntries, cv, num, SECONDS, ServiceSchema, typeMsg } from './fields.ts';
import { KafkaScenarioSchema } from './kafka-schema.ts';
import { QueueScenarioSchema } from './queue-schema.ts';
import { ClusterScenarioSchema } from './cluster-schema.ts';
import { ServiceScenarioSchema } from './service-schema.ts';
import { StorageScenarioSchema } from './storage-schema.ts';
import { PipelineScenarioSchema } from './pipeline-schema.ts';
import { OutboxScenarioSchema } from './outbox-schema.ts';

export { MAX_EXPECTED_ARRIVALS, SCENARIO_VERSION, SERVICE_TYPES, ServiceSchema } from './fields.ts';

export const ARRIVAL_SHAPES = ['exponential', 'deterministic', 'erlang', 'gamma', 'lognormal', 'hyperexponential', 'pareto'] as const;

/** Shape of the inter-arrival distribution; its mean is 1/rate. */
export const ArrivalShapeSchema = v.variant(
  'type',
  [
    v.strictObject({ type: v.literal('exponential') }),
    v.strictObject({ type: v.literal('deterministic') }),
    v.strictObject({ type: v.literal('erlang'), k: num(1, 1000, { integer: true }) }),
    v.strictObject({ type: v.literal('gamma'), cv: cv() }),
    v.strictObject({ type: v.literal('lognormal'), cv: cv() }),
    v.strictObject({ type: v.literal('hyperexponential'), cv: num(1, 100) }),
    v.strictObject({ type: v.literal('pareto'), alpha: num(1, 100, { minExclusive: true }) }),
  ],
  typeMsg(ARRIVAL_SHAPES),
);

const RATE_MAX = 1e6;

export const ArrivalSchema = v.strictObject({
  /** Mean arrivals per second. */
  rate: num(0, RATE_MAX, { unit: '/s' }),
  shape: v.optional(ArrivalShapeSchema, { type: 'exponential' }),
  /** Piecewise-constant rate changes: from `at` seconds on, the rate is `rate`. */
  profile: v.optional(
    v.pipe(
      v.array(v.strictObject({ at: num(0, SECONDS, { unit: 's' }), rate: num(0, RATE_MAX, { unit: '/s' }) }), 'must be a list of { at, rate } steps'),
      v.maxLength(1000, 'must have at most 1000 steps'),
    ),
    [],
  ),
}, 'must be an object like { "rate": 0.9 }');

export const StationScenarioSchema = v.strictObject({
  ...commonEntries,
  model: v.literal('station'),
  arrival: ArrivalSchema,
  service: ServiceSchema,
  /** Number of identical servers (c). */
  servers: v.optional(num(1, 10000, { integer: true }), 1),
  /** Maximum number in system (K, waiting + in service); null = unbounded. */
  capacity: v.optional(v.nullable(num(1, 10_000_000, { integer: true })), null),
});

export type StationScenario = v.InferOutput<typeof StationScenarioSchema>;
export type KafkaScenario = v.InferOutput<typeof KafkaScenarioSchema>;
export type QueueScenario = v.InferOutput<typeof QueueScenarioSchema>;
export type ClusterScenario = v.InferOutput<typeof ClusterScenarioSchema>;
export type ServiceScenario = v.InferOutput<typeof ServiceScenarioSchema>;
export type StorageScenario = v.InferOutput<typeof StorageScenarioSchema>;
export type PipelineScenario = v.InferOutput<typeof PipelineScenarioSchema>;

export type OutboxScenario = v.InferOutput<typeof OutboxScenarioSchema>;

export const MODELS = ['station', 'kafka', 'queue', 'cluster', 'service', 'storage', 'pipeline', 'outbox'] as const;

/** Any scenario: the `model` field picks the schema. */
export const ScenarioSchema = v.variant(
  'model',
  [StationScenarioSchema, KafkaScenarioSchema, QueueScenarioSchema, ClusterScenarioSchema, ServiceScenarioSchema, StorageScenarioSchema, PipelineScenarioSchema, OutboxScenarioSchema],
  typeMsg(MODELS.map((m) => `"${m}"`)),
);
export type Scenario = v.InferOutput<typeof ScenarioSchema>;
