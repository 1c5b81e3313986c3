export { Welford } from './welford.ts';
export { BatchMeans } from './batch-means.ts';
export { TimeIntegral } from './time-integral.ts';
export { LogHistogram } from './histogram.ts';
export { DownsampledSeries } from './series.ts';
export { normalQuantile, tQuantile } from './quantiles.ts';
export { batchHalfWidth, CONFIDENCE, MIN_BATCHES, type Estimate } from './estimate.ts';
