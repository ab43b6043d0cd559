import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import { renderJson, renderJsonListChunks } from './json.js';
import { renderMarkdown, renderMarkdownList, renderMarkdownListChunks } from './markdown.js';
import type { ReportOptions } from './options.js';
import { renderText, renderTextList, renderTextListChunks } from './text.js';
import { renderYaml, renderYamlListChunks } from './yaml.js';

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

/**
 * The same text as `renderList(list, format, options)`, in pieces (a few items each), so a list of many
 * Pods is written as it is rendered and never held as one string.
 */
export function renderListChunks(list: DiagnosisList, format: OutputFormat, options: ReportOptions): Iterable<string> {
  switch (format) {
    case 'json':
      return renderJsonListChunks({ ...list, items: [] }, list.items);
    case 'yaml':
      return renderYamlListChunks({ ...list, items: [] }, list.items);
    case 'markdown':
      return renderMarkdownListChunks(list, options.lang);
    default:
      return renderTextListChunks(list, options);
  }
}
