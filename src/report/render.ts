import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import { messagesFor } from '../i18n/index.js';
import type { Lang } from '../i18n/lang.js';
import { renderJson, renderJsonListChunks } from './json.js';
import { renderMarkdown, renderMarkdownList, renderMarkdownListChunks } from './markdown.js';
import type { ReportOptions } from './options.js';
import { renderText, renderTextList, renderTextListChunks } from './text.js';
import { renderYaml, renderYamlListChunks } from './yaml.js';

export const OUTPUT_FORMATS = ['text', 'json', 'yaml', 'markdown'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * `notes` in the report's language (JSON and YAML mark them "Localised"): the readers write them in English,
 * the error phrases translate them, as the text report does. English (and a value without notes) is returned as it is.
 */
export function localNotes<T extends { notes?: string[] | undefined }>(value: T, lang: Lang | undefined): T {
  if (lang === undefined || lang === 'en' || !value.notes || value.notes.length === 0) return value;
  const say = messagesFor(lang).errors.text;
  return { ...value, notes: value.notes.map((text) => say({ text })) };
}

/** `localNotes` of each item, as they are rendered. */
export function* localItems(items: Iterable<Diagnosis>, lang: Lang | undefined): Generator<Diagnosis> {
  for (const d of items) yield localNotes(d, lang);
}

export function renderDiagnosis(d: Diagnosis, format: OutputFormat, options: ReportOptions): string {
  switch (format) {
    case 'json':
      return renderJson(localNotes(d, options.lang));
    case 'yaml':
      return renderYaml(localNotes(d, options.lang));
    case 'markdown':
      return renderMarkdown(d, options.lang);
    default:
      return renderText(d, options);
  }
}

const localList = (list: DiagnosisList, lang: Lang | undefined): DiagnosisList =>
  lang === undefined || lang === 'en' ? list : localNotes({ ...list, items: list.items.map((d) => localNotes(d, lang)) }, lang);

export function renderList(list: DiagnosisList, format: OutputFormat, options: ReportOptions): string {
  switch (format) {
    case 'json':
      return renderJson(localList(list, options.lang));
    case 'yaml':
      return renderYaml(localList(list, options.lang));
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
      return renderJsonListChunks(localNotes({ ...list, items: [] }, options.lang), localItems(list.items, options.lang));
    case 'yaml':
      return renderYamlListChunks(localNotes({ ...list, items: [] }, options.lang), localItems(list.items, options.lang));
    case 'markdown':
      return renderMarkdownListChunks(list, options.lang);
    default:
      return renderTextListChunks(list, options);
  }
}
