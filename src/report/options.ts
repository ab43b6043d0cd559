export interface ReportOptions {
  color: boolean;
  /** Show every finding and note in full, even for healthy Pods. */
  verbose?: boolean;
  /** Terminal width for wrapping tables; undefined means no limit. */
  width?: number;
  /** Epoch ms the diagnosis was made at, for ages. */
  now?: number;
}
