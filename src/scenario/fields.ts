/**
 * Building blocks shared by every model's scenario schema: numbers with their allowed range in the
 * message, bounded texts, distributions, and the fields every scenario has.
 */
import * as v from 'valibot';
import { MIN_MAGNITUDE } from './limits.ts';

export const SCENARIO_VERSION = 1;

/** Upper bound on rate × duration, so a hand-edited file cannot ask for a run that never ends. */
export const MAX_EXPECTED_ARRIVALS = 50_000_000;

export function num(min: number, max: number, opts: { integer?: boolean; minExclusive?: boolean; unit?: string } = {}): v.GenericSchema<number> {
  const unit = opts.unit ? ` ${opts.unit}` : '';
  const range = `${opts.minExclusive ? '(' : '['}${min}, ${max}]${unit}`;
  const kind = opts.integer ? 'an integer' : 'a number';
  const msg = `must be ${kind} in ${range}`;
  const lower = opts.minExclusive ? v.gtValue<number, number, string>(min, msg) : v.minValue<number, number, string>(min, msg);
  const finite = v.check<number, string>((x) => Number.isFinite(x), msg);
  // Denormals like 5e-324 pass the range but overflow to Infinity when the model inverts or squares them.
  const tinyMsg = `must be ${opts.minExclusive ? '' : '0 or '}a number in [${MIN_MAGNITUDE}, ${max}]${unit}: a non-zero number below ${MIN_MAGNITUDE} is too small to compute with`;
  const notTiny = v.check<number, string>((x) => x === 0 || Math.abs(x) >= MIN_MAGNITUDE, tinyMsg);
  const base = opts.integer
    ? v.pipe(v.number(msg), v.integer(msg), finite, lower, v.maxValue(max, msg))
    : min < MIN_MAGNITUDE
      ? v.pipe(v.number(msg), finite, lower, v.maxValue(max, msg), notTiny)
      : v.pipe(v.number(msg), finite, lower, v.maxValue(max, msg));
  // The unit as metadata too (no effect on validation), so forms show it without parsing the message.
  return opts.unit ? v.pipe(base, v.metadata<number, NumMetadata>({ unit: opts.unit })) : base;
}

/** Metadata of a {@link num} field that has a unit (read it with `v.getMetadata`). */
export type NumMetadata = {
  readonly unit: string;
};

export const SECONDS = 1e9;
export const mean = () => num(0, SECONDS, { minExclusive: true, unit: 's' });
export const cv = () => num(0, 100, { minExclusive: true });

export const typeMsg = (types: readonly string[]) => `must be one of: ${types.join(', ')}`;

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

/** Rate changes: from `at` seconds the rate moves to `rate`, as a step or linearly over `ramp` seconds (a dependency's clients, a pipeline's sources). */
export const rampedProfile = (maxRate: number) =>
  v.optional(
    v.pipe(
      v.array(v.strictObject({ at: num(0, SECONDS, { unit: 's' }), rate: num(0, maxRate, { unit: '/s' }), ramp: v.optional(num(0, SECONDS, { unit: 's' })) }), 'must be a list of { at, rate, ramp? } steps'),
      v.maxLength(1000, 'must have at most 1000 steps'),
    ),
    [],
  );

export const text = (max: number) => v.pipe(v.string('must be a string'), v.maxLength(max, `must be at most ${max} characters`));

/** Fields every scenario has, whatever its model. */
export const commonEntries = {
  $schema: v.optional(v.string()),
  version: v.literal(SCENARIO_VERSION, `must be ${SCENARIO_VERSION}`),
  id: v.optional(v.pipe(text(64), v.regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and dashes')), 'custom'),
  title: v.optional(text(200), ''),
  description: v.optional(text(4000), ''),
  /** Root seed of the run's random streams. */
  seed: v.optional(num(0, 4294967295, { integer: true }), 1),
  /** Simulated seconds to run. */
  duration: num(0, SECONDS, { minExclusive: true, unit: 's' }),
  /** Statistics are collected after this many simulated seconds. */
  warmup: v.optional(num(0, SECONDS, { unit: 's' }), 0),
};
