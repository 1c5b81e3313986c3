/**
 * Where an export says it came from: the context key under which the page provides it, and its
 * shape. Apart from `export.ts` so that the page's first load carries only this, and the export
 * code loads when a chart is first exported.
 */

/** The context key under which the page provides a chart's {@link ExportMeta}. */
export const EXPORT_META = 'queuelab-export-meta';

export interface ExportMeta {
  title: string;
  scenario: string;
  seed: number;
  link: string;
}
