/** What a model's chart is as data (its panels' `charts.ts` build them; LineChart draws them). */
import type { Cols } from '../../charts/lineChart.ts';

/** One line of a chart: a series' columns, its legend, its colour. */
export interface ChartLine {
  cols: Cols;
  label: string;
  color: string;
  dash?: boolean;
  /** Treat 0 as "no sample" (percentiles of intervals without completions). */
  skipZero?: boolean;
}

/** A chart with its words: test id, title, y axis, caption under the plot, lines. */
export interface PanelChart {
  id: string;
  title: string;
  yLabel: string;
  caption: string;
  lines: ChartLine[];
}
