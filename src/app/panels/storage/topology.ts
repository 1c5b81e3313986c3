/**
 * The log strips as geometry: for each partition shown, its segments as [x, width] shares of the
 * widest partition (bytes, to scale, so a compacted log is visibly short), the reader's marker
 * within them, and the tombstones of each segment. Pure, tested without a DOM.
 */
import type { PartitionStrip, SegmentView } from '../../../run/models/storage/data.ts';

/** Partitions drawn at most (the rest are counted). */
export const MAX_ROWS = 12;

export interface SegmentBox {
  seg: SegmentView;
  /** Left edge and width, as shares of the strip's full width (0–1). */
  x: number;
  w: number;
}

export interface StripRow {
  strip: PartitionStrip;
  boxes: SegmentBox[];
  /** The reader's position as a share of the width, or null. */
  reader: number | null;
}

export function stripRows(parts: readonly PartitionStrip[]): { rows: StripRow[]; more: number } {
  const shown = parts.slice(0, MAX_ROWS);
  const widest = Math.max(1, ...shown.map((p) => p.segments.reduce((a, g) => a + Math.max(g.bytes, 1), 0)));
  const rows = shown.map((strip) => {
    let x = 0;
    const boxes = strip.segments.map((seg) => {
      const w = Math.max(seg.bytes, 1) / widest;
      const b = { seg, x, w };
      x += w;
      return b;
    });
    let reader: number | null = null;
    if (strip.readerAt !== null && boxes.length > 0) {
      const at = strip.readerAt;
      reader = x;
      for (let i = 0; i < boxes.length; i++) {
        const next = i + 1 < boxes.length ? boxes[i + 1].seg.base : strip.end;
        if (at < next) {
          const span = Math.max(1, next - boxes[i].seg.base);
          reader = boxes[i].x + boxes[i].w * Math.min(1, Math.max(0, (at - boxes[i].seg.base) / span));
          break;
        }
      }
    }
    return { strip, boxes, reader };
  });
  return { rows, more: Math.max(0, parts.length - MAX_ROWS) };
}
