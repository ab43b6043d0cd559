import { STAGE_COMPONENTS, STAGE_SYMPTOMS, stageCommands } from '../engine/stage-owner.js';
import { messagesFor } from '../i18n/index.js';
import type { Lang } from '../i18n/lang.js';
import { STAGES, type Stage } from '../model/stages.js';
import { wrapProse } from './prose.js';
import { trafficText } from '../i18n/traffic.js';
import { HOP_COMMANDS, TRAFFIC_HOPS } from '../traffic/path/hops.js';

/** `kdiag lifecycle`: the path from binding to Running and Ready, stage by stage, with who acts and where to look. */
export function renderLifecycle(lang?: Lang, only?: Stage, width?: number): string {
  const t = messagesFor(lang);
  const l = t.lifecycle;
  const lines = [l.title, '', ...wrapProse(l.intro, width, '', ''), ''];
  STAGES.forEach((stage, i) => {
    if (only && stage !== only) return;
    const label = t.stage[stage] === stage ? stage : `${stage}（${t.stage[stage]}）`;
    lines.push(`${i}. ${label}`);
    lines.push(...wrapProse(l.what[stage], width, '   ', '   '));
    lines.push(...wrapProse(`${after(l.components)}${STAGE_COMPONENTS[stage].map((c) => t.component[c]).join(t.report.listSeparator)}`, width, '   ', '     '));
    lines.push(`   ${l.commands}`);
    for (const cmd of stageCommands(stage)) lines.push(`     $ ${cmd}`);
    lines.push(...wrapProse(`${after(l.symptoms)}${STAGE_SYMPTOMS[stage].join(t.report.listSeparator)}`, width, '   ', '     '));
    lines.push('');
  });
  if (!only) lines.push(...trafficLines(lang, width));
  lines.push(...wrapProse(l.commandsNote, width, '', ''));
  return lines.join('\n') + '\n';
}

/** The traffic path beside the stages: each hop, what kdiag checks there, who owns it, where to look. */
function trafficLines(lang: Lang | undefined, width: number | undefined): string[] {
  const m = trafficText(lang ?? 'en');
  const lines = [...wrapProse(m.lifecycleTitle, width, '', ''), '  $ kdiag pod svc/NAME', '  $ kdiag pod ingress/NAME', ''];
  TRAFFIC_HOPS.forEach((hop, i) => {
    lines.push(...wrapProse(`${i + 1}. ${hop === 'dns' ? m.hopNameDns : m.hop[hop]}`, width, '', '   '));
    lines.push(...wrapProse(`${after(m.lifecycleChecks)}${m.hopChecks[hop]}`, width, '   ', '     '));
    lines.push(...wrapProse(`${after(m.lifecycleOwner)}${m.owner[hop]}`, width, '   ', '     '));
    lines.push(`   ${m.lifecycleCommands}`);
    for (const cmd of HOP_COMMANDS[hop]) lines.push(`     $ ${cmd}`);
    lines.push('');
  });
  return lines;
}

/** A label and what follows it: a space after an ASCII colon, none after a full-width one. */
function after(label: string): string {
  return label.endsWith('：') ? label : `${label} `;
}

/** The same data for -o json/yaml. */
export function lifecycleData(lang?: Lang): object {
  const t = messagesFor(lang);
  return {
    apiVersion: 'kdiag/v1',
    kind: 'Lifecycle',
    stages: STAGES.map((stage) => ({ stage, name: t.stage[stage], description: t.lifecycle.what[stage], components: STAGE_COMPONENTS[stage], commands: stageCommands(stage), symptoms: STAGE_SYMPTOMS[stage] })),
    trafficPath: TRAFFIC_HOPS.map((hop) => {
      const m = trafficText(lang ?? 'en');
      return { hop, name: hop === 'dns' ? m.hopNameDns : m.hop[hop], checks: m.hopChecks[hop], owner: m.owner[hop], commands: HOP_COMMANDS[hop] };
    }),
  };
}
