import type { GateResult } from '../../engine/gate.js';
import type { Messages } from '../../i18n/messages.js';
import { neutralize } from '../../report/sanitize.js';
import { warn } from '../io.js';
import { startStatusLine, statusLineAllowed } from '../terminal.js';

/** How long CI logs may stay silent while the gate waits: then a line says it still waits, and on what. */
const HEARTBEAT_MS = 10_000;

export interface GateProgress {
  /** A line that must reach the log (start, notes). */
  line(text: string): void;
  /** The targets' state now: printed when it changes (and at least every 10 s in CI). */
  update(results: readonly GateResult[], now: number): void;
  stop(): void;
}

const stamp = (now: number): string => `[${new Date(now).toISOString().slice(11, 19)}]`;
const seconds = (ms: number): string => `${Math.round(ms / 1000)}s`;

function describe(r: GateResult, t: Messages): string {
  if (r.state === 'waiting') return t.gate.waitingLine({ target: r.target, progress: `${t.gate.rollout({ progress: r.progress })}${r.detail ? `${t.gate.detailSeparator}${t.gate.rollout({ progress: r.detail })}` : ''}` });
  return t.gate.targetLine({ target: r.target, state: t.gate.state[r.state], detail: t.gate.rollout({ progress: r.reason ?? r.progress }) });
}

/**
 * On a terminal, one live status line that says what is awaited; elsewhere (CI), one line per change of
 * state of a target, and a "still waiting" line when nothing changed for 10 s.
 */
export function gateProgress(started: number, firstLine: string, t: Messages): GateProgress {
  warn(`${stamp(started)} ${firstLine}`);
  if (statusLineAllowed()) {
    // The status line is one row (the terminal layer cuts it to the width); warn() clears it before a line.
    const status = startStatusLine(t.gate.progress.reading);
    return {
      line: (text) => warn(`${stamp(Date.now())} ${text}`),
      update: (results, now) => {
        const waiting = results.filter((r) => r.state === 'waiting');
        const first = waiting[0];
        status.set(neutralize(first ? `${seconds(now - started)} ${describe(first, t)}${waiting.length > 1 ? ` (${t.gate.progress.more({ n: waiting.length - 1 })})` : ''}` : `${seconds(now - started)} ${results.map((r) => `${r.target} ${t.gate.state[r.state]}`).join(', ')}`));
      },
      stop: () => status.stop(),
    };
  }
  const last = new Map<string, string>();
  let lastPrinted = started;
  return {
    line: (text) => {
      lastPrinted = Date.now();
      warn(`${stamp(lastPrinted)} ${text}`);
    },
    update: (results, now) => {
      let printed = false;
      for (const r of results) {
        const key = r.stateKey ?? `${r.state}|${r.progress}`;
        if (last.get(r.target) === key) continue;
        last.set(r.target, key);
        warn(`${stamp(now)} ${neutralize(describe(r, t))}`);
        printed = true;
      }
      if (printed) lastPrinted = now;
      else if (now - lastPrinted >= HEARTBEAT_MS) {
        const waiting = results.filter((r) => r.state === 'waiting');
        warn(`${stamp(now)} ${t.gate.progress.stillWaiting({ seconds: seconds(now - started), what: neutralize(waiting.map((r) => describe(r, t)).join(' | ') || t.gate.progress.nothingYet) })}`);
        lastPrinted = now;
      }
    },
    stop: () => {},
  };
}
