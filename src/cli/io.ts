import { resolveLang } from '../i18n/lang.js';
import type { ReportOptions } from '../report/options.js';

/** Colour only on a TTY, never with NO_COLOR (chalk does not honour it on a TTY), --no-color always wins. */
export function wantColor(flag: boolean | undefined, stream: NodeJS.WriteStream = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export function reportOptions(opts: { color?: boolean; verbose?: boolean; lang?: string }, now?: number): ReportOptions {
  return { color: wantColor(opts.color), verbose: opts.verbose === true, lang: resolveLang(opts.lang), ...(process.stdout.columns ? { width: process.stdout.columns } : {}), ...(now !== undefined ? { now } : {}) };
}

/** stdout gets exactly one report. */
export function writeReport(text: string): void {
  process.stdout.write(text);
}

/** Everything that is not the report goes to stderr. */
export function warn(line: string): void {
  process.stderr.write(`${line}\n`);
}
