import { UsageError } from '../../errors.js';
import type { ScanOptions } from './scan.js';

/** Live cluster scan (loaded only when no -f is given). */
export async function liveScanCommand(_opts: ScanOptions): Promise<number> {
  throw new UsageError('live cluster mode is not available in this build', { hint: 'scan a saved dump: kdiag scan -f dump.yaml' });
}
