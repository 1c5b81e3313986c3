/**
 * A key string back to its index in a producer's key space (keys.ts), for following the records of
 * a key (trace.ts). No model code: the page checks a key with it before asking for a replay.
 */
import type { KeySpec } from './keys.ts';

/**
 * The index of `key` among the keys a generator of `spec` draws, or −1: `${prefix}${i}` for
 * uniform and zipf keys (i written as `String(i)` writes it), the value's place for coarse keys.
 */
export function keyIndexOf(spec: KeySpec, key: string): number {
  switch (spec.kind) {
    case 'none':
      return -1;
    case 'coarse':
      return spec.values.indexOf(key);
    default: {
      const prefix = spec.prefix ?? 'key-';
      if (!key.startsWith(prefix)) return -1;
      const digits = key.slice(prefix.length);
      if (!/^(0|[1-9][0-9]{0,7})$/.test(digits)) return -1;
      const i = Number(digits);
      return i < spec.count ? i : -1;
    }
  }
}
