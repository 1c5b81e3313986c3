/**
 * The keys of a WAI-ARIA tab list: ← and → move to the previous / next tab (round the ends), Home
 * and End to the first / last. Returns the id of the tab the focus goes to, or null when the key
 * is not one of those or comes with Ctrl, Alt or Meta. On a tab, Shift+→ moves like → (it is not
 * the page's "next log line" there either).
 */
export function rovingTarget(e: KeyboardEvent, ids: readonly string[], current: string | null): string | null {
  if (e.altKey || e.ctrlKey || e.metaKey || ids.length === 0) return null;
  const i = current === null ? -1 : ids.indexOf(current);
  switch (e.key) {
    case 'ArrowRight':
      return ids[(i + 1) % ids.length];
    case 'ArrowLeft':
      return ids[(i - 1 + ids.length) % ids.length];
    case 'Home':
      return ids[0];
    case 'End':
      return ids[ids.length - 1];
    default:
      return null;
  }
}
