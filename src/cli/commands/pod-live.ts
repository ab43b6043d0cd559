import { UsageError } from '../../errors.js';
import type { Target } from '../../engine/targets.js';
import type { LiveOptions } from './live-options.js';

/** Live cluster mode (loaded only when no -f is given). */
export async function livePodCommand(_target: Target, _opts: LiveOptions): Promise<number> {
  throw new UsageError('live cluster mode is not available in this build', { hint: 'diagnose a saved dump: kdiag pod NAME -f dump.yaml' });
}
