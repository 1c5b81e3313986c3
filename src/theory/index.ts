export {
  erlangC,
  littlesLaw,
  md1,
  mg1,
  mm1,
  mm1k,
  mm1ResponseFactor,
  mmc,
  mmck,
} from './queues.ts';
export type { FiniteQueueMetrics, MarkovQueueMetrics, QueueMetrics } from './queues.ts';
