import { parseIgnoreConfig, utcDate } from '../engine/ignore-config.js';
import { isRuleGroup, type IgnoreEntry, type Suppressions } from '../engine/suppress.js';
import { UsageError } from '../errors.js';
import { isStage } from '../model/stages.js';
import { findRule } from '../rules/index.js';
import { readConfig } from '../sources/find-config.js';

/** The flags of commands that judge Pods: how strict the exit code is, and what to ignore. */
export interface TeamOptions {
  failOn?: string;
  ignore?: string[];
  /** The file given with --config; false with --no-config. */
  config?: string | false;
  showSuppressed?: boolean;
}

const known = (id: string): boolean => isStage(id) || isRuleGroup(id) || findRule(id) !== undefined;

/**
 * What to suppress: `--ignore`, the config file (given, or found from `cwd` up to the repository root), and
 * the `kdiag.io/ignore` annotations the engine reads. `now`: the real clock (expiry is a calendar date the
 * user set, so a dump's capture time does not move it). `notes`: the expired entries, each said once.
 */
export function suppressionsFrom(opts: TeamOptions, cwd = process.cwd(), now = Date.now()): { suppressions: Suppressions; notes: string[] } {
  const entries: IgnoreEntry[] = [];
  const flag = (opts.ignore ?? []).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  for (const id of flag) if (!known(id)) throw new UsageError(`--ignore: unknown rule or stage "${id}"`, { hint: 'kdiag rules lists the rule ids; a stage is one of admission, scheduling, kubelet, volume, cni, image, container, readiness; traffic names every traffic rule' });
  if (flag.length > 0) entries.push({ rules: flag, source: '--ignore' });
  const file = opts.config === false ? undefined : readConfig(opts.config, cwd);
  const notes: string[] = [];
  if (file) {
    const config = parseIgnoreConfig(file.text, { source: file.source, today: utcDate(now), known });
    entries.push(...config.entries);
    notes.push(...config.notes);
  }
  return { suppressions: { entries }, notes };
}
