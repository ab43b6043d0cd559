import { stringify } from 'yaml';
import { UsageError } from '../../errors.js';
import { renderJson } from '../../report/json.js';
import { VERSION } from '../../version.js';
import { EXIT } from '../exit-codes.js';
import { writeReport } from '../io.js';

/** `kdiag version [-o json|yaml]`: like `kubectl version --client`. */
export async function versionCommand(opts: { output?: string }): Promise<number> {
  const format = (opts.output ?? 'text').toLowerCase();
  const doc = { apiVersion: 'kdiag/v1', kind: 'Version', kdiag: VERSION, node: process.versions.node, platform: `${process.platform}/${process.arch}` };
  if (format === 'json') writeReport(renderJson(doc));
  else if (format === 'yaml' || format === 'yml') writeReport(stringify(doc));
  else if (format === 'text') writeReport(`kdiag ${VERSION} (Node.js ${doc.node}, ${doc.platform})\n`);
  else throw new UsageError(`unknown output format "${opts.output}"`, { hint: 'use one of: text, json, yaml' });
  return EXIT.ok;
}
