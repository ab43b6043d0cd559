import type { GateResult } from '../engine/gate.js';
import { neutralize } from './sanitize.js';

/** Last log lines shown per failing container in gate output. */
const SHOWN_LINES = 10;

export interface GateExtras {
  /** `pod/container` and its last log lines (neutralised). */
  logs: Array<{ source: string; lines: string[] }>;
  /** "kubectl rollout undo deploy/api -n shop  (revision 3 ran 127.0.0.1:5000/api:1.4)". */
  rollback?: string;
}

/** What a failed gate result adds to its diagnosis so the build can be fixed: the failing Pod's log, the way back. */
export function gateExtras(r: GateResult, logs: Readonly<Record<string, string>>): GateExtras {
  const out: GateExtras = { logs: [] };
  if (r.state !== 'failed') return out;
  if (r.failedPod) {
    const prefix = `${r.namespace}/${r.failedPod}/`;
    for (const [key, text] of Object.entries(logs)) {
      if (!key.startsWith(prefix)) continue;
      const lines = text.split('\n').map((l) => neutralize(l.replace(/\r$/, ''))).filter((l) => l.trim() !== '');
      if (lines.length > 0) out.logs.push({ source: `${r.failedPod}/${key.slice(prefix.length)}`, lines: lines.slice(-SHOWN_LINES) });
    }
  }
  if (r.rollback) {
    const previous = r.rollback.previousImages ? ` (revision ${r.rollback.previousRevision ?? 'before'} ran ${r.rollback.previousImages.join(', ')})` : '';
    out.rollback = neutralize(`${r.rollback.command}${previous}`);
  }
  return out;
}
