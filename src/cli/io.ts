import { closeSync, constants as fsConstants, existsSync, lstatSync, openSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../errors.js';
import { neutralize, neutralizeOutput } from '../text/neutralize.js';
import { resolveLang, type Lang } from '../i18n/lang.js';
import { messagesFor } from '../i18n/index.js';
import type { ReportOptions } from '../report/options.js';
import { clearStatusLine, outputWidth, stdoutDestroyed, stdoutInfo, stopStatusLine, writeStdout } from './terminal.js';

/** Colour only on a TTY, never with NO_COLOR (chalk does not honour it on a TTY), --no-color always wins. */
export function wantColor(flag: boolean | undefined, stream: { isTTY?: boolean } = stdoutInfo(), env: NodeJS.ProcessEnv = process.env): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** Text for people fits the terminal; piped, it is as wide as it is (kubectl's rule), unless $COLUMNS says otherwise. */
export function terminalWidth(stream: { isTTY?: boolean; columns?: number } = stdoutInfo(), env: NodeJS.ProcessEnv = process.env): number | undefined {
  return outputWidth(stream, env);
}

export function reportOptions(opts: { color?: boolean; verbose?: boolean; output?: string; lang?: string; headers?: boolean; showSuppressed?: boolean }, now?: number): ReportOptions {
  const format = opts.output?.toLowerCase();
  const width = format === 'wide' ? undefined : terminalWidth();
  return {
    color: wantColor(opts.color),
    verbose: opts.verbose === true,
    lang: resolveLang(opts.lang),
    ...(format === 'wide' ? { wide: true } : {}),
    ...(width !== undefined ? { width } : {}),
    ...(format === 'name' ? { names: true } : {}),
    ...(opts.headers === false ? { noHeaders: true } : {}),
    ...(now !== undefined ? { now } : {}),
    ...(opts.showSuppressed ? { showSuppressed: true } : {}),
  };
}

/** stdout gets exactly one report. */
export function writeReport(text: string, ownWorkflowCommands = ''): void {
  // Every report passes through here: whatever a reporter missed, no cluster text drives the terminal or a
  // CI log. kdiag's own GitHub annotations go before it untouched (report/github.ts escapes their data to one line).
  stopStatusLine();
  writeStdout(ownWorkflowCommands + neutralizeOutput(text));
}

/**
 * One piece of a report written in pieces: like writeReport, but when the reader is slower than kdiag (a
 * pipe into `jq` or `less`) waits until it has taken the piece, so the pieces of a large report never pile
 * up in memory. Resolves at once when stdout is gone (EPIPE is handled where stdout is set up).
 */
export async function writeReportPiece(text: string, to?: NodeJS.WritableStream & { destroyed?: boolean }, neutral = false): Promise<void> {
  stopStatusLine();
  // `neutral`: the reporter has passed the text through neutralizeOutput already (a JSON list, piece by piece).
  const piece = neutral ? text : neutralizeOutput(text);
  if (to ? to.write(piece) || to.destroyed : writeStdout(piece) || stdoutDestroyed()) return;
  const out = to ?? process.stdout;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', done);
  });
}

/** Everything that is not the report goes to stderr. */
export function warn(line: string): void {
  clearStatusLine();
  process.stderr.write(`${neutralizeOutput(line)}\n`);
}

/** A line about the run on stderr (a reader's warning, a file written), after `kdiag:`, in the run's language. */
export function warnNote(text: string, lang: Lang | undefined): void {
  const t = messagesFor(lang).errors;
  warn(`${t.prefix}${t.prefix.endsWith(':') ? ' ' : ''}${t.text({ text })}`);
}

/**
 * Checks that `path` can be created as a new file: not a symbolic link (ever), not an existing file unless
 * `force`, in a directory that exists. Run before slow work, so a bad -o/--junit fails in a second, not after it.
 */
export function checkNewFile(path: string, flag: string, force: boolean | undefined): void {
  let stat: Stats | undefined;
  try {
    stat = lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new UsageError(`${flag} ${neutralize(path)}: cannot check the file (${(err as NodeJS.ErrnoException).code})`);
  }
  if (stat?.isSymbolicLink()) throw new UsageError(`${flag} ${neutralize(path)} is a symbolic link; kdiag does not write through links`, { hint: 'remove the link, or choose another file name' });
  if (stat && !stat.isFile()) throw new UsageError(`${flag} ${neutralize(path)} exists and is not a regular file`);
  if (stat && !force) throw new UsageError(`${flag} ${neutralize(path)} already exists; kdiag does not overwrite files`, { hint: 'choose another name, or pass --force' });
  const dir = dirname(path);
  let dirStat: Stats;
  try {
    dirStat = statSync(dir);
  } catch {
    throw new UsageError(`${flag} ${neutralize(path)}: the directory ${neutralize(dir)} does not exist`, { hint: `create it first (mkdir -p ${neutralize(dir)})` });
  }
  if (!dirStat.isDirectory()) throw new UsageError(`${flag} ${neutralize(path)}: ${neutralize(dir)} is not a directory`);
}

/** Creates `path` with O_EXCL|O_NOFOLLOW (mode 0600): never follows a link planted after the check; --force replaces a regular file. */
export function writeNewFile(path: string, data: string, flag: string, force: boolean | undefined): void {
  checkNewFile(path, flag, force);
  try {
    if (force && existsSync(path)) unlinkSync(path);
    const fd = openSync(path, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW, 0o600);
    try {
      writeFileSync(fd, data);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new UsageError(`${flag} ${neutralize(path)}: cannot write the file (${code === 'EEXIST' ? 'it appeared while kdiag ran' : code})`);
  }
}
