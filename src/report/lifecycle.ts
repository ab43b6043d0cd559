import { STAGE_COMPONENTS, STAGE_SYMPTOMS, stageCommands } from '../engine/stage-owner.js';
import { messagesFor } from '../i18n/index.js';
import type { Lang } from '../i18n/lang.js';
import { STAGES, type Stage } from '../model/stages.js';
import { wrapProse } from './prose.js';

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
  lines.push(...wrapProse(l.commandsNote, width, '', ''));
  return lines.join('\n') + '\n';
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
  };
}
