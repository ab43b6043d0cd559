import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import { renderJson } from './json.js';
import { renderMarkdown, renderMarkdownList } from './markdown.js';
import type { ReportOptions } from './options.js';
import { renderText, renderTextList } from './text.js';
import { renderYaml } from './yaml.js';

export const OUTPUT_FORMATS = ['text', 'json', 'yaml', 'markdown'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function renderDiagnosis(d: Diagnosis, format: OutputFormat, options: ReportOptions): string {
  switch (format) {
    case 'json':
      return renderJson(d);
    case 'yaml':
      return renderYaml(d);
    case 'markdown':
      return renderMarkdown(d, options.lang);
    default:
      return renderText(d, options);
  }
}

export function renderList(list: DiagnosisList, format: OutputFormat, options: ReportOptions): string {
  switch (format) {
    case 'json':
      return renderJson(list);
    case 'yaml':
      return renderYaml(list);
    case 'markdown':
      return renderMarkdownList(list, options.lang);
    default:
      return renderTextList(list, options);
  }
}
