/**
 * Checks that involve several fields and that more than one model's scenarios share (service
 * times, rate profiles, producers, the volume of a run); `validate.ts`, `queue-validate.ts` and
 * `cluster-validate.ts` combine them with each model's own.
 */
import { exp } from '../sim/kernel/pmath.ts';
import { MAX_EXPECTED_ARRIVALS, type StationScenario } from './schema.ts';
import type { ClusterScenario, KafkaScenario, QueueScenario, StorageScenario } from './schema.ts';

export interface ScenarioError {
  /** Dotted path of the field, e.g. `arrival.rate` or `arrival.profile.2.at`; '' for the whole. */
  path: string;
  message: string;
  /** The offending value, when there is one. */
  value?: unknown;
}


export type ServiceSpec = StationScenario['service'];

export function serviceErrors(svc: ServiceSpec, path: string): ScenarioError[] {
  const errors: ScenarioError[] = [];
  if (svc.type === 'uniform' && svc.max < svc.min) {
    errors.push({ path: `${path}.max`, message: `must be ≥ ${path}.min (${svc.min})`, value: svc.max });
  }
  if (svc.type === 'bimodal' && svc.slow < svc.fast) {
    errors.push({ path: `${path}.slow`, message: `must be ≥ ${path}.fast (${svc.fast})`, value: svc.slow });
  }
  if (svc.type === 'lognormal') {
    if ((svc.cv === undefined) === (svc.p99 === undefined)) {
      errors.push({ path, message: 'lognormal takes exactly one of cv or p99' });
    } else if (svc.p99 !== undefined) {
      const maxRatio = exp((2.3263478740408408 * 2.3263478740408408) / 2);
      if (!(svc.p99 > svc.mean && svc.p99 <= maxRatio * svc.mean)) {
        errors.push({ path: `${path}.p99`, message: `must be in (mean, ${maxRatio.toFixed(2)}·mean] = (${svc.mean}, ${(maxRatio * svc.mean).toPrecision(4)}] s for a lognormal`, value: svc.p99 });
      }
    }
  }
  return errors;
}

export function increasingAt(steps: readonly { at: number }[], path: string): ScenarioError[] {
  const errors: ScenarioError[] = [];
  let prev = -Infinity;
  steps.forEach((step, i) => {
    if (step.at <= prev) errors.push({ path: `${path}.${i}.at`, message: `must be greater than the previous step's at (${prev} s)`, value: step.at });
    prev = step.at;
  });
  return errors;
}

export function volumeError(peakRate: number, duration: number): ScenarioError[] {
  if (peakRate * duration <= MAX_EXPECTED_ARRIVALS) return [];
  return [
    {
      path: 'duration',
      message: `with a peak arrival rate of ${peakRate}/s must be at most ${Math.floor(MAX_EXPECTED_ARRIVALS / peakRate)} s (at most ${MAX_EXPECTED_ARRIVALS.toLocaleString('en-US')} expected arrivals per run)`,
      value: duration,
    },
  ];
}


type AnyProducer = KafkaScenario['producers'][number] | QueueScenario['producers'][number] | ClusterScenario['producers'][number] | StorageScenario['producer'];

/** Each producer's profile, keys and bursts, and the run's volume at the producers' summed peak rate. */
export function producerErrors(producers: readonly AnyProducer[], duration: number): ScenarioError[] {
  const errors: ScenarioError[] = [];
  let peak = 0;
  producers.forEach((p, i) => {
    errors.push(...increasingAt(p.profile, `producers.${i}.profile`));
    const base = Math.max(p.rate, ...p.profile.map((x) => x.rate));
    peak += base * (p.bursts ? Math.max(1, p.bursts.factor) : 1) * (p.daily ? 1 + p.daily.amplitude : 1);
    if (p.keys.kind === 'coarse' && p.keys.weights && p.keys.weights.length !== p.keys.values.length) {
      errors.push({ path: `producers.${i}.keys.weights`, message: `must have one weight per value (${p.keys.values.length})`, value: p.keys.weights.length });
    }
    if (p.keys.kind === 'coarse' && new Set(p.keys.values).size !== p.keys.values.length) {
      errors.push({ path: `producers.${i}.keys.values`, message: 'must not repeat a value' });
    }
    if (p.bursts && p.bursts.duration > p.bursts.every) {
      errors.push({ path: `producers.${i}.bursts.duration`, message: `must be at most bursts.every (${p.bursts.every} s)`, value: p.bursts.duration });
    }
  });
  errors.push(...volumeError(peak, duration));
  return errors;
}

/** Producer names must be unique (faults name them). */
export function producerNameErrors(producers: readonly AnyProducer[]): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const names = new Set<string>();
  producers.forEach((p, i) => {
    if (names.has(p.name)) errors.push({ path: `producers.${i}.name`, message: 'must be unique (faults name producers)', value: p.name });
    names.add(p.name);
  });
  return errors;
}

/** A producer fault's target: a producer's name or "*". */
export function producerTargetError(target: string, names: ReadonlySet<string>, i: number): ScenarioError[] {
  if (target === '*' || names.has(target)) return [];
  return [{ path: `faults.${i}.target`, message: `must be a producer name: one of ${[...names].join(', ')}, or "*" for all`, value: target }];
}

/**
 * Faults that name consumers `<owner>-<n>`: `counts` holds each owner's consumers at the start;
 * add-consumer faults (in time order) raise n, up to `max` per owner over a run. Returns the errors
 * and, per owner, the count at the end.
 */
export function consumerCountErrors(faults: readonly { at: number; kind: string; target?: string; count?: number }[], counts: Map<string, number>, max: number, what: string, countName: string): ScenarioError[] {
  const errors: ScenarioError[] = [];
  for (const [f, i] of faults.map((f, i) => [f, i] as const).sort(([a], [b]) => a.at - b.at)) {
    if (f.kind !== 'add-consumer' || f.target === undefined || !counts.has(f.target)) continue;
    const before = counts.get(f.target)!;
    const n = f.count ?? 1;
    if (before <= max && before + n > max) {
      const msg = `would bring ${what} ${f.target} to ${before + n} consumers: a ${what} has at most ${max} over a run (${countName} plus added), so at most ${max - before} here`;
      errors.push({ path: `faults.${i}.count`, message: msg, value: n });
    }
    counts.set(f.target, before + n);
  }
  return errors;
}

/** A fault's consumer target `<owner>-<n>` must exist (n between 1 and the owner's count over the run). */
export function consumerTargetError(target: string, counts: ReadonlyMap<string, number>, i: number): ScenarioError[] {
  const m = /^(.+)-(\d+)$/.exec(target);
  const n = m ? counts.get(m[1]) : undefined;
  if (m && n !== undefined && Number(m[2]) >= 1 && Number(m[2]) <= n) return [];
  const names = [...counts].filter(([, k]) => k > 0).map(([g, k]) => (k === 1 ? `${g}-1` : `${g}-1 … ${g}-${k}`));
  return [{ path: `faults.${i}.target`, message: `must name a consumer: ${names.join(', ') || '(no consumers)'}`, value: target }];
}
