import { statSync } from 'node:fs';
import { delimiter } from 'node:path';
import { ClusterError } from '../../errors.js';
import { clip } from '../../text/neutralize.js';

/** Real kubeconfigs are kilobytes; a larger "kubeconfig" is not one (and /dev/zero never ends). */
export const MAX_KUBECONFIG_BYTES = 16 * 2 ** 20;

/** Refuses a kubeconfig that is not a regular file of sane size, before client-node reads it whole. */
export function checkKubeconfigFile(path: string): void {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return; // a missing file is reported (or skipped, for $KUBECONFIG entries) where it is loaded
  }
  const shown = clip(path, 200);
  if (!stat.isFile()) throw new ClusterError('E_CONFIG', `kubeconfig "${shown}" is not a regular file`, { hint: 'point --kubeconfig or $KUBECONFIG at a kubeconfig file' });
  if (stat.size > MAX_KUBECONFIG_BYTES) throw new ClusterError('E_CONFIG', `kubeconfig "${shown}" is ${Math.round(stat.size / 2 ** 20)} MiB; a kubeconfig is at most ${MAX_KUBECONFIG_BYTES / 2 ** 20} MiB`);
}

/** Every file $KUBECONFIG names. */
export function checkKubeconfigEnv(value: string | undefined): void {
  for (const path of (value ?? '').split(delimiter)) if (path) checkKubeconfigFile(path);
}
