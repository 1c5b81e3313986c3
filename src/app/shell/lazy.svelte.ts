/**
 * A part of the page that only a user's action shows (the settings panel, compare view, the
 * playlist maker, W vs ρ, interview mode), split into a chunk of its own and loaded the first time
 * `wanted()` turns true, so the first load carries only the first screen (the size budget in
 * test/e2e/kafka.spec.ts). Call during a component's initialisation: the load is an effect.
 * `value` is null until the chunk has arrived; a chunk that fails to load is reported by `error`.
 */
export function lazy<T>(load: () => Promise<T>, wanted: () => boolean): { readonly value: T | null; readonly error: unknown } {
  return lazyFor(() => true, load, wanted);
}

/**
 * {@link lazy} for something that depends on a key (a model's settings sections): loaded for the
 * current `key()` once `wanted()` is true, and again when the key changes (`value` is null
 * meanwhile, never the previous key's). A key of null loads nothing.
 */
export function lazyFor<K, T>(key: () => K | null, load: (key: K) => Promise<T>, wanted: () => boolean): { readonly value: T | null; readonly error: unknown } {
  let value = $state<T | null>(null);
  let error = $state<unknown>(null);
  let loadedFor: K | null = null;
  $effect(() => {
    const k = key();
    if (k === null || k === loadedFor || !wanted()) return;
    loadedFor = k;
    value = null;
    load(k).then(
      (v) => {
        if (loadedFor === k) value = v;
      },
      (e: unknown) => {
        if (loadedFor !== k) return;
        loadedFor = null; // a later open tries again (e.g. after the network came back)
        error = e;
      },
    );
  });
  return {
    get value() {
      return value;
    },
    get error() {
      return error;
    },
  };
}
