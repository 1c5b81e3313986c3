/**
 * The fields of a service-time distribution (`ServiceSchema` in src/scenario/fields.ts), shared by
 * the station's `service` and a Kafka group's `processing.time`. Only the fields of the current
 * distribution are shown (the others do not resolve in the draft). (Not named service.ts: the build
 * names a shared chunk after its module, and a chunk named `service-…` reads as the dependency
 * model's panels.)
 */
import type { FieldSpec, Preset, Presets, Text } from './types.ts';

export const SERVICE_OPTIONS: Readonly<Record<string, Text>> = {
  exponential: { en: 'exponential (M)', ru: 'экспоненциальное (M)' },
  deterministic: { en: 'deterministic (D)', ru: 'детерминированное (D)' },
  uniform: { en: 'uniform', ru: 'равномерное' },
  erlang: { en: 'Erlang-k (Eₖ)', ru: 'Эрланга (Eₖ)' },
  gamma: { en: 'gamma', ru: 'гамма' },
  lognormal: { en: 'lognormal', ru: 'логнормальное' },
  hyperexponential: { en: 'hyperexponential (H₂)', ru: 'гиперэкспоненциальное (H₂)' },
  bimodal: { en: 'bimodal (fast or slow)', ru: 'бимодальное (быстро или медленно)' },
  pareto: { en: 'Pareto (heavy tail)', ru: 'Парето (тяжёлый хвост)' },
};

/** A mean for a distribution that had none: the middle of uniform's [min, max], or of bimodal's fast and slow. */
const meanFrom: readonly Preset[] = [{ from: ['old.min', 'old.max'] }, { from: ['old.fast', 'old.slow'] }];

/**
 * Values for a switch of distribution. A same-named field of the old one is kept first (the mean
 * survives most switches), so these fill what the old one did not have: shape parameters that are
 * typical (Erlang k = 2, gamma cv = 0.5, lognormal cv = 1, H₂ cv = 2, Pareto α = 2.5) and times
 * scaled from the old mean (uniform on [0, 2·mean] keeps the mean; bimodal 0.5·mean / 5·mean, 10 % slow).
 */
export const SERVICE_PRESETS: Readonly<Record<string, Presets>> = {
  exponential: { mean: meanFrom },
  deterministic: { mean: meanFrom },
  erlang: { mean: meanFrom, k: [{ value: 2 }] },
  gamma: { mean: meanFrom, cv: [{ value: 0.5 }] },
  lognormal: { mean: meanFrom, cv: [{ value: 1 }] },
  hyperexponential: { mean: meanFrom, cv: [{ value: 2 }] },
  pareto: { mean: meanFrom, alpha: [{ value: 2.5 }] },
  uniform: { min: [{ value: 0 }], max: [{ from: ['old.mean'], times: 2 }, { from: ['old.fast', 'old.slow'] }] },
  bimodal: {
    fast: [{ from: ['old.mean'], times: 0.5 }, { from: ['old.min'] }],
    slow: [{ from: ['old.mean'], times: 5 }, { from: ['old.max'] }],
    pSlow: [{ value: 0.1 }],
  },
};

interface Words {
  readonly label: Text;
  readonly hint: Text;
  readonly unit?: Text;
}

const PARAMS: Readonly<Record<string, Words & { step?: number; empty?: Text }>> = {
  k: { label: { en: 'Phases k', ru: 'Число фаз k' }, hint: { en: 'Erlang-k is k exponential phases in a row: cv = 1/√k', ru: 'Эрланг-k — k экспоненциальных фаз подряд: cv = 1/√k' } },
  cv: {
    label: { en: 'Coefficient of variation cv', ru: 'Коэффициент вариации cv' },
    hint: { en: 'σ / mean: 0 = constant, 1 = exponential, above 1 = bursty', ru: 'σ / среднее: 0 — постоянно, 1 — экспоненциально, больше 1 — пачками' },
    step: 0.1,
  },
  p99: {
    label: { en: '99th percentile', ru: '99-й перцентиль' },
    hint: { en: 'Instead of cv: the time 99 % of the work takes at most (leave cv empty)', ru: 'Вместо cv: время, в которое укладываются 99 % работ (cv оставьте пустым)' },
  },
  min: { label: { en: 'Shortest', ru: 'Минимум' }, hint: { en: 'Times are spread evenly between the shortest and the longest', ru: 'Времена равномерно распределены между минимумом и максимумом' } },
  max: { label: { en: 'Longest', ru: 'Максимум' }, hint: { en: 'At least the shortest', ru: 'Не меньше минимума' } },
  fast: { label: { en: 'Fast time', ru: 'Быстрое время' }, hint: { en: 'The usual case', ru: 'Обычный случай' } },
  slow: { label: { en: 'Slow time', ru: 'Медленное время' }, hint: { en: 'The rare slow case (at least the fast time)', ru: 'Редкий медленный случай (не меньше быстрого)' } },
  pSlow: { label: { en: 'Share of slow', ru: 'Доля медленных' }, hint: { en: 'Probability that one is slow, 0–1', ru: 'Вероятность медленного случая, 0–1' }, step: 0.01 },
  alpha: { label: { en: 'Tail index α', ru: 'Показатель хвоста α' }, hint: { en: 'Smaller = heavier tail; the variance is infinite for α ≤ 2', ru: 'Меньше — тяжелее хвост; при α ≤ 2 дисперсия бесконечна' }, step: 0.1 },
};

/**
 * The distribution control and every parameter of every distribution at `prefix` (`service`,
 * `groups.{i}.processing.time`). `config` prefixes the Kafka config names (`processing.time`).
 */
export function serviceFields(prefix: string, words: { type: Words; mean: Words & { step?: number } }, config?: string): FieldSpec[] {
  const cfg = (key: string) => (config ? { config: `${config}.${key}` } : {});
  return [
    { path: `${prefix}.type`, ...words.type, ...cfg('type'), options: SERVICE_OPTIONS, variants: SERVICE_PRESETS },
    { path: `${prefix}.mean`, ...words.mean, ...cfg('mean') },
    ...Object.entries(PARAMS).map(([key, w]): FieldSpec => ({ path: `${prefix}.${key}`, ...w, ...cfg(key) })),
  ];
}
