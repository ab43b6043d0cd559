import { UsageError } from '../errors.js';
import { resolveLang } from '../i18n/lang.js';
import { parseDuration, parseTime } from '../model/time.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../report/render.js';
import type { RuleOptions } from '../rules/types.js';

/** Options every command accepts (commander merges global and command options). */
export interface GlobalOptions {
  output?: string;
  color?: boolean;
  verbose?: boolean;
  now?: string;
  grace?: string;
  lang?: string;
}

/** `names`: the command lists items, so `-o name` (one kind/name line per item, as kubectl) is text made of names. */
export function outputFormat(value: string | undefined, options: { names?: boolean } = {}): OutputFormat {
  const format = (value ?? 'text').toLowerCase();
  if (format === 'name' && options.names) return 'text';
  // `-o wide` is the text report with every table column and nothing cut to the terminal width.
  const alias = format === 'md' ? 'markdown' : format === 'yml' ? 'yaml' : format === 'wide' ? 'text' : format;
  if (!(OUTPUT_FORMATS as readonly string[]).includes(alias)) {
    throw new UsageError(`unknown output format "${value}"`, { hint: `use one of: ${OUTPUT_FORMATS.join(', ')}, wide${options.names ? ', name' : ''}` });
  }
  return alias as OutputFormat;
}

/** `--now` for dumps: an ISO time, or `wall` for this machine's clock. */
export function parseNow(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value === 'wall') return Date.now();
  const t = parseTime(value);
  if (t === undefined) throw new UsageError(`--now: "${value}" is not an ISO time`, { hint: 'e.g. --now 2026-11-30T10:00:00Z, or --now wall' });
  return t;
}

/** Why `--now` set the clock, for the diagnosis notes. */
export function nowReason(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value === 'wall' ? "this machine's clock (--now wall)" : 'given with --now';
}

export function ruleOptions(opts: GlobalOptions): Partial<RuleOptions> {
  const lang = resolveLang(opts.lang);
  if (opts.grace === undefined) return { lang };
  const ms = parseDuration(opts.grace);
  if (ms === undefined) throw new UsageError(`--grace: "${opts.grace}" is not a duration`, { hint: 'e.g. --grace 90s or --grace 2m' });
  return { graceMs: ms, lang };
}
