export { Simulation, NoProgressError, MAX_EVENTS_WITHOUT_PROGRESS, type Handler, type EventHandle } from './simulation.ts';
export { EventQueue, MIN_PRIORITY, MAX_PRIORITY } from './event-queue.ts';
export { Rng, RngStreams, fnv1a } from './rng.ts';
export { makeDistribution, lognormalSigmaFromP99, type Distribution, type DistributionSpec, type DistributionType } from './distributions.ts';
