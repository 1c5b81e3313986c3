/**
 * The scenario format, version 1: the one description of a run that files, share URLs, the CLI's
 * `--set` and (later) the playground's forms all produce. The valibot schema below is the single
 * source of truth for field names, types, ranges and defaults; `validate.ts` adds the checks that
 * involve several fields, and `npm run schema` writes the JSON Schema for editors from it.
 *
 * Every range is stated in the error message so a user who mistypes a field learns what is allowed.
 */
import * as v from 'valibot';

export const SCENARIO_VERSION = 1;

/** Upper bound on rate × duration, so a hand-edited file cannot ask for a run that never ends. */
export const MAX_EXPECTED_ARRIVALS = 50_000_000;

function num(min: number, max: number, opts: { integer?: boolean; minExclusive?: boolean; unit?: string } = {}): v.GenericSchema<number> {
  const unit = opts.unit ? ` ${opts.unit}` : '';
  const range = `${opts.minExclusive ? '(' : '['}${min}, ${max}]${unit}`;
  const kind = opts.integer ? 'an integer' : 'a number';
  const msg = `must be ${kind} in ${range}`;
  const lower = opts.minExclusive ? v.gtValue<number, number, string>(min, msg) : v.minValue<number, number, string>(min, msg);
  const finite = v.check<number, string>((x) => Number.isFinite(x), msg);
  if (opts.integer) return v.pipe(v.number(msg), v.integer(msg), finite, lower, v.maxValue(max, msg));
  return v.pipe(v.number(msg), finite, lower, v.maxValue(max, msg));
}

const SECONDS = 1e9;
const mean = () => num(0, SECONDS, { minExclusive: true, unit: 's' });
const cv = () => num(0, 100, { minExclusive: true });

const typeMsg = (types: readonly string[]) => `must be one of: ${types.join(', ')}`;

export const SERVICE_TYPES = ['exponential', 'deterministic', 'uniform', 'erlang', 'gamma', 'lognormal', 'hyperexponential', 'bimodal', 'pareto'] as const;

/** A service-time distribution; every time is in seconds. */
export const ServiceSchema = v.variant(
  'type',
  [
    v.strictObject({ type: v.literal('exponential'), mean: mean() }),
    v.strictObject({ type: v.literal('deterministic'), mean: num(0, SECONDS, { unit: 's' }) }),
    v.strictObject({ type: v.literal('uniform'), min: num(0, SECONDS, { unit: 's' }), max: num(0, SECONDS, { unit: 's' }) }),
    v.strictObject({ type: v.literal('erlang'), mean: mean(), k: num(1, 1000, { integer: true }) }),
    v.strictObject({ type: v.literal('gamma'), mean: mean(), cv: cv() }),
    v.strictObject({ type: v.literal('lognormal'), mean: mean(), cv: v.optional(cv()), p99: v.optional(mean()) }),
    v.strictObject({ type: v.literal('hyperexponential'), mean: mean(), cv: num(1, 100) }),
    v.strictObject({
      type: v.literal('bimodal'),
      fast: num(0, SECONDS, { unit: 's' }),
      slow: num(0, SECONDS, { unit: 's' }),
      pSlow: num(0, 1),
    }),
    v.strictObject({ type: v.literal('pareto'), mean: mean(), alpha: num(1, 100, { minExclusive: true }) }),
  ],
  typeMsg(SERVICE_TYPES),
);

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
});

const text = (max: number) => v.pipe(v.string('must be a string'), v.maxLength(max, `must be at most ${max} characters`));

export const StationScenarioSchema = v.strictObject({
  $schema: v.optional(v.string()),
  version: v.literal(SCENARIO_VERSION, `must be ${SCENARIO_VERSION}`),
  model: v.literal('station', 'must be "station"'),
  id: v.optional(v.pipe(text(64), v.regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and dashes')), 'custom'),
  title: v.optional(text(200), ''),
  description: v.optional(text(4000), ''),
  /** Root seed of the run's random streams. */
  seed: v.optional(num(0, 4294967295, { integer: true }), 1),
  /** Simulated seconds to run. */
  duration: num(0, SECONDS, { minExclusive: true, unit: 's' }),
  /** Statistics are collected after this many simulated seconds. */
  warmup: v.optional(num(0, SECONDS, { unit: 's' }), 0),
  arrival: ArrivalSchema,
  service: ServiceSchema,
  /** Number of identical servers (c). */
  servers: v.optional(num(1, 10000, { integer: true }), 1),
  /** Maximum number in system (K, waiting + in service); null = unbounded. */
  capacity: v.optional(v.nullable(num(1, 10_000_000, { integer: true })), null),
});

export type StationScenario = v.InferOutput<typeof StationScenarioSchema>;
/** Any scenario (one model for now; the broker models join this union). */
export type Scenario = StationScenario;
export const ScenarioSchema = StationScenarioSchema;
