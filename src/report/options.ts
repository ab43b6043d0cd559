import type { Lang } from '../i18n/lang.js';

export interface ReportOptions {
  color: boolean;
  /** The language of the report's words (JSON machine fields stay English); English when absent. */
  lang?: Lang;
  /** Show every finding and note in full, even for healthy Pods. */
  verbose?: boolean;
  /** Terminal width for wrapping tables; undefined means no limit. */
  width?: number;
  /** Epoch ms the diagnosis was made at, for ages. */
  now?: number;
}
