/**
 * The pending-event set: a binary min-heap whose entries hold their sort keys inline (time and a
 * packed priority/sequence number in typed arrays), pointing to pooled event slots that hold the
 * payload. The hot path (push, pop) allocates nothing and compares keys without indirection.
 *
 * Total order: events are ordered by (time, priority, sequence). `sequence` is a counter bumped on
 * every push, so two events at the same time and priority run in the order they were scheduled —
 * every run, on every engine. Lower priority values run first. The heap never relies on stability.
 *
 * Priority and sequence are packed into one exact double `ord = (priority + 2^7)·2^45 + sequence`
 * (priorities in [−128, 127], up to 2^45 ≈ 3.5·10^13 events per run), so comparing two events is
 * at most two double comparisons.
 *
 * Next to the heap sits a short sorted run (the "front"): an event that sorts before every pending
 * one — typically an event scheduled with delay 0, or the next arrival of a small model — is
 * appended there in O(1) instead of sifting up to the root, and popped in O(1) instead of sifting
 * down from it; later events at the same instant that sort after the front's tail (same time,
 * higher sequence) join it too. The front is sorted by (time, ord) and every pop takes the smaller
 * of its head and the heap's top, so the order is exactly the heap's alone.
 *
 * Cancellation is lazy: a cancelled slot stays where it is, marked, and is discarded when it
 * reaches the top; when more than half of the heap is dead it is rebuilt. Moving an event later
 * ({@link EventQueue.moveLater}) is lazy the same way: the entry keeps its old place and carries
 * its new key, and is sifted in again under that key when it reaches the top (or at a rebuild).
 * A later key can only make it sort later, so it is never taken before its new place: the order is
 * the same as cancelling it and pushing it anew, without a dead entry for every move. Handles carry a
 * generation number so a stale handle (for an event that already ran) cannot cancel a newer one;
 * a handle is slot·2^16 + generation, a small integer (no boxed double) below 32,768 slots.
 */

const PRIO_BIAS = 128;
const ORD_SCALE = 2 ** 45;
const SLOT_LIMIT = 2 ** 24; // at most 16,777,216 pending events
const GEN = 65536; // generations per slot (16 bits)
export const MIN_PRIORITY = -128;
export const MAX_PRIORITY = 127;

/** Opaque handle of a scheduled event, for {@link EventQueue.cancel}. */
export type EventHandle = number;

function grown<T extends Float64Array | Int32Array | Uint16Array | Uint8Array>(a: T, cap: number): T {
  const b = new (a.constructor as new (n: number) => T)(cap);
  b.set(a);
  return b;
}

export class EventQueue {
  /** Heap entries: key and slot. */
  private hTime: Float64Array;
  private hOrd: Float64Array;
  private hSlot: Int32Array;
  size = 0;
  /** The front: a sorted run of events at one time `fTime`, entries [fHead, fTail). */
  private fOrd: Float64Array;
  private fSlot: Int32Array;
  private fHead = 0;
  private fTail = 0;
  private fTime = 0;
  private fDead = 0;
  /** Time of the event the last {@link peekSlot} returned, and whether it is the front's head. */
  topTime = 0;
  private topFront = false;
  /** Slot payloads. */
  kind: Int32Array;
  arg: Int32Array;
  private gen: Uint16Array;
  /** 0 live, 1 cancelled; bit 2 set while the slot sits in the front; 4 live, moved later (its new key in mTime, mOrd). */
  private dead: Uint8Array;
  private mTime: Float64Array;
  private mOrd: Float64Array;
  private freeList: Int32Array;
  private freeTop = 0;
  private capacity: number;
  private nextSlot = 0;
  private seq = 0;
  private deadCount = 0;

  constructor(initialCapacity = 1024) {
    this.capacity = initialCapacity;
    this.hTime = new Float64Array(initialCapacity);
    this.hOrd = new Float64Array(initialCapacity);
    this.hSlot = new Int32Array(initialCapacity);
    this.fOrd = new Float64Array(initialCapacity);
    this.fSlot = new Int32Array(initialCapacity);
    this.kind = new Int32Array(initialCapacity);
    this.arg = new Int32Array(initialCapacity);
    this.gen = new Uint16Array(initialCapacity);
    this.dead = new Uint8Array(initialCapacity);
    this.mTime = new Float64Array(initialCapacity);
    this.mOrd = new Float64Array(initialCapacity);
    this.freeList = new Int32Array(initialCapacity);
  }

  /** Number of live (not cancelled) pending events. */
  get pending(): number {
    return this.size - this.deadCount + (this.fTail - this.fHead) - this.fDead;
  }

  private grow(): void {
    const cap = this.capacity * 2;
    if (cap > SLOT_LIMIT) throw new RangeError(`more than ${SLOT_LIMIT} pending events`);
    this.hTime = grown(this.hTime, cap);
    this.hOrd = grown(this.hOrd, cap);
    this.hSlot = grown(this.hSlot, cap);
    this.fOrd = grown(this.fOrd, cap);
    this.fSlot = grown(this.fSlot, cap);
    this.kind = grown(this.kind, cap);
    this.arg = grown(this.arg, cap);
    this.gen = grown(this.gen, cap);
    this.dead = grown(this.dead, cap);
    this.mTime = grown(this.mTime, cap);
    this.mOrd = grown(this.mOrd, cap);
    this.freeList = grown(this.freeList, cap);
    this.capacity = cap;
  }

  /** Inserts an event; returns its handle. `t` must be a finite number (the caller checks the clock). */
  push(t: number, kind: number, arg: number, priority: number): EventHandle {
    // Kept under V8's inlining limit (460 bytes of bytecode): the rare and the longer paths are calls.
    const slot = this.freeTop > 0 ? this.freeList[--this.freeTop] : this.newSlot();
    const ord = (priority + PRIO_BIAS) * ORD_SCALE + this.seq++;
    this.kind[slot] = kind;
    this.arg[slot] = arg;
    const fTail = this.fTail;
    if (fTail > this.fHead ? t === this.fTime && ord > this.fOrd[fTail - 1] : this.size === 0 || t < this.hTime[0] || (t === this.hTime[0] && ord < this.hOrd[0])) {
      this.toFront(t, ord, slot);
    } else this.siftUp(this.size++, t, ord, slot);
    return slot * GEN + this.gen[slot];
  }

  /**
   * Takes the sequence number the next push would take, without pushing: the place in the order
   * of an event at priority 0 that may be inserted later with {@link pushReserved}, or never.
   */
  reserve(): number {
    return PRIO_BIAS * ORD_SCALE + this.seq++;
  }

  /**
   * Inserts an event at a place in the order taken earlier ({@link reserve}); returns its handle.
   * Rare (a timer that turned out to be needed), so it goes through the heap: the front only takes
   * events in sequence order.
   */
  pushReserved(t: number, kind: number, arg: number, ord: number): EventHandle {
    const slot = this.freeTop > 0 ? this.freeList[--this.freeTop] : this.newSlot();
    this.kind[slot] = kind;
    this.arg[slot] = arg;
    this.siftUp(this.size++, t, ord, slot);
    return slot * GEN + this.gen[slot];
  }

  private newSlot(): number {
    if (this.nextSlot === this.capacity) this.grow();
    return this.nextSlot++;
  }

  /** Appends to the front an event that sorts after its tail (or before everything, the front being empty). */
  private toFront(t: number, ord: number, slot: number): void {
    if (this.fTail === this.fHead) {
      this.fHead = 0;
      this.fTail = 0;
      this.fTime = t;
    }
    this.fOrd[this.fTail] = ord;
    this.fSlot[this.fTail++] = slot;
    this.dead[slot] = 2;
  }

  /** Sifts a new entry up from the hole at `i`. */
  private siftUp(i: number, t: number, ord: number, slot: number): void {
    const hTime = this.hTime;
    const hOrd = this.hOrd;
    const hSlot = this.hSlot;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = hTime[p];
      if (pt < t || (pt === t && hOrd[p] < ord)) break;
      hTime[i] = pt;
      hOrd[i] = hOrd[p];
      hSlot[i] = hSlot[p];
      i = p;
    }
    hTime[i] = t;
    hOrd[i] = ord;
    hSlot[i] = slot;
  }

  /**
   * Slot of the earliest live event without removing it, or −1 when empty; its time is
   * {@link topTime}. Cancelled events met on the way are discarded.
   */
  peekSlot(): number {
    for (;;) {
      const n = this.size;
      if (this.fTail > this.fHead) {
        const ft = this.fTime;
        if (n === 0 || ft < this.hTime[0] || (ft === this.hTime[0] && this.fOrd[this.fHead] < this.hOrd[0])) {
          const s = this.fSlot[this.fHead];
          if (this.dead[s] === 2) {
            this.topTime = ft;
            this.topFront = true;
            return s;
          }
          this.dropFront(s);
          this.fDead--;
          continue;
        }
      }
      if (n === 0) return -1;
      const s = this.hSlot[0];
      if (this.dead[s] === 0) {
        this.topTime = this.hTime[0];
        this.topFront = false;
        return s;
      }
      if (this.dead[s] === 4) this.resurface(s);
      else {
        this.dropHeapTop(s);
        this.deadCount--;
      }
    }
  }

  /** The top entry was moved later ({@link moveLater}): sifts it in again under its new key. */
  private resurface(s: number): void {
    if (!(this.mTime[s] > this.hTime[0] || (this.mTime[s] === this.hTime[0] && this.mOrd[s] > this.hOrd[0]))) {
      throw new Error('event queue: an event was moved earlier than its place');
    }
    const n = --this.size;
    if (n > 0) this.siftDown(0, this.hTime[n], this.hOrd[n], this.hSlot[n], n);
    this.dead[s] = 0;
    this.siftUp(this.size++, this.mTime[s], this.mOrd[s], s);
  }

  /**
   * Removes the earliest live event and returns its slot (read `kind/arg[slot]` before the next
   * push: the slot is recycled), or −1 when empty.
   */
  popSlot(): number {
    const s = this.peekSlot();
    if (s >= 0) this.dropTop(s);
    return s;
  }

  /** Removes the top entry, whose slot `s` the preceding {@link peekSlot} returned. */
  dropTop(s: number): void {
    if (this.topFront) this.dropFront(s);
    else this.dropHeapTop(s);
  }

  private dropFront(s: number): void {
    if (++this.fHead === this.fTail) {
      this.fHead = 0;
      this.fTail = 0;
    }
    this.release(s);
  }

  private dropHeapTop(s: number): void {
    const n = --this.size;
    if (n > 0) this.siftDown(0, this.hTime[n], this.hOrd[n], this.hSlot[n], n);
    this.release(s);
  }

  private release(slot: number): void {
    this.gen[slot] = (this.gen[slot] + 1) & 0xffff;
    this.dead[slot] = 0;
    this.freeList[this.freeTop++] = slot;
  }

  private siftDown(start: number, t: number, o: number, slot: number, n: number): void {
    const hTime = this.hTime;
    const hOrd = this.hOrd;
    const hSlot = this.hSlot;
    let i = start;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let ct = hTime[c];
      if (c + 1 < n) {
        const rt = hTime[c + 1];
        if (rt < ct || (rt === ct && hOrd[c + 1] < hOrd[c])) {
          c++;
          ct = rt;
        }
      }
      if (t < ct || (t === ct && o < hOrd[c])) break;
      hTime[i] = ct;
      hOrd[i] = hOrd[c];
      hSlot[i] = hSlot[c];
      i = c;
    }
    hTime[i] = t;
    hOrd[i] = o;
    hSlot[i] = slot;
  }

  /**
   * Moves the pending heap event `handle`, which is `kind(arg)` at priority 0, to time `t` and the
   * place in the order a push at priority 0 would take now (it takes that sequence number). The
   * new key must sort after the current one: `t` at or after its time (a priority-0 event pushed
   * now sorts after every one pushed before at the same time). Lazy (see the class comment): O(1).
   * Returns false, doing nothing, when the handle is not pending in the heap (it ran, was
   * cancelled, or sits in the front) or is another event; the caller then cancels and pushes. An
   * earlier `t` throws when the entry reaches the top.
   */
  moveLater(handle: EventHandle, t: number, kind: number, arg: number): boolean {
    const slot = this.slotOf(handle);
    if (slot < 0 || (this.dead[slot] !== 0 && this.dead[slot] !== 4) || this.kind[slot] !== kind || this.arg[slot] !== arg) return false;
    this.mTime[slot] = t;
    this.mOrd[slot] = this.reserve();
    this.dead[slot] = 4;
    return true;
  }

  /**
   * The slot of a handle whose event is still in the queue (live or cancelled), or −1 for a handle
   * that is no handle or whose event ran: a released slot has had its generation bumped, so a
   * matching generation means the event has not run.
   */
  private slotOf(handle: EventHandle): number {
    const gen = handle % GEN;
    const slot = (handle - gen) / GEN;
    return slot >= 0 && slot < this.nextSlot && this.gen[slot] === gen ? slot : -1;
  }

  /** Cancels a pending event. Returns false if it already ran or was cancelled. */
  cancel(handle: EventHandle): boolean {
    const slot = this.slotOf(handle);
    if (slot < 0 || (this.dead[slot] & 1) === 1) return false;
    if (this.dead[slot] === 2) {
      this.dead[slot] = 3;
      this.fDead++;
      return true;
    }
    this.dead[slot] = 1;
    this.deadCount++;
    if (this.deadCount > 64 && this.deadCount * 2 > this.size) this.compact();
    return true;
  }

  /** Drops dead entries of the heap and re-heapifies (Floyd), O(n). */
  private compact(): void {
    const { hTime, hOrd, hSlot } = this;
    let n = 0;
    for (let i = 0; i < this.size; i++) {
      const s = hSlot[i];
      if (this.dead[s] === 1) this.release(s);
      else {
        // A moved entry takes its new key here: the rebuild orders by the keys as they are now.
        const moved = this.dead[s] === 4;
        hTime[n] = moved ? this.mTime[s] : hTime[i];
        hOrd[n] = moved ? this.mOrd[s] : hOrd[i];
        this.dead[s] = 0;
        hSlot[n] = s;
        n++;
      }
    }
    this.size = n;
    this.deadCount = 0;
    for (let i = (n >> 1) - 1; i >= 0; i--) this.siftDown(i, hTime[i], hOrd[i], hSlot[i], n);
  }
}
