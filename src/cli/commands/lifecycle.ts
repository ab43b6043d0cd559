import { stringify } from 'yaml';
import { UsageError } from '../../errors.js';
import { resolveLang } from '../../i18n/lang.js';
import { isStage, STAGES } from '../../model/stages.js';
import { renderJson } from '../../report/json.js';
import { lifecycleData, renderLifecycle } from '../../report/lifecycle.js';
import { EXIT } from '../exit-codes.js';
import { outputFormat, type GlobalOptions } from '../global-options.js';
import { reportOptions, writeReport } from '../io.js';

/** `kdiag lifecycle [STAGE]`: the stages a Pod goes through, who is responsible for each, and where to look. */
export async function lifecycleCommand(stage: string | undefined, opts: GlobalOptions): Promise<number> {
  const format = outputFormat(opts.output);
  const lang = resolveLang(opts.lang);
  const name = stage?.replace(/^stage\//, '');
  if (name !== undefined && !isStage(name)) throw new UsageError(`unknown stage "${stage}"`, { hint: `use one of: ${STAGES.join(', ')}` });
  if (format === 'json') writeReport(renderJson(lifecycleData(lang)));
  else if (format === 'yaml') writeReport(stringify(lifecycleData(lang)));
  else writeReport(renderLifecycle(lang, name, reportOptions(opts).width));
  return EXIT.ok;
}
