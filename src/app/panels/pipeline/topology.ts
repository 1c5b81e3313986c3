/**
 * The pipeline's topology as geometry: sources in the first column, each stage in the column of
 * its depth (one more than the deepest stage that sends to it), boxes stacked within a column,
 * and the edges between them — all in shares (0–100) of the panel's width and height, so the boxes
 * are placed with percentages and the edges drawn in an SVG of the same coordinates. Also the
 * fill of a buffer's bar. Pure, tested without a DOM.
 */
import type { PipelineTopology } from '../../../run/models/pipeline/data.ts';

export interface Box {
  /** Left, top, width, height, in per cent of the panel. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Edge {
  /** An SVG path in the panel's 0–100 coordinates, from the right middle of one box to the left middle of another. */
  d: string;
  /** Its end, where the arrowhead goes. */
  x: number;
  y: number;
  /** It passes over a column of stages (it is drawn over the boxes there, dashed). */
  skip: boolean;
}

export interface Layout {
  sources: Box[];
  stages: Box[];
  edges: Edge[];
}

/** Gaps between columns and between boxes, per cent; a source column is this share of a stage column. */
const COL_GAP = 4;
const ROW_GAP = 6;
const SOURCE_SHARE = 0.6;

export function layout(t: Pick<PipelineTopology, 'sources' | 'stages' | 'depth'>): Layout {
  const depth = t.stages.length > 0 ? Math.max(...t.depth) + 1 : 0;
  const units = SOURCE_SHARE + depth;
  const colW = (100 - COL_GAP * depth) / units;
  const left = (col: number): number => (col < 0 ? 0 : SOURCE_SHARE * colW + COL_GAP + col * (colW + COL_GAP));
  const stack = (n: number, i: number): { y: number; h: number } => {
    const h = (100 - ROW_GAP * (n - 1)) / n;
    return { y: i * (h + ROW_GAP), h };
  };
  const sources = t.sources.map((_, j) => ({ x: 0, w: SOURCE_SHARE * colW, ...stack(t.sources.length, j) }));
  const perCol = new Map<number, number[]>();
  t.stages.forEach((_, i) => perCol.set(t.depth[i], [...(perCol.get(t.depth[i]) ?? []), i]));
  const stages: Box[] = t.stages.map((_, i) => {
    const col = perCol.get(t.depth[i])!;
    return { x: left(t.depth[i]), w: colW, ...stack(col.length, col.indexOf(i)) };
  });
  const edge = (a: Box, b: Box, skip: boolean): Edge => {
    const x1 = a.x + a.w;
    const y1 = a.y + a.h / 2;
    const x2 = b.x;
    const y2 = b.y + b.h / 2;
    const mid = (x1 + x2) / 2;
    return { d: `M${r(x1)},${r(y1)} C${r(mid)},${r(y1)} ${r(mid)},${r(y2)} ${r(x2)},${r(y2)}`, x: x2, y: y2, skip };
  };
  const edges: Edge[] = [
    ...t.sources.map((src, j) => edge(sources[j], stages[src.to], t.depth[src.to] > 0)),
    ...t.stages.flatMap((st, i) => st.to.map((d) => edge(stages[i], stages[d], t.depth[d] - t.depth[i] > 1))),
  ];
  return { sources, stages, edges };
}

const r = (x: number): string => String(Math.round(x * 100) / 100);

/** Items a topic's bar is full at (log scale: 1, 10, 100 … are evenly spaced up to it). */
export const TOPIC_FULL = 100_000;

/** How full a buffer's bar is drawn, 0–1: a bounded buffer's share of its capacity; a topic's count on a log scale to {@link TOPIC_FULL}. */
export function fill(waiting: number, capacity: number | null): number {
  if (capacity !== null) return capacity > 0 ? Math.min(1, waiting / capacity) : waiting > 0 ? 1 : 0;
  return Math.min(1, Math.log10(1 + waiting) / Math.log10(1 + TOPIC_FULL));
}

/** Worker cells drawn at most per stage (the count says the rest). */
export const MAX_CELLS = 24;

/** One cell per worker (at most {@link MAX_CELLS}, scaled): busy, blocked, idle. */
export function cells(workers: number, busy: number, blocked: number): ('busy' | 'blocked' | 'idle')[] {
  const n = Math.min(workers, MAX_CELLS);
  const scale = workers > n ? n / workers : 1;
  const b = Math.round(busy * scale);
  const k = Math.round(blocked * scale);
  return Array.from({ length: n }, (_, i) => (i < b ? 'busy' : i < b + k ? 'blocked' : 'idle'));
}
