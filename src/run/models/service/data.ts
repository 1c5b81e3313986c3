/** What the page receives of a dependency-model run (built in the worker by snapshot.ts). */
import type { LogEntry } from '../../../sim/model/kafka/event-log.ts';
import type { ServiceSeriesName } from '../../../sim/model/service/service-model.ts';
import type { SeriesCols } from '../kafka/snapshot.ts';
import type { ServiceSummary } from './summary.ts';

export type { ServiceSummary };

/** The topology's numbers now: clients → [retry/backoff, breaker] → queue → servers. */
export interface ServiceTopology {
  /** First attempts per second the clients make now (load spikes included). */
  rate: number;
  /** Calls waiting for an attempt's answer, and in backoff before their next attempt. */
  waiting: number;
  backoff: number;
  breaker: { enabled: boolean; state: 'closed' | 'half-open' | 'open'; failureRate: number | null };
  budget: { requests: number; retries: number; allowed: number } | null;
  queued: number;
  abandonedQueued: number;
  queueLimit: number;
  concurrency: number;
  inService: number;
  abandonedInService: number;
  outage: boolean;
}

export interface ServiceData {
  simTime: number;
  events: number;
  summary: ServiceSummary;
  topology: ServiceTopology;
  series: Record<ServiceSeriesName, SeriesCols>;
  log: LogEntry[];
  logCount: number;
}
