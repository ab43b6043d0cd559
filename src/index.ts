// kdiag as a library: read dumps, diagnose Pods, render reports. No cluster access is loaded from here.
export { Engine, type DiagnoseOptions } from './engine/diagnose.js';
export { diagnoseAll, type DiagnoseFilter } from './engine/diagnose-all.js';
export type { Diagnosis, DiagnosisList, DiagnosisStatus, StageState } from './engine/diagnosis.js';
export { diagnosisList } from './engine/diagnosis.js';
export { readDumps, snapshotFromObjects, type DumpReadResult } from './sources/dump.js';
export type { Snapshot } from './model/snapshot.js';
export { STAGES, type Stage } from './model/stages.js';
export { ALL_RULES, findRule, RETIRED_RULES } from './rules/index.js';
export type { Finding, Evidence, Rule, PodRule, WorkloadRule, Severity, Confidence } from './rules/types.js';
export { renderDiagnosis, renderList, type OutputFormat } from './report/render.js';
export type { ReportOptions } from './report/options.js';
export { KdiagError, UsageError, InputError, ClusterError, NotFoundError, TimeoutError } from './errors.js';
export { renderRuleDocs, renderRuleCatalogue } from './report/rule-docs.js';
// Other languages' catalogues load on demand: `await loadLanguage('zh-TW')` before rendering with lang 'zh-TW'.
export { loadLanguage } from './i18n/load.js';
export type { Lang } from './i18n/lang.js';
