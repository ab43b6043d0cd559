import type { GlobalOptions } from '../global-options.js';
import type { LiveOptions } from './live-options.js';
import type { TeamOptions } from '../suppression-options.js';
import type { CiOptions } from '../ci-reports.js';

/** The options of `kdiag pod`, shared by its offline (pod.ts) and live (pod-live.ts) halves. */
export interface PodCommandOptions extends GlobalOptions, LiveOptions, TeamOptions {
  file?: string[];
  logs?: string | boolean;
  watch?: boolean;
  timeout?: string;
  /** The traffic path's client: pod/NAME, pod/NS/NAME or ns/NAME. */
  from?: string;
}

/** The options of `kdiag scan`, shared by its offline (scan.ts) and live (scan-live.ts) halves. */
export interface ScanOptions extends GlobalOptions, LiveOptions, TeamOptions, CiOptions {
  file?: string[];
  allNamespaces?: boolean;
  selector?: string;
  fieldSelector?: string;
  failingOnly?: boolean;
  logs?: boolean;
}
