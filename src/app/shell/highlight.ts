/**
 * "What to watch" on the page: marks the elements a lesson bullet points at (by `data-testid`, see
 * src/content/targets.ts) so that CSS draws them highlighted (`[data-watch-hi]` in app.css). A
 * target inside a tool tab that is not open marks that tab's button instead: the page shows where
 * it is, and activating the bullet opens the tab.
 */
import { watchTarget } from '../../content/targets.ts';

export const HIGHLIGHT_ATTR = 'data-watch-hi';

/** The tool tabs (`tab-<id>` buttons) that must be open to see `targets` of `model`. */
export function tabsOf(model: string, targets: readonly string[]): string[] {
  return [...new Set(targets.map((id) => watchTarget(model, id)?.tab).filter((t): t is string => !!t))];
}

/** The elements showing `targets` of `model` now: the targets, or the buttons of the closed tabs they are in. */
export function resolveTargets(model: string, targets: readonly string[], openTool: string | null, root: ParentNode = document): Element[] {
  const out: Element[] = [];
  for (const id of targets) {
    const t = watchTarget(model, id);
    if (!t) continue;
    const testid = t.tab !== undefined && t.tab !== openTool ? `tab-${t.tab}` : id;
    out.push(...root.querySelectorAll(`[data-testid="${testid}"]`));
  }
  return out;
}

/** In compare view: the elements that show `targets` there (`alias`: the model's compare plan's map), both runs' where there are two. */
export function resolveAliased(targets: readonly string[], alias: Readonly<Record<string, readonly string[]>>, root: ParentNode = document): Element[] {
  return targets.flatMap((id) => (Object.hasOwn(alias, id) ? alias[id] : []).flatMap((testid) => [...root.querySelectorAll(`[data-testid="${testid}"]`)]));
}

/**
 * Marks `els`; returns a function that unmarks them. Marks are counted (the attribute's value), so
 * an element pointed at by the hovered and the focused item stays marked until both let go.
 */
export function mark(els: readonly Element[]): () => void {
  for (const el of els) el.setAttribute(HIGHLIGHT_ATTR, String(Number(el.getAttribute(HIGHLIGHT_ATTR) ?? 0) + 1));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const el of els) {
      const n = Number(el.getAttribute(HIGHLIGHT_ATTR) ?? 0) - 1;
      if (n > 0) el.setAttribute(HIGHLIGHT_ATTR, String(n));
      else el.removeAttribute(HIGHLIGHT_ATTR);
    }
  };
}

/** Scrolls the first of `els` that is not wholly in the viewport into view (the page fitting 1280×720 scrolls nothing). */
export function reveal(els: readonly Element[]): void {
  const h = window.innerHeight || document.documentElement.clientHeight;
  const w = window.innerWidth || document.documentElement.clientWidth;
  const off = els.find((el) => {
    const r = el.getBoundingClientRect();
    return r.top < 0 || r.left < 0 || r.bottom > h || r.right > w;
  });
  off?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}
