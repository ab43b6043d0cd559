import { closeSync, fstatSync, openSync, statSync, writeSync } from 'node:fs';
import { fit } from '../report/width.js';

// The terminal layer: the one place that knows whether stderr is a terminal, how wide it is, draws the live
// status line (the spinner), and ends kdiag when the terminal or the reader goes away or a signal comes.
// Everything else writes through io.ts, which clears the status line first.

/** Exit codes a shell gives a process ended by these signals (128 + the signal's number). */
export const SIGNAL_EXIT = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

interface Stream {
  isTTY?: boolean;
  columns?: number;
}

/** The width of a terminal that says how wide it is; undefined when it is not a terminal or says 0 (`script`, `docker run -t`, some CI runners). */
export function knownWidth(stream: Stream): number | undefined {
  return stream.isTTY === true && typeof stream.columns === 'number' && Number.isFinite(stream.columns) && stream.columns > 0 ? stream.columns : undefined;
}

/**
 * The width text for people is laid out to: the terminal's own width; else $COLUMNS when set; else, on a
 * terminal that does not say (0 columns), 80; else (a pipe, a file) none at all: full cells, as kubectl prints.
 */
export function outputWidth(stream: Stream = stdoutInfo(), env: NodeJS.ProcessEnv = process.env): number | undefined {
  const own = knownWidth(stream);
  if (own !== undefined) return own;
  const fromEnv = Number.parseInt(env.COLUMNS ?? '', 10);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return stream.isTTY === true ? 80 : undefined;
}

/** Whether a live status line may be drawn on `stream`: a terminal whose width is known, not CI, not TERM=dumb. */
export function statusLineAllowed(stream: Stream = stderrInfo(), env: NodeJS.ProcessEnv = process.env): boolean {
  return knownWidth(stream) !== undefined && !env.CI && env.TERM !== 'dumb';
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 80;

/** The live status line: one at a time, one terminal row, never wrapped. */
export interface StatusLine {
  set(text: string): void;
  stop(): void;
}

let active: ActiveStatus | undefined;
/** Set once the terminal (or the reader of stdout) is gone: nothing is drawn or cleared any more. */
let gone = false;

class ActiveStatus implements StatusLine {
  private frame = 0;
  private drawn = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private text: string,
    private readonly stream: NodeJS.WriteStream,
  ) {
    // unref: the spinner never keeps kdiag alive; a command that ends without stopping it still exits.
    this.timer = setInterval(() => this.draw(), FRAME_MS).unref();
    this.draw();
  }

  set(text: string): void {
    this.text = text;
  }

  /** Clears the row (the next frame draws it again): something else is about to be written. */
  clear(): void {
    if (!this.drawn || gone) return;
    this.drawn = false;
    this.stream.write('\r\x1b[K');
  }

  stop(): void {
    clearInterval(this.timer);
    this.clear();
    if (active === this) active = undefined;
  }

  private draw(): void {
    const width = knownWidth(this.stream);
    // A terminal that stops saying its width (resized to nothing) gets no more frames.
    if (gone || width === undefined) return this.clear();
    const frame = FRAMES[this.frame++ % FRAMES.length];
    // One column short of the width: a full row would make some terminals wrap, and a wrapped row cannot be redrawn.
    const line = fit(`${frame} ${this.text.replace(/\s+/g, ' ')}`, width - 1);
    this.drawn = true;
    this.stream.write(`\r${line}\x1b[K`);
  }
}

/** Starts the status line on stderr when it is allowed; else a status line that draws nothing. */
export function startStatusLine(text: string, stream?: NodeJS.WriteStream): StatusLine {
  stopStatusLine();
  if (!statusLineAllowed(stream ?? stderrInfo())) return { set: () => {}, stop: () => {} };
  active = new ActiveStatus(text, stream ?? process.stderr);
  return active;
}

/** Whether a status line is being drawn now. */
export function statusLineActive(): boolean {
  return active !== undefined;
}

/** Clears the status line's row before another line is written; the spinner draws again on its next frame. */
export function clearStatusLine(): void {
  active?.clear();
}

/** Stops the status line for good (a command ends, an error is about to be printed). */
export function stopStatusLine(): void {
  active?.stop();
}

/** Ends kdiag now: a signal asked, or the reader of stdout is gone (`quiet`: write nothing more). */
function endNow(code: number, quiet: boolean): never {
  if (quiet) gone = true;
  stopStatusLine();
  process.exit(code);
}

/**
 * Ends kdiag when its terminal is gone (a hangup, or EIO writing to it). Node restores the terminal's modes
 * at exit and aborts when that fails on a terminal that no longer exists; it skips descriptors that were
 * reopened, so 0, 1 and 2 are pointed at /dev/null first (where any late write goes, too).
 */
function endHungUp(): never {
  gone = true;
  stopStatusLine();
  for (const fd of [0, 1, 2]) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
  }
  try {
    // The lowest free descriptors: 0, 1 and 2 again.
    for (let i = 0; i < 3; i++) openSync('/dev/null', i === 0 ? 'r' : 'w');
  } catch {
    // closed is as good for node's exit
  }
  process.exit(SIGNAL_EXIT.SIGHUP);
}

let installed = false;

// Where stdout and stderr lead, known without Node's stream for them. process.stdout is built on first use:
// on a pipe or a socket a net.Socket (Node's net and stream modules: 3-5% of a one-file run's CPU), on a
// file a SyncWriteStream. In the process the launcher started (installTerminalGuards ran), a descriptor that
// is a regular file, /dev/null, a pipe or a socket is no terminal; stdout's report is written to a file or a
// pipe by write(2) where that cannot block: always to a file, to a pipe up to the one page any pipe's buffer
// holds. A socket (a parent's pipe from Node's spawn), a terminal, a closed descriptor, Windows, or a report
// past that page go through Node's stream, as do a test's runs in its own process (it captures
// process.stdout.write).

/** The one page every pipe's buffer holds (PIPE_BUF): a write of it into an empty pipe never blocks. */
const PIPE_PAGE = 4096;
type Sink = 'file' | 'pipe' | 'socket' | 'unknown';
const sinks = new Map<1 | 2, Sink>();
/** Which of Node's two streams exist (built by someone's first use since the guards went in). */
const built = { stdout: false, stderr: false };
/** Bytes written to a pipe by write(2); once past its page (or after an error), Node's stream writes the rest. */
let pipeBytes = 0;
let streamTakesOver = false;

function sinkOf(fd: 1 | 2): Sink {
  const known = sinks.get(fd);
  if (known) return known;
  let sink: Sink = 'unknown';
  if (installed && process.platform !== 'win32') {
    try {
      const st = fstatSync(fd);
      if (st.isFile() || (st.isCharacterDevice() && st.rdev === statSync('/dev/null').rdev)) sink = 'file';
      else if (st.isFIFO()) sink = 'pipe';
      else if (st.isSocket()) sink = 'socket';
    } catch {
      // a closed or unreadable descriptor: Node's stream says what it is
    }
  }
  sinks.set(fd, sink);
  return sink;
}

const NOT_A_TERMINAL: Stream = Object.freeze({ isTTY: false });

/** stdout's isTTY and columns, without building its stream where the descriptor is no terminal. */
export function stdoutInfo(): Stream {
  return sinkOf(1) === 'unknown' ? process.stdout : NOT_A_TERMINAL;
}

/** stderr's isTTY and columns, likewise. */
export function stderrInfo(): Stream {
  return sinkOf(2) === 'unknown' ? process.stderr : NOT_A_TERMINAL;
}

/**
 * Writes to stdout: by write(2) where it cannot block (above), else through Node's stream. Returns what the
 * stream's write returns (false: wait for 'drain'); true when written whole. An error of write(2) (a reader
 * gone, a descriptor left non-blocking, a full disk) hands the rest to Node's stream, which meets the same
 * error and ends kdiag as it always has (installTerminalGuards).
 */
export function writeStdout(text: string): boolean {
  const sink = sinkOf(1);
  if (built.stdout || streamTakesOver || (sink !== 'file' && sink !== 'pipe') || text === '') return process.stdout.write(text);
  const bytes = Buffer.from(text, 'utf8');
  if (sink === 'pipe' && pipeBytes + bytes.length > PIPE_PAGE) {
    streamTakesOver = true;
    return process.stdout.write(bytes);
  }
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done, bytes.length - done);
  } catch {
    streamTakesOver = true;
    return process.stdout.write(bytes.subarray(done));
  }
  pipeBytes += bytes.length;
  return true;
}

/** Whether Node's stdout stream exists and is gone (destroyed: its reader left). */
export function stdoutDestroyed(): boolean {
  return built.stdout && process.stdout.destroyed;
}

/**
 * Runs `guard` on Node's stream `name` when something first builds it (Node builds process.stdout and
 * process.stderr on first use), so that a run that never needs one never builds it.
 */
function guardWhenBuilt(name: 'stdout' | 'stderr', guard: (stream: NodeJS.WriteStream) => void): void {
  const own = Object.getOwnPropertyDescriptor(process, name);
  if (!own?.get || !own.configurable) {
    built[name] = true;
    guard(process[name]);
    return;
  }
  const get = own.get;
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: own.enumerable ?? true,
    get() {
      const stream = get.call(process) as NodeJS.WriteStream;
      if (!built[name]) {
        built[name] = true;
        guard(stream);
      }
      return stream;
    },
  });
}

/** Writes the one line for a stdout kdiag cannot write to (a full disk) and returns the exit code. */
type Unwritable = (err: NodeJS.ErrnoException) => number;
let unwritable: Unwritable;

/**
 * Signals and broken output streams end kdiag at once, quietly, with the code a shell expects: SIGHUP 129,
 * SIGINT 130, SIGTERM 143; a terminal that went away (EIO on stdout or stderr) as a hangup; a reader of stdout
 * that went away (EPIPE: `kdiag … | head -1`) exit 0, as kubectl. A stderr whose reader went away is only
 * no longer written to. Any other error of stdout (ENOSPC: a full disk) ends kdiag with `report`'s one line
 * and code, never a stack trace.
 */
export function installTerminalGuards(report: Unwritable): void {
  if (installed) return;
  installed = true;
  unwritable = report;
  process.on('SIGHUP', endHungUp);
  process.on('SIGINT', () => endNow(SIGNAL_EXIT.SIGINT, false));
  process.on('SIGTERM', () => endNow(SIGNAL_EXIT.SIGTERM, false));
  guardWhenBuilt('stdout', (stdout) =>
    stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') endNow(0, true);
      if (err.code === 'EIO') endHungUp();
      stopStatusLine();
      process.exit(unwritable(err));
    }),
  );
  guardWhenBuilt('stderr', (stderr) =>
    stderr.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EIO') endHungUp();
      if (err.code !== 'EPIPE') throw err;
    }),
  );
}

/** How long kdiag may linger once its command has ended and its output is flushed (a leaked timer or socket). */
const LINGER_MS = 500;

/**
 * The command has ended: the status line goes, and once stdout and stderr have taken everything, nothing
 * (a retry timer, a socket) keeps the process alive past a moment.
 */
export function endCommand(code: number): void {
  stopStatusLine();
  process.exitCode = code;
  let flushed = 0;
  const done = (): void => {
    if (++flushed < 2) return;
    setTimeout(() => process.exit(code), LINGER_MS).unref();
  };
  // A stream nobody built holds nothing to flush (what went by write(2) is written).
  for (const name of ['stdout', 'stderr'] as const) {
    if (built[name] || !installed) process[name].write('', done);
    else done();
  }
}
