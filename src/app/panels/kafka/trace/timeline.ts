/**
 * The layout of one consumer group's lane of a traced record: its events as markers one step
 * apart along a line — whatever the time between them, from microseconds to minutes — with each
 * event's stage name, above and below the line in turn, and the wait between two events written on
 * the segment that joins them. Pure: Trace.svelte draws what this returns.
 */
import type { TraceEvent, TraceEventKind } from '../../../../sim/model/kafka/trace.ts';

/** What a marker's colour says. */
export type TraceTone = 'topic' | 'delivery' | 'ok' | 'fail' | 'retry' | 'dlq' | 'commit';

export const TONE: Record<TraceEventKind, TraceTone> = {
  produced: 'topic',
  appended: 'topic',
  deleted: 'topic',
  fetched: 'delivery',
  start: 'delivery',
  applied: 'ok',
  duplicate: 'retry',
  failed: 'fail',
  'poll-threw': 'fail',
  crashed: 'fail',
  released: 'retry',
  'retry-topic': 'retry',
  'retry-pick': 'retry',
  dlq: 'dlq',
  lost: 'fail',
  skipped: 'fail',
  committed: 'commit',
  uncommitted: 'retry',
};

export const STEP = 74;
export const LANE_H = 74;
export const AXIS_Y = 38;
const PAD_L = 46;
const PAD_R = 56;

export interface Marker {
  x: number;
  event: TraceEvent;
  tone: TraceTone;
  label: string;
  /** Baseline of the stage name: above the line for even markers, below for odd ones. */
  labelY: number;
}

export interface WaitLabel {
  x: number;
  text: string;
  /** Width of its background, px (estimated from the text). */
  w: number;
}

export interface LaneLayout {
  width: number;
  markers: Marker[];
  waits: WaitLabel[];
}

/** A stage name's width in px, estimated (about 6.3 px a character of the 11 px text). */
export const labelWidth = (label: string): number => label.length * 6.3;

/** `labels[i]` and `gaps[i]` (the wait before event i, null for none) come with `events`. */
export function laneLayout(events: readonly TraceEvent[], labels: readonly string[], gaps: readonly (string | null)[]): LaneLayout {
  const markers = events.map((event, i) => ({ x: PAD_L + i * STEP, event, tone: TONE[event.kind], label: labels[i], labelY: i % 2 === 0 ? AXIS_Y - 13 : AXIS_Y + 24 }));
  const waits: WaitLabel[] = [];
  for (let i = 1; i < events.length; i++) {
    const text = gaps[i];
    if (text) waits.push({ x: PAD_L + (i - 0.5) * STEP, text, w: text.length * 5.6 + 6 });
  }
  // Wide enough for the last stage names too, centred on their markers ("poll() threw ×239,963").
  const right = markers.reduce((r, m) => Math.max(r, m.x + labelWidth(m.label) / 2 + 4), 0);
  return { width: Math.max(PAD_L + Math.max(0, events.length - 1) * STEP + PAD_R, Math.ceil(right)), markers, waits };
}
