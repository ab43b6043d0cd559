import type { Lang } from '../i18n/lang.js';

export interface ReportOptions {
  color: boolean;
  /** The language of the report's words (JSON machine fields stay English); English when absent. */
  lang?: Lang;
  /** Show every finding and note in full, even for healthy Pods. */
  verbose?: boolean;
  /** Terminal columns text is wrapped and cut to; undefined means no limit. */
  width?: number;
  /** `-o wide`: every table column, nothing cut. */
  wide?: boolean;
  /** `--show-suppressed`: list each suppressed finding, not only their count. */
  showSuppressed?: boolean;
  /** `--no-headers`: a list's table rows only (no header, totals or notes). */
  noHeaders?: boolean;
  /** `-o name`: one kind/name line per item, nothing else. */
  names?: boolean;
  /** Epoch ms the diagnosis was made at, for ages. */
  now?: number;
}
