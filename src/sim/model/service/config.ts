/**
 * The dependency model's configuration, in the model's own types (src/sim does not import
 * src/scenario; the registry entry maps the validated scenario onto this field for field).
 */
import type { DistributionSpec } from '../../kernel/distributions.ts';
import type { RateStepSpec } from '../kafka/rate-profile.ts';

export interface ClientsConfig {
  rate: number;
  arrivals: 'poisson' | 'constant';
  profile: RateStepSpec[];
  timeout: number;
  retries: number;
  backoff: 'none' | 'exponential';
  'backoff.base': number;
  'backoff.cap': number;
  jitter: 'none' | 'full' | 'equal';
  budget: { enabled: boolean; percentCanRetry: number; minRetriesPerSec: number; ttl: number };
}

export interface BreakerConfig {
  enabled: boolean;
  failureRateThreshold: number;
  slidingWindowSize: number;
  minimumNumberOfCalls: number;
  waitDurationInOpenState: number;
  permittedNumberOfCallsInHalfOpenState: number;
}

export interface DependencyConfig {
  concurrency: number;
  queueLimit: number;
  time: DistributionSpec;
  contention: number;
  deadline: number | null;
}

export type ServiceFault =
  | { at: number; kind: 'outage'; duration: number }
  | { at: number; kind: 'slowdown'; factor: number; duration: number }
  | { at: number; kind: 'load-spike'; factor: number; duration: number };

export interface ServiceConfig {
  horizon: number;
  warmup: number;
  clients: ClientsConfig;
  breaker: BreakerConfig;
  service: DependencyConfig;
  faults: ServiceFault[];
}
