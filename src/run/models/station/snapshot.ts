/** What the page shows of a station run: the CLI's summary and the number-in-system series. */
import type { StationSummary } from './summary.ts';

/** Number in system over simulated time: bucket start times, time-averages and maxima. */
export interface SeriesColumns {
  t: Float64Array;
  mean: Float64Array;
  max: Float64Array;
  /** Bucket width in simulated seconds (the last bucket ends at `summary.simTime`). */
  width: number;
}

export interface StationData {
  /** The same record the CLI prints (`npm run sim -- … --json --no-timing`). */
  summary: StationSummary;
  series: SeriesColumns;
}
