import { KdiagError } from '../errors.js';
import { messagesFor, type Messages } from '../i18n/index.js';
import { relabelClips } from '../report/sanitize.js';
import { neutralize } from '../text/neutralize.js';

/** The exit codes documented in README.md; the only place errors become numbers. */
export const EXIT = {
  ok: 0,
  failing: 1,
  usage: 2,
  cluster: 3,
  notFound: 4,
  timeout: 5,
  internal: 70,
} as const;

const flat = (text: string): string => neutralize(text).replace(/[\n\t]+/g, ' ');

/** Writes one clear line (and a hint) for an error, a stack only with --verbose; returns the exit code. */
export function reportError(err: unknown, verbose: boolean, write: (line: string) => void, messages: Messages = messagesFor('en')): number {
  const t = messages.errors;
  // Server text clipped where it was read carries the English marker: shown in the report's language.
  const oneLine = (text: string): string => relabelClips(flat(text), messages);
  if (err instanceof KdiagError) {
    // Messages quote names from dumps and servers ("did you mean: <pod names>"): never raw to the terminal.
    write(`${t.prefix}${t.prefix.endsWith(':') ? ' ' : ''}${oneLine(t.text({ text: err.message }))}`);
    if (err.hint) write(`${t.hint}${t.hint.endsWith(':') ? ' ' : ''}${oneLine(t.text({ text: err.hint }))}`);
    if (verbose && err.stack) write(err.stack);
    return err.exitCode;
  }
  const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
  write(`${t.prefix}${t.prefix.endsWith(':') ? ' ' : ''}${t.internal({ message: oneLine(message) })}`);
  write(`${t.hint}${t.hint.endsWith(':') ? ' ' : ''}${t.internalHint}`);
  if (verbose && err instanceof Error && err.stack) write(err.stack);
  return EXIT.internal;
}
