/**
 * Scenario schema of the dependency model (`"model": "service"`): clients that call one downstream
 * service (a database, an HTTP service) with a timeout, retries, a retry budget and a circuit
 * breaker, and the service itself — `concurrency` servers, a bounded FIFO queue, a service time
 * that grows with load, and no cancellation (issue 15: retry storms and metastable failure).
 *
 * Names and defaults follow the libraries that popularised each mechanism:
 * - backoff and jitter: AWS's "Exponential Backoff And Jitter" (Marc Brooker, 2015) — exponential
 *   delay min(cap, base·2^(n−1)) for the n-th retry, jitter "full" U(0, d) or "equal" d/2 + U(0, d/2);
 * - retry budget: Finagle's RetryBudget (ttl 10 s, minRetriesPerSec 10, percentCanRetry 0.2 are its
 *   defaults; twitter/finagle ClientParams.withRetryBudget: "about 20% of the total requests … on top
 *   of 10 retries per second"), here as a sliding window of `ttl` seconds (see the model);
 * - circuit breaker: Resilience4j's CircuitBreakerConfig names and defaults (count-based window:
 *   failureRateThreshold 50 %, slidingWindowSize 100, minimumNumberOfCalls 100,
 *   waitDurationInOpenState 60 s, permittedNumberOfCallsInHalfOpenState 10), durations in seconds.
 *
 * Everything about the service's contention (`contention`) is QueueLab's assumption, not a
 * measurement of any system.
 */
import * as v from 'valibot';
import { commonEntries, num, rampedProfile, SECONDS, ServiceSchema, typeMsg } from './fields.ts';

const RATE_MAX = 1e6;
const bool = () => v.boolean('must be true or false');
const at = () => num(0, SECONDS, { unit: 's' });

export const BACKOFF_TYPES = ['none', 'exponential'] as const;
export const JITTER_TYPES = ['none', 'full', 'equal'] as const;

/** Resilience4j CircuitBreakerConfig defaults (durations in seconds here). */
export const BreakerDefaults = {
  failureRateThreshold: 50,
  slidingWindowSize: 100,
  minimumNumberOfCalls: 100,
  waitDurationInOpenState: 60,
  permittedNumberOfCallsInHalfOpenState: 10,
} as const;

/** Finagle RetryBudget defaults. */
export const BudgetDefaults = { ttl: 10, minRetriesPerSec: 10, percentCanRetry: 0.2 } as const;

export const ClientsSchema = v.strictObject({
  /** First attempts (logical calls) per second at t = 0. */
  rate: num(0, RATE_MAX, { unit: '/s' }),
  arrivals: v.optional(v.picklist(['poisson', 'constant'], typeMsg(['poisson', 'constant'])), 'poisson'),
  /** Rate changes: from `at` seconds the rate moves to `rate`, as a step or linearly over `ramp` seconds. */
  profile: rampedProfile(RATE_MAX),
  /** Seconds a client waits for one attempt's answer; then it abandons the attempt (the service is not told). */
  timeout: num(0, 3600, { minExclusive: true, unit: 's' }),
  /** Attempts after the first one, at most (0 = no retries). */
  retries: v.optional(num(0, 20, { integer: true }), 0),
  /** Delay before retry n: none = at once; exponential = min(cap, base·2^(n−1)). */
  backoff: v.optional(v.picklist(BACKOFF_TYPES, typeMsg(BACKOFF_TYPES)), 'none'),
  'backoff.base': v.optional(num(0, 3600, { unit: 's' }), 0.1),
  'backoff.cap': v.optional(num(0, 3600, { unit: 's' }), 20),
  /** AWS's names: full = U(0, d); equal = d/2 + U(0, d/2); none = d. */
  jitter: v.optional(v.picklist(JITTER_TYPES, typeMsg(JITTER_TYPES)), 'none'),
  /**
   * Retry budget (Finagle RetryBudget): with `enabled`, a retry is allowed while the retries of the
   * last `ttl` seconds stay within minRetriesPerSec·ttl + percentCanRetry × the first attempts of
   * the last `ttl` seconds; refused, the call fails ("budget exhausted"). Off by default.
   */
  budget: v.optional(
    v.strictObject(
      {
        enabled: v.optional(bool(), false),
        percentCanRetry: v.optional(num(0, 10), BudgetDefaults.percentCanRetry),
        minRetriesPerSec: v.optional(num(0, RATE_MAX, { unit: '/s' }), BudgetDefaults.minRetriesPerSec),
        ttl: v.optional(num(1, 60, { integer: true, unit: 's' }), BudgetDefaults.ttl),
      },
      'must be an object like { "enabled": true, "percentCanRetry": 0.1, "minRetriesPerSec": 0, "ttl": 10 }',
    ),
    {},
  ),
}, 'must be an object like { "rate": 100, "timeout": 1, "retries": 3 }');

/** Resilience4j's count-based circuit breaker in front of the service (one per client population). */
export const BreakerSchema = v.strictObject({
  enabled: v.optional(bool(), false),
  /** Per cent of failed calls in the window at or above which the breaker opens. */
  failureRateThreshold: v.optional(num(1, 100), BreakerDefaults.failureRateThreshold),
  /** Calls the count-based sliding window holds. */
  slidingWindowSize: v.optional(num(1, 100_000, { integer: true }), BreakerDefaults.slidingWindowSize),
  /** Calls recorded before the failure rate is judged at all. */
  minimumNumberOfCalls: v.optional(num(1, 100_000, { integer: true }), BreakerDefaults.minimumNumberOfCalls),
  /** Seconds the breaker stays open (rejecting every call at once) before it lets probes through. */
  waitDurationInOpenState: v.optional(num(0, 86_400, { minExclusive: true, unit: 's' }), BreakerDefaults.waitDurationInOpenState),
  /** Probe calls let through while half-open; their failure rate decides open or closed. */
  permittedNumberOfCallsInHalfOpenState: v.optional(num(1, 10_000, { integer: true }), BreakerDefaults.permittedNumberOfCallsInHalfOpenState),
}, 'must be an object like { "enabled": true, "waitDurationInOpenState": 5 }');

export const DependencySchema = v.strictObject({
  /** Requests served at once (threads, connections). */
  concurrency: num(1, 10_000, { integer: true }),
  /** Requests that may wait for a server; an attempt that finds it full is rejected at once. */
  queueLimit: v.optional(num(0, 1_000_000, { integer: true }), 1000),
  /** Service time at no load (its mean grows with load, see `contention`). */
  time: ServiceSchema,
  /**
   * QueueLab's assumption (contention on locks, caches, a disk): a service time drawn when b of the
   * c servers are busy (this one included) is the draw × (1 + contention · b / c). 0 = none.
   */
  contention: v.optional(num(0, 100), 0),
  /** Load shedding: a request that has waited longer than this when its turn comes is dropped unserved (and answered with an error). null = never. */
  deadline: v.optional(v.nullable(num(0, 3600, { minExclusive: true, unit: 's' })), null),
}, 'must be an object like { "concurrency": 10, "time": { "type": "exponential", "mean": 0.06 } }');

export const SERVICE_FAULT_KINDS = ['outage', 'slowdown', 'load-spike'] as const;

export const ServiceFaultSchema = v.variant(
  'kind',
  [
    /** The service hangs for `duration` s: it starts nothing and answers nothing (attempts being served finish when it ends); its queue still takes requests. */
    v.strictObject({ at: at(), kind: v.literal('outage'), duration: num(0, SECONDS, { minExclusive: true, unit: 's' }) }),
    /** Service times drawn during the next `duration` s are × factor. */
    v.strictObject({ at: at(), kind: v.literal('slowdown'), factor: num(1, 1000), duration: num(0, SECONDS, { minExclusive: true, unit: 's' }) }),
    /** The clients' first-attempt rate × factor for `duration` s. */
    v.strictObject({ at: at(), kind: v.literal('load-spike'), factor: num(0, 1000), duration: num(0, SECONDS, { minExclusive: true, unit: 's' }) }),
  ],
  typeMsg(SERVICE_FAULT_KINDS),
);

export const ServiceScenarioSchema = v.strictObject({
  ...commonEntries,
  model: v.literal('service'),
  clients: ClientsSchema,
  breaker: v.optional(BreakerSchema, {}),
  service: DependencySchema,
  faults: v.optional(v.pipe(v.array(ServiceFaultSchema, 'must be a list of faults'), v.maxLength(1000, 'must have at most 1000 faults')), []),
});

/** Field names of this schema that contain dots, so `--set` paths can address them. */
export const SERVICE_DOTTED_FIELDS: readonly string[] = ['backoff.base', 'backoff.cap'];
