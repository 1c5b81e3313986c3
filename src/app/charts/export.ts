/**
 * Exports of a chart: its series as CSV, its drawing as SVG or PNG — each carrying where it came
 * from (QueueLab's version, the scenario, its seed and the share link that replays the run), so a
 * number on a slide can be traced back to the run that made it.
 */
import { version } from '../../../package.json';
import type { Cols } from './lineChart.ts';

import type { ExportMeta } from './export-meta.ts';
export { EXPORT_META, type ExportMeta } from './export-meta.ts';

/** The source line every export carries. */
export function sourceLine(m: ExportMeta): string {
  return `QueueLab ${version} · scenario ${m.scenario} · seed ${m.seed} · ${m.link}`;
}

const csvCell = (s: string): string => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
/** A number to 12 significant digits: a mean of samples is written 117, not 116.99999999999999. */
export const csvNumber = (x: number): string => (Number.isFinite(x) ? String(Number(x.toPrecision(12))) : String(x));

/** The chart's series in long form (series, t, value), after two `#` lines saying what and whence. */
export function seriesCsv(chart: string, lines: readonly { label: string; cols: Cols }[], m: ExportMeta): string {
  const rows = [`# ${chart.replace(/[\r\n]+/g, ' ')} — ${m.title.replace(/[\r\n]+/g, ' ')}`, `# ${sourceLine(m)}`, 'series,t_s,value'];
  for (const l of lines) {
    const n = Math.min(l.cols.t.length, l.cols.mean.length);
    for (let i = 0; i < n; i++) rows.push(`${csvCell(l.label)},${csvNumber(l.cols.t[i])},${csvNumber(l.cols.mean[i])}`);
  }
  return `${rows.join('\n')}\n`;
}

/** Presentation properties copied onto each element, so the file looks as the page does without its stylesheet. */
const PROPS = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-linejoin', 'opacity', 'font-size', 'font-family', 'font-weight'] as const;

/**
 * A standalone SVG of `svg` with the chart's title and legend above and the source below (the
 * styles the page applies by class are written onto each element; the full link is in <desc>).
 */
export function standaloneSvg(svg: SVGSVGElement, title: string, legend: readonly Legend[], m: ExportMeta): { text: string; width: number; height: number } {
  const w = Math.max(svg.width.baseVal.value || svg.clientWidth, 320);
  const h = svg.height.baseVal.value || svg.clientHeight;
  const copy = styledCopy(svg);
  const { svg: rows, bottom: y } = legendRows(legend, 8, 34, w - 8);
  const top = legend.length ? y + 8 : 24;
  const bottom = 18;
  copy.setAttribute('x', '0');
  copy.setAttribute('y', String(top));
  const inner = new XMLSerializer().serializeToString(copy);
  const H = h + top + bottom;
  const footer = `QueueLab ${version} · ${m.scenario} · seed ${m.seed}`;
  const text =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${H}" viewBox="0 0 ${w} ${H}">` +
    `<desc>${esc(sourceLine(m))}</desc>` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="8" y="16" ${FONT} font-size="13" font-weight="700" fill="#1b2733">${esc(title)}</text>` +
    rows +
    inner +
    `<text x="8" y="${H - 5}" ${FONT} font-size="10" fill="#5b6670">${esc(footer)}</text>` +
    `</svg>`;
  return { text, width: w, height: H };
}

/** A line of a chart's legend. */
export interface Legend {
  label: string;
  color: string;
  dash?: boolean;
}

/** Text for SVG markup. */
export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const FONT = 'font-family="system-ui,sans-serif"';

/**
 * A copy of `svg` that looks as the page draws it without the page's stylesheet: the styles it
 * applies by class are written onto each element as presentation attributes (the page's CSP,
 * style-src 'self', refuses style attributes).
 */
export function styledCopy(svg: SVGSVGElement): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const src = [svg, ...svg.querySelectorAll('*')];
  const dst = [copy, ...copy.querySelectorAll('*')];
  src.forEach((el, i) => {
    const cs = getComputedStyle(el);
    for (const p of PROPS) {
      const v = cs.getPropertyValue(p);
      if (v) dst[i].setAttribute(p, v);
    }
  });
  return copy;
}

/** A legend as SVG from (x0, y0), wrapped into rows that fit `width` (about 6 px a character at 11 px); `bottom` is the last row's baseline. */
export function legendRows(legend: readonly Legend[], x0: number, y0: number, width: number): { svg: string; bottom: number } {
  const rows: string[] = [];
  let x = x0;
  let y = y0;
  for (const l of legend) {
    const wItem = 22 + l.label.length * 6 + 12;
    if (x > x0 && x + wItem > x0 + width) {
      x = x0;
      y += 15;
    }
    rows.push(
      `<line x1="${x}" x2="${x + 16}" y1="${y - 4}" y2="${y - 4}" stroke="${esc(l.color)}" stroke-width="2.5"${l.dash ? ' stroke-dasharray="5 3"' : ''}/>` +
        `<text x="${x + 20}" y="${y}" ${FONT} font-size="11" fill="#3a4652">${esc(l.label)}</text>`,
    );
    x += wItem;
  }
  return { svg: rows.join(''), bottom: y };
}

/** The SVG drawn onto a canvas at `scale`, as a PNG blob (an image from a data: URL, as the page's CSP allows). */
export function svgToPng(svg: { text: string; width: number; height: number }, scale = 2): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(svg.width * scale);
      canvas.height = Math.round(svg.height * scale);
      const ctx = canvas.getContext('2d');
      if (!ctx) return reject(new Error('no 2d canvas'));
      ctx.scale(scale, scale);
      ctx.drawImage(img, 0, 0);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png');
    };
    img.onerror = () => reject(new Error('the SVG did not load as an image'));
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.text)}`;
  });
}

/** Saves `data` as a file named `name` (a download, nothing leaves the browser). */
export function download(name: string, data: Blob | string, type = 'text/plain'): void {
  const blob = typeof data === 'string' ? new Blob([data], { type: `${type};charset=utf-8` }) : data;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** A file name from the scenario and the chart: `hot-partition-seed1-chart-lag.csv`. */
export function fileName(m: ExportMeta, chart: string, ext: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'run';
  return `${safe(m.scenario)}-seed${m.seed}-${safe(chart)}.${ext}`;
}
