import type { PodTraffic } from '../traffic/path/pod-traffic.js';
import type { TrafficPath } from '../traffic/path/types.js';
import { trafficText } from '../i18n/traffic.js';
import type { Lang } from '../model/lang.js';
import { clip, neutralize } from './sanitize.js';
import type { Paint } from './style.js';
import { columns, wrap } from './width.js';

const MARK = { passed: '✔', partial: '◐', failed: '✘', pending: '·', unknown: '?' } as const;

/** `✔ ingress → ✔ service → ✔ endpoints → ✘ network policy → · pod port`, then one line per hop and the client. */
export function renderTrafficPath(path: TrafficPath, c: Paint, width: number | undefined, lang: Lang): string[] {
  const m = trafficText(lang);
  const lines = ['', c.bold(m.pathTitle)];
  let line = '  ';
  path.hops.forEach((h, i) => {
    const text = `${MARK[h.state]} ${m.hop[h.hop]}`;
    const painted = h.state === 'passed' ? c.green(text) : h.state === 'partial' ? c.yellow(text) : h.state === 'failed' ? c.red.bold(text) : c.dim(text);
    const arrow = i < path.hops.length - 1 ? c.dim(' →') : '';
    if (width !== undefined && line.trim() !== '' && columns(line) + columns(text) + 3 > width) {
      lines.push(line);
      line = '    ';
    }
    line += (line.trim() === '' ? '' : ' ') + painted + arrow;
  });
  lines.push(line);
  lines.push(...wrap(m.clientLine({ client: show(m.clientName(path.client)) }), width, '  ', '    ').map((l) => c.dim(l)));
  for (const h of path.hops) {
    if (h.state === 'pending' || !h.detail) continue;
    lines.push(...wrap(`${m.hop[h.hop]}${m.detailSep}${show(h.detail)}`, width, `  ${MARK[h.state]} `, '      '));
    if (h.state === 'failed' || h.state === 'partial') lines.push(...wrap(m.ownerLine({ owner: m.owner[h.hop] }), width, '      ', '      ').map((l) => c.dim(l)));
  }
  return lines;
}

/** A Pod's Traffic part: one strip per Service that selects it, and the clients a policy keeps out. */
export function renderPodTraffic(part: PodTraffic, c: Paint, width: number | undefined, lang: Lang): string[] {
  const m = trafficText(lang);
  const lines = ['', c.bold(m.podTrafficTitle)];
  for (const s of part.services) {
    const strip = s.hops.map((h) => `${MARK[h.state]} ${m.hop[h.hop]}`).join(' → ');
    lines.push(...wrap(m.serviceLine({ service: show(s.name), strip }), width, '  ', '    '));
    if (s.keptOut.length > 0) lines.push(...wrap(m.keptOutLine({ clients: show(s.keptOut.map(m.clientName).join(m.listSep)) }), width, '    ', '    ').map((l) => c.yellow(l)));
  }
  return lines;
}

const show = (text: string): string => clip(neutralize(text), 1000);
