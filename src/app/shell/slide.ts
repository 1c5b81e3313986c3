/**
 * "Slide" and "run summary" exports of the page, loaded when first used: one 16:9 image of what is
 * on screen — the lesson's title and line, the counters, the charts of the main panel (the
 * topology, drawn in HTML, is left out) — with QueueLab's version, the scenario, its seed, the
 * simulated time and the share link at the foot; and the run's summary as JSON (the CLI's
 * `--json` record, under what it came from).
 */
import { version } from '../../../package.json';
import { download, esc, FONT, fileName, legendRows, sourceLine, styledCopy, svgToPng, type ExportMeta, type Legend } from '../charts/export.ts';

export const SLIDE_W = 1600;
export const SLIDE_H = 900;
/** Most charts a slide holds (three columns, two rows); more would be too small to read. */
export const SLIDE_CHARTS = 6;

interface Chart {
  title: string;
  legend: Legend[];
  svg: SVGSVGElement;
  /** What a <canvas> draws under the chart's axes (the lag heatmap), as an <image> in the SVG's coordinates. */
  canvas: string;
}

/** A chart's canvas (drawn beside its SVG, e.g. the heatmap's cells) as an SVG <image> placed where it is on screen. */
function canvasImage(sec: Element, svg: SVGSVGElement): string {
  const c = sec.querySelector('canvas');
  if (!c || c.width === 0 || c.height === 0) return '';
  const a = svg.getBoundingClientRect();
  const b = c.getBoundingClientRect();
  return `<image x="${b.left - a.left}" y="${b.top - a.top}" width="${b.width}" height="${b.height}" preserveAspectRatio="none" href="${c.toDataURL('image/png')}"/>`;
}

const text = (el: Element | null): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const visible = (el: Element): boolean => el.getClientRects().length > 0 && (el as HTMLElement).offsetParent !== null;
const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** `s` broken at spaces into lines of at most `n` characters, at most `max` lines (the last cut with "…" if need be). */
export function wrapLines(s: string, n: number, max: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const w of s.split(/\s+/).filter(Boolean)) {
    if (cur && `${cur} ${w}`.length > n) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  const out = lines.length <= max ? lines : [...lines.slice(0, max - 1), lines.slice(max - 1).join(' ')];
  return out.map((l) => clip(l, n));
}

/** The counters and charts on screen now, read from the page. */
function gather(root: Document): { counters: { label: string; value: string; note: string; bad: boolean }[]; charts: Chart[] } {
  const counters = [...root.querySelectorAll('[data-testid=counters] .cell')].filter(visible).map((c) => ({
    label: text(c.querySelector('.label')),
    value: text(c.querySelector('.value')),
    note: text(c.querySelector('.note')),
    bad: c.getAttribute('data-bad') === '1',
  }));
  const charts: Chart[] = [];
  for (const sec of root.querySelectorAll('.main .left section.chart')) {
    const svg = sec.querySelector<SVGSVGElement>('.plot svg');
    if (!svg || !visible(sec)) continue;
    const legend = [...sec.querySelectorAll('ul.legend li')].map((li) => {
      const sw = li.querySelector('.sw');
      // The line's name, then its last value (a <b> the page sets apart by its weight).
      const value = text(li.querySelector('b'));
      const name = [...li.childNodes].filter((n) => n.nodeName !== 'B').map((n) => n.textContent ?? '').join('').replace(/\s+/g, ' ').trim();
      return { label: value ? `${name} ${value}` : name, color: (sw && getComputedStyle(sw).getPropertyValue('--c').trim()) || '#3a4652', dash: !!sw?.classList.contains('dash') };
    });
    charts.push({ title: text(sec.querySelector('h3')), legend, svg, canvas: canvasImage(sec, svg) });
  }
  return { counters, charts };
}

/** The slide as an SVG document. */
export function slideSvg(root: Document, title: string, line: string, time: string, m: ExportMeta): { text: string; width: number; height: number; charts: number; counters: number } {
  const { counters, charts } = gather(root);
  const W = SLIDE_W;
  const H = SLIDE_H;
  const pad = 32;
  const parts: string[] = [`<rect width="100%" height="100%" fill="#ffffff"/>`];
  parts.push(`<text x="${pad}" y="56" ${FONT} font-size="34" font-weight="700" fill="#1b2733">${esc(clip(title, 80))}</text>`);
  if (line) parts.push(`<text x="${pad}" y="88" ${FONT} font-size="18" fill="#3a4652">${esc(clip(line, 140))}</text>`);
  // The counters: one row of boxes.
  let y = 108;
  if (counters.length > 0) {
    const n = counters.length;
    const gap = 8;
    const cw = (W - 2 * pad - gap * (n - 1)) / n;
    const inner = cw - 16;
    counters.forEach((c, i) => {
      const x = pad + i * (cw + gap);
      // The value whole, smaller where it is long (about 0.62 em a character of the bold digits); the note on up to two lines.
      const size = Math.max(12, Math.min(24, Math.floor(inner / (0.62 * Math.max(1, c.value.length)))));
      const note = wrapLines(c.note, Math.floor(inner / 6.2), 2);
      parts.push(
        `<rect x="${x}" y="${y}" width="${cw}" height="84" rx="6" fill="${c.bad ? '#fdecea' : '#f4f6f8'}" stroke="${c.bad ? '#d93025' : '#d5dbe1'}"/>` +
          `<text x="${x + 8}" y="${y + 20}" ${FONT} font-size="13" fill="#3a4652">${esc(clip(c.label, Math.floor(inner / 7)))}</text>` +
          `<text x="${x + 8}" y="${y + 48}" ${FONT} font-size="${size}" font-weight="700" fill="${c.bad ? '#b3261e' : '#1b2733'}">${esc(c.value)}</text>` +
          note.map((l, k) => `<text x="${x + 8}" y="${y + 65 + 13 * k}" ${FONT} font-size="11" fill="#5b6670">${esc(l)}</text>`).join(''),
      );
    });
    y += 104;
  }
  // The charts: up to three columns, two rows.
  const shown = charts.slice(0, SLIDE_CHARTS);
  if (shown.length > 0) {
    const cols = Math.min(3, shown.length <= 2 ? shown.length : shown.length === 4 ? 2 : 3);
    const rows = Math.ceil(shown.length / cols);
    const gap = 16;
    const areaH = H - 44 - y;
    const cw = (W - 2 * pad - gap * (cols - 1)) / cols;
    const ch = (areaH - gap * (rows - 1)) / rows;
    shown.forEach((c, i) => {
      const x = pad + (i % cols) * (cw + gap);
      const top = y + Math.floor(i / cols) * (ch + gap);
      const legend = legendRows(c.legend, x, top + 38, cw);
      const plotTop = legend.bottom + 8;
      const copy = styledCopy(c.svg);
      const w0 = c.svg.width.baseVal.value || c.svg.clientWidth;
      const h0 = c.svg.height.baseVal.value || c.svg.clientHeight;
      copy.setAttribute('x', String(x));
      copy.setAttribute('y', String(plotTop));
      copy.setAttribute('width', String(cw));
      copy.setAttribute('height', String(Math.max(40, top + ch - plotTop)));
      copy.setAttribute('viewBox', `0 0 ${w0} ${h0}`);
      copy.setAttribute('preserveAspectRatio', 'xMidYMid meet');
      parts.push(
        `<rect x="${x - 6}" y="${top}" width="${cw + 12}" height="${ch}" rx="6" fill="none" stroke="#e3e7eb"/>` +
          `<text x="${x}" y="${top + 20}" ${FONT} font-size="16" font-weight="700" fill="#1b2733">${esc(clip(c.title, Math.floor(cw / 9)))}</text>` +
          legend.svg +
          new XMLSerializer().serializeToString(copy).replace(/(<svg[^>]*>)/, `$1${c.canvas}`),
      );
    });
  }
  const foot = `QueueLab ${version} · ${m.scenario} · seed ${m.seed}${time ? ` · ${time}` : ''} · ${m.link}`;
  parts.push(`<text x="${pad}" y="${H - 16}" ${FONT} font-size="12" fill="#5b6670">${esc(clip(foot, 205))}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><desc>${esc(sourceLine(m))}</desc>${parts.join('')}</svg>`;
  return { text: svg, width: W, height: H, charts: shown.length, counters: counters.length };
}

/** Saves the slide as a PNG (1920 × 1080) or as SVG. */
export async function saveSlide(format: 'png' | 'svg', title: string, line: string, time: string, m: ExportMeta): Promise<void> {
  const s = slideSvg(document, title, line, time, m);
  if (format === 'svg') download(fileName(m, 'slide', 'svg'), s.text, 'image/svg+xml');
  else download(fileName(m, 'slide', 'png'), await svgToPng(s, 1920 / SLIDE_W));
}

/** Saves the run's summary — the record `npm run sim -- … --json` prints — under what it came from. */
export function saveSummary(summary: unknown, status: string, time: number | null, m: ExportMeta): void {
  const doc = { queuelab: version, scenario: m.scenario, title: m.title, seed: m.seed, link: m.link, status, t: time, summary };
  download(fileName(m, 'summary', 'json'), `${JSON.stringify(doc, null, 2)}\n`, 'application/json');
}
