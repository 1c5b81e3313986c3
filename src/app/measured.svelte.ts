/**
 * An element's measured size as reactive state: attach {@link MeasuredSize.attach} to the element
 * and read `width` and `height` (0 until it is laid out). Changes arrive as `clientSize` passes them
 * on — in a task of their own, not inside the frame that laid the box out (frames.ts).
 */
import { clientSize } from './frames.ts';

export class MeasuredSize {
  width = $state(0);
  height = $state(0);
  readonly attach = clientSize((w, h) => {
    this.width = w;
    this.height = h;
  });
}
