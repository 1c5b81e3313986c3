/**
 * Work the page puts off to a task of its own or to after the next painted frame, so that no single
 * task of the main thread does it all: applying a snapshot (shell/client.svelte.ts) and redrawing a
 * panel whose box changed size (`clientSize`).
 */
import { untrack } from 'svelte';
import type { Attachment } from 'svelte/attachments';

/** Runs `fn` in a task of its own, posted now (it usually runs before the next frame). */
export function nextTask(fn: () => void): void {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => {
    port1.close();
    fn();
  };
  port2.postMessage(null);
}

/**
 * Runs `fn` in a task after the next frame has been rendered (a requestAnimationFrame callback runs
 * before that frame's style, layout and paint; the task it posts, after them). A hidden page renders
 * no frames, so there (and should a frame never come) it runs after at most a second.
 */
export function afterNextFrame(fn: () => void): void {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    fn();
  };
  const fallback = setTimeout(run, document.hidden ? 0 : 1000);
  requestAnimationFrame(() => setTimeout(run, 0));
}

/**
 * Reports an element's clientWidth and clientHeight as `bind:clientWidth` and `bind:clientHeight`
 * do — once when attached, then whenever its box changes size — except that a change is passed on
 * in a task of its own instead of inside the frame that laid the box out. (A ResizeObserver
 * callback runs inside that frame, so a panel redrawn from it is laid out twice in one frame.) A
 * drawing is then a frame late after its box changes; in exchange the first snapshot of a run,
 * which grows the counters strip and so every panel below it, no longer redraws all the charts and
 * the topology inside the frame that draws the snapshot.
 */
export function clientSize(set: (width: number, height: number) => void): Attachment<HTMLElement> {
  return (node) => {
    untrack(() => set(node.clientWidth, node.clientHeight));
    /** The latest size seen, while a task to pass it on is posted. */
    let latest: [number, number] | null = null;
    const observer = new ResizeObserver(() => {
      const posted = latest !== null;
      // Read here, where layout is clean; the task might find it dirty again.
      latest = [node.clientWidth, node.clientHeight];
      if (posted) return;
      nextTask(() => {
        const [w, h] = latest!;
        latest = null;
        set(w, h);
      });
    });
    observer.observe(node, { box: 'border-box' });
    return () => observer.disconnect();
  };
}

/**
 * The snapshot client's pacing (shell/client.svelte.ts): the newest snapshot of the current
 * generation is applied in two steps — `charts` at once, `rest` in the next task — and the next one
 * waits until the frame after that has been painted. One that arrives meanwhile waits, and a newer
 * one replaces it; snapshots older than the newest seen (by `seq`) or of a stale generation (below
 * `minGen()`) are dropped. The last snapshot of a run is never lost: whatever waits is taken when
 * the frame before it is painted.
 */
export class SnapshotPacer<S extends { gen: number; seq: number }> {
  /** The newest snapshot not taken yet. */
  #pending: S | null = null;
  /** The last snapshot taken. */
  #taken: S | null = null;
  /** The last snapshot taken has been applied in full and painted (or none has been taken yet). */
  #painted = true;

  constructor(
    private readonly io: {
      minGen(): number;
      charts(s: S): void;
      rest(s: S): void;
      nextTask(fn: () => void): void;
      afterNextFrame(fn: () => void): void;
    },
  ) {}

  receive(s: S): void {
    if (s.gen < this.io.minGen()) return;
    const current = this.#pending ?? this.#taken;
    if (current && s.seq <= current.seq) return;
    this.#pending = s;
    // Otherwise it waits: the one before takes it once its frame is painted.
    if (this.#painted) this.#take();
  }

  /**
   * Applies the waiting snapshot (unless a load or reset made it stale meanwhile): its charts now,
   * the rest in the next task; the next snapshot once the frame after that is painted.
   */
  #take(): void {
    const s = this.#pending;
    this.#pending = null;
    if (!s || s.gen < this.io.minGen()) return;
    this.#painted = false;
    this.#taken = s;
    this.io.charts(s);
    this.io.nextTask(() => {
      if (s.gen >= this.io.minGen()) this.io.rest(s);
      this.io.afterNextFrame(() => {
        this.#painted = true;
        if (this.#pending) this.#take();
      });
    });
  }
}
