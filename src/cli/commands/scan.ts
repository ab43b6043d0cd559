import { diagnoseAll } from '../../engine/diagnose-all.js';
import { checkReportRoom, heapGuard } from '../../sources/heap-budget.js';
import { InputError } from '../../errors.js';
import { Engine } from '../../engine/diagnose.js';
import { parseFieldSelector } from '../../engine/field-selector.js';
import { parseLabelSelector } from '../../engine/label-selector.js';
import { renderScanText } from '../../report/table.js';
import { nowReason, outputFormat, parseNow, ruleOptions } from '../global-options.js';
import { reportOptions, writeReport } from '../io.js';
import { loadDumps } from '../load-dumps.js';
import { readFileByFile, reportFileByFile } from '../report-file-by-file.js';
import { writeDiagnosisList } from '../write-list.js';
import type { ScanOptions } from './command-options.js';
import type { FleetScanOptions } from './scan-fleet.js';
import { parseFailOn, verdictExit } from '../fail-on.js';
import { suppressionsFrom } from '../suppression-options.js';
import { writeCiReports } from '../ci-reports.js';

const tooLarge = (message: string, hint: string): Error => new InputError(message, { hint });

/** `kdiag scan`: every Pod in scope as a table, failing first. */
export async function scanCommand(given: FleetScanOptions): Promise<number> {
  const { context, allContexts, maxClustersInFlight, ...rest } = given;
  const opts: ScanOptions = rest;
  const format = outputFormat(opts.output, { names: true });
  const failOn = parseFailOn(opts.failOn);
  const selector = opts.selector ? parseLabelSelector(opts.selector) : undefined;
  if (!opts.file || opts.file.length === 0) {
    const { contextValues, kubeconfigContexts, mayNameMany, selectContexts } = await import('../fleet/select-contexts.js');
    const flags = { ...(context !== undefined ? { context } : {}), ...(allContexts ? { allContexts } : {}) };
    let contexts = contextValues(flags);
    if (mayNameMany(flags)) contexts = selectContexts(flags, await kubeconfigContexts(opts));
    if (contexts.length > 1) return (await import('./scan-fleet.js')).fleetScanCommand({ ...given, context: contexts }, contexts);
    const { liveScanCommand } = await import('./scan-live.js');
    return liveScanCommand({ ...opts, ...(contexts[0] !== undefined ? { context: contexts[0] } : {}) });
  }
  const { suppressions, notes } = suppressionsFrom(opts);
  const options = { suppressions, notes, now: parseNow(opts.now), nowReason: nowReason(opts.now), ruleOptions: ruleOptions(opts), logLines: opts.logs === false ? 0 : undefined };
  const namespace = opts.allNamespaces ? undefined : opts.namespace;
  const filter = { ...(namespace !== undefined ? { namespace } : {}), ...(selector ? { selector } : {}) };
  const matches = opts.fieldSelector ? parseFieldSelector(opts.fieldSelector) : undefined;
  if (readFileByFile(opts.file)) return reportFileByFile(opts.file, opts, options, filter, matches, 'table');
  const { snapshot, exitCode } = loadDumps(opts.file, options.ruleOptions.lang);
  const engine = new Engine(snapshot, options);
  let items = diagnoseAll(engine, filter, { beforeEach: heapGuard('the diagnoses of these dumps', tooLarge) });
  if (matches) items = items.filter(matches);
  const verdict = verdictExit(items, failOn);
  writeCiReports(items, opts, 'scan');
  if (opts.failingOnly) items = items.filter((d) => d.status === 'failing');
  const report = reportOptions(opts, engine.now);
  const meta = { ...snapshot.meta, ...engine.listMeta(items) };
  if (format === 'text') writeReport(renderScanText(items, meta.notes, report, meta.unreadable));
  else {
    checkReportRoom(items, format, tooLarge);
    await writeDiagnosisList(items, meta, format, report);
  }
  return exitCode(verdict);
}


