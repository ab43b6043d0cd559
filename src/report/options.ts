export interface ReportOptions {
  color: boolean;
  /** Show every finding and note in full, even for healthy Pods. */
  verbose?: boolean;
  /** Terminal columns text is wrapped and cut to; undefined means no limit. */
  width?: number;
  /** `-o wide`: every table column, nothing cut. */
  wide?: boolean;
  /** Epoch ms the diagnosis was made at, for ages. */
  now?: number;
}
