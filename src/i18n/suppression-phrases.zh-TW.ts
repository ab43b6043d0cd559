import { type Phrase, phrase } from './rule-messages/phrase.js';

/** A list of names or values (`error, warning, never`), as Chinese lists them: with 、. */
const list = (items: string): string => items.split(', ').join('、');

// `--fail-on`, `--ignore` and `.kdiag.yaml` (cli/fail-on.ts, cli/suppression-options.ts, engine/ignore-config.ts,
// sources/find-config.ts) in zh-TW. A `.kdiag.yaml:12: ` before a message stays as written.
export const SUPPRESSION_PHRASES: readonly Phrase[] = [
  phrase('--fail-on: "{v:q}" is not one of {values:$}', ({ v, values }) => `--fail-on：「${v}」不是 ${list(values)} 其中之一`),
  phrase('unknown rule or stage "{id:q}"', ({ id }) => `不認識的規則或階段「${id}」`),
  phrase('kdiag rules lists the rule ids; a stage is one of {stages:$}; traffic names every traffic rule', ({ stages }) => `kdiag rules 會列出規則 ID；階段為 ${list(stages)} 其中之一；traffic 代表所有流量規則`),
  phrase('cannot read the config file ({code})', ({ code }) => `無法讀取設定檔（${code}）`),
  phrase('pass --config FILE with a readable file, or --no-config', '用 --config FILE 指定可讀取的檔案，或使用 --no-config'),
  phrase('not valid YAML ({code})', ({ code }) => `不是有效的 YAML（${code}）`),
  phrase('expected a mapping with an "ignore" list', '應為含有「ignore」清單的對應（mapping）'),
  phrase('unknown key "{key:q}" in an ignore entry', ({ key }) => `略過設定中不認識的鍵「${key}」`),
  phrase('unknown key "{key:q}"', ({ key }) => `不認識的鍵「${key}」`),
  phrase('"ignore" must be a list of entries', '「ignore」必須是設定項目的清單'),
  phrase('every key must be a plain word', '每個鍵都必須是一般的字'),
  phrase('each "ignore" entry must be a mapping (rules, reason, and optionally namespace, name, selector, expires)', '每個「ignore」項目都必須是對應（rules、reason，以及選用的 namespace、name、selector、expires）'),
  phrase('"{key}" must be a non-empty string', ({ key }) => `「${key}」必須是非空字串`),
  phrase('an ignore entry needs "rules": the rule ids or stages it ignores', '略過設定需要「rules」：要略過的規則 ID 或階段'),
  phrase('"rules" must be a list of rule ids or stages', '「rules」必須是規則 ID 或階段的清單'),
  phrase('an ignore entry needs a "reason": why the finding is accepted', '略過設定需要「reason」：為什麼接受這個發現'),
  phrase('"expires" must be a date such as 2026-12-31, not "{v:q}"', ({ v }) => `「expires」必須是像 2026-12-31 這樣的日期，而不是「${v}」`),
  phrase('see docs/ci-and-teams.md for the format of .kdiag.yaml', '.kdiag.yaml 的格式請參考 docs/ci-and-teams.md'),
  phrase("an entry's keys are: {keys:$}", ({ keys }) => `設定項目的鍵為：${list(keys)}`),
  phrase('the keys are: {keys:$}', ({ keys }) => `鍵為：${list(keys)}`),
  phrase('this ignore entry expired on {date} and no longer applies', ({ date }) => `這筆略過設定已於 ${date} 到期，不再套用`),
];
