import type { Diagnosis } from '../engine/diagnosis.js';
import { messagesFor, type Messages } from '../i18n/index.js';
import type { Paint } from './style.js';
import { columns } from './width.js';

const MARK = { passed: '✔', failed: '✘', pending: '·', unknown: '?' } as const;
type Step = Diagnosis['stages'][number];

/** `✔ scheduling → ✔ kubelet → ✘ image → · container`, coloured by state; broken after an arrow to fit `width`. */
export function renderPipeline(d: Diagnosis, c: Paint, width?: number, t: Messages = messagesFor('en')): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  d.stages.forEach((step, i) => {
    const text = `${MARK[step.state]} ${t.stage[step.stage]}${i < d.stages.length - 1 ? ' →' : ''}`;
    const sep = used === 0 ? '' : ' ';
    if (width !== undefined && used > 0 && used + sep.length + columns(text) > width) {
      lines.push(line);
      line = '  ';
      used = 2;
    }
    const gap = used === 0 || line === '  ' ? '' : ' ';
    line += gap + paintStep(step, d, c, t) + (i < d.stages.length - 1 ? c.dim(' →') : '');
    used += gap.length + columns(text);
  });
  lines.push(line);
  return lines;
}

function paintStep({ stage, state }: Step, d: Diagnosis, c: Paint, t: Messages): string {
  const text = `${MARK[state]} ${t.stage[stage]}`;
  if (state === 'passed') return c.green(text);
  if (state === 'failed') return c.red.bold(text);
  if (state === 'pending' && stage === d.stage) return c.yellow(text);
  return c.dim(text);
}
