/**
 * Scenario schema of the pipeline model (`"model": "pipeline"`): a small DAG of stages — each a
 * consumer group of `workers` that consume, process and produce — with a buffer in front of every
 * stage, fed by open-loop sources (issue 15: flow control, more than one topic).
 *
 * A stage may be where the caller of its items gets its response (`respond`): a source whose
 * items reach such a stage makes requests, and its callers give up after its `timeout` (a load
 * balancer's 504). A stage may call dependencies inline (`calls`: a database, an e-mail provider),
 * each with its own time, while its worker waits; a `slowdown` fault may hit one dependency, in
 * every stage that calls it.
 *
 * A stage's buffer is a topic (an unbounded log its consumer group reads, as Kafka's) or a bounded
 * in-memory buffer with a policy when it is full: `block` (the producer waits — a worker holding its
 * finished item, or a source's send — which is backpressure), `drop-newest` (the arriving item is
 * refused) or `drop-oldest` (the oldest waiting item is evicted to make room). A stage may
 * `pause` its consumption while a bounded buffer downstream holds `high` items or more and resume
 * once every one holds `low` or fewer — KafkaConsumer#pause()/resume() on an internal queue's
 * watermarks. A source may shed load at the edge (`shedAbove`) and give up a blocked send after
 * `blockTimeout`.
 *
 * QueueLab's assumptions, not settings of any system: a topic is one FIFO read by all of a stage's
 * workers (as if it had at least as many partitions as workers; keys and per-partition order are
 * not modelled); handing an item to the next stage takes no time; an item a stage sends to several
 * stages is copied, one copy for each (several consumer groups reading one topic).
 */
import * as v from 'valibot';
import { commonEntries, num, rampedProfile, SECONDS, ServiceSchema, typeMsg } from './fields.ts';
import { LoadSpikeFault } from './kafka-schema.ts';

const RATE_MAX = 1e6;
const at = () => num(0, SECONDS, { unit: 's' });
const name = (what: string) => v.pipe(v.string('must be a string'), v.maxLength(40, 'must be at most 40 characters'), v.regex(/^[a-z0-9][a-z0-9._-]*$/, `must be a ${what} name of lowercase letters, digits, '.', '_' and '-'`));

/** Most sources, stages, and workers of one stage (what the topology draws at 1280×720, and the budget). */
export const PIPELINE_LIMITS = { sources: 8, stages: 12, workers: 1000, capacity: 10_000_000 } as const;

export const BUFFER_POLICIES = ['block', 'drop-newest', 'drop-oldest'] as const;
export type BufferPolicy = (typeof BUFFER_POLICIES)[number];
export const BUFFER_TYPES = ['topic', 'bounded'] as const;

export const SourceSchema = v.strictObject(
  {
    name: name('source'),
    /** Items per second at t = 0. */
    rate: num(0, RATE_MAX, { unit: '/s' }),
    arrivals: v.optional(v.picklist(['poisson', 'constant'], typeMsg(['poisson', 'constant'])), 'poisson'),
    /** Rate changes: from `at` seconds the rate moves to `rate`, as a step or linearly over `ramp` seconds. */
    profile: rampedProfile(RATE_MAX),
    /** The stage whose buffer the source writes to. */
    to: name('stage'),
    /** Load shedding at the edge: an item is refused at once while `to`'s backlog (waiting + blocked sends) is at least this. null = never. */
    shedAbove: v.optional(v.nullable(num(0, PIPELINE_LIMITS.capacity, { integer: true })), null),
    /** A send blocked on a full `block` buffer gives up after this many seconds and the item is shed. null = it waits as long as it takes. */
    blockTimeout: v.optional(v.nullable(num(0, 3600, { minExclusive: true, unit: 's' })), null),
    /** Its callers give up after this many seconds without a response (504); the work goes on. Needs a `respond` stage on its path. null = they wait. */
    timeout: v.optional(v.nullable(num(0, 3600, { minExclusive: true, unit: 's' })), null),
  },
  'must be an object like { "name": "uploads", "rate": 100, "to": "ingest" }',
);

export const BufferSchema = v.variant(
  'type',
  [
    /** An unbounded log (a Kafka topic) that the stage's consumer group reads. */
    v.strictObject({ type: v.literal('topic') }),
    /** A bounded buffer of `capacity` waiting items (items in service do not count) and what happens when it is full. */
    v.strictObject({
      type: v.literal('bounded'),
      capacity: num(0, PIPELINE_LIMITS.capacity, { integer: true }),
      policy: v.optional(v.picklist(BUFFER_POLICIES, typeMsg(BUFFER_POLICIES)), 'block'),
    }),
  ],
  typeMsg(BUFFER_TYPES),
);

/** A dependency a stage calls inline, its worker waiting: its name (a slowdown's target) and the time of one call. */
export const CallSchema = v.strictObject({ name: name('dependency'), time: ServiceSchema }, 'must be an object like { "name": "db", "time": { "type": "exponential", "mean": 0.02 } }');

export const StageSchema = v.strictObject(
  {
    name: name('stage'),
    /** Items processed at once: the consumer group's members × threads. */
    workers: num(1, PIPELINE_LIMITS.workers, { integer: true }),
    /** Processing time of one item (its own work; calls add theirs). */
    time: ServiceSchema,
    /** Dependencies it calls for every item, one after another, its worker waiting for each. */
    calls: v.optional(v.pipe(v.array(CallSchema, 'must be a list of calls'), v.maxLength(4, 'must have at most 4 calls')), []),
    /** The caller gets its response when this stage is done with the item (handed on). */
    respond: v.optional(v.boolean('must be true or false'), false),
    buffer: v.optional(BufferSchema, { type: 'topic' }),
    /** Stages that get every item this stage finishes (a copy each); [] = the item is done here. */
    to: v.optional(v.pipe(v.array(name('stage'), 'must be a list of stage names'), v.maxLength(PIPELINE_LIMITS.stages, `must have at most ${PIPELINE_LIMITS.stages} stages`)), []),
    /**
     * KafkaConsumer#pause()/resume() on watermarks: the stage stops taking new items while a bounded
     * buffer it sends to holds `high` or more, and resumes when every one holds `low` or fewer. null = never pauses.
     */
    pause: v.optional(
      v.nullable(
        v.strictObject({ high: num(1, PIPELINE_LIMITS.capacity, { integer: true }), low: num(0, PIPELINE_LIMITS.capacity, { integer: true }) }, 'must be an object like { "high": 80, "low": 20 }, or null'),
      ),
      null,
    ),
  },
  'must be an object like { "name": "transcode", "workers": 4, "time": { "type": "exponential", "mean": 0.05 } }',
);

export const PIPELINE_FAULT_KINDS = ['load-spike', 'slowdown', 'add-workers'] as const;

export const PipelineFaultSchema = v.variant(
  'kind',
  [
    /** A source's rate (every source's for "*") × factor for `duration` s. */
    LoadSpikeFault,
    /** Times drawn during the next `duration` s are × factor: a stage's (its calls too), or a dependency's, wherever it is called. */
    v.strictObject({ at: at(), kind: v.literal('slowdown'), target: name('stage'), factor: num(1, 1000), duration: num(0, SECONDS, { minExclusive: true, unit: 's' }) }),
    /** `count` more workers join a stage (scaling it out). */
    v.strictObject({ at: at(), kind: v.literal('add-workers'), target: name('stage'), count: num(1, PIPELINE_LIMITS.workers, { integer: true }) }),
  ],
  typeMsg(PIPELINE_FAULT_KINDS),
);

export const PipelineScenarioSchema = v.strictObject({
  ...commonEntries,
  model: v.literal('pipeline'),
  sources: v.pipe(
    v.array(SourceSchema, 'must be a list of sources'),
    v.minLength(1, 'must have at least one source'),
    v.maxLength(PIPELINE_LIMITS.sources, `must have at most ${PIPELINE_LIMITS.sources} sources`),
  ),
  stages: v.pipe(
    v.array(StageSchema, 'must be a list of stages'),
    v.minLength(1, 'must have at least one stage'),
    v.maxLength(PIPELINE_LIMITS.stages, `must have at most ${PIPELINE_LIMITS.stages} stages`),
  ),
  faults: v.optional(v.pipe(v.array(PipelineFaultSchema, 'must be a list of faults'), v.maxLength(1000, 'must have at most 1000 faults')), []),
});
