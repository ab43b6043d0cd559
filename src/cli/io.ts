import { resolveLang } from '../i18n/lang.js';
import type { ReportOptions } from '../report/options.js';

/** Colour only on a TTY, never with NO_COLOR (chalk does not honour it on a TTY), --no-color always wins. */
export function wantColor(flag: boolean | undefined, stream: NodeJS.WriteStream = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** Text for people fits the terminal: its columns on a TTY, else $COLUMNS, else 80 (as kubectl's printers). */
export function terminalWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout, env: NodeJS.ProcessEnv = process.env): number {
  if (stream.isTTY === true && stream.columns !== undefined && stream.columns > 0) return stream.columns;
  const fromEnv = Number.parseInt(env.COLUMNS ?? '', 10);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 80;
}

export function reportOptions(opts: { color?: boolean; verbose?: boolean; output?: string; lang?: string }, now?: number): ReportOptions {
  const wide = opts.output?.toLowerCase() === 'wide';
  return { color: wantColor(opts.color), verbose: opts.verbose === true, lang: resolveLang(opts.lang), ...(wide ? { wide } : { width: terminalWidth() }), ...(now !== undefined ? { now } : {}) };
}

/** stdout gets exactly one report. */
export function writeReport(text: string): void {
  process.stdout.write(text);
}

/** Everything that is not the report goes to stderr. */
export function warn(line: string): void {
  process.stderr.write(`${line}\n`);
}
