import type { Diagnosis } from '../engine/diagnosis.js';
import type { StreamedItem } from '../engine/pod-stream.js';
import { resolveLang } from '../i18n/lang.js';
import { renderGithubListAnnotations } from '../report/github-list.js';
import { renderJunitList } from '../report/junit-list.js';
import { neutralizeOutput } from '../text/neutralize.js';
import { fails, parseFailOn } from './fail-on.js';
import { writeNewFile, writeReport } from './io.js';

/** `--junit FILE` and GitHub annotations for the list commands (analyze, scan), as `gate` has them. */
export interface CiOptions {
  junit?: string;
  force?: boolean;
  /** true with --github, false with --no-github; undefined: on under GITHUB_ACTIONS=true. */
  github?: boolean;
  failOn?: string;
  lang?: string;
  output?: string;
}

function* diagnoses(items: readonly (Diagnosis | StreamedItem)[]): Generator<Diagnosis> {
  for (const i of items) yield 'findings' in i ? i : i.diagnosis();
}

/**
 * Writes the JUnit file (every item, before --failing-only narrows the report) and the annotations: on
 * stdout before a text report (as gate does), on stderr beside JSON or YAML so stdout stays one document.
 */
export function writeCiReports(items: readonly (Diagnosis | StreamedItem)[], opts: CiOptions, command: 'analyze' | 'scan'): void {
  const lang = resolveLang(opts.lang);
  if (opts.junit) {
    const failOn = parseFailOn(opts.failOn);
    writeNewFile(opts.junit, neutralizeOutput(renderJunitList(diagnoses(items), command, (d) => fails(d, failOn === 'never' ? 'error' : failOn), new Date().toISOString(), lang)), '--junit', opts.force);
  }
  const github = opts.github ?? process.env.GITHUB_ACTIONS === 'true';
  if (!github) return;
  const annotations = renderGithubListAnnotations(diagnoses(items), lang);
  if (annotations === '') return;
  const text = (opts.output ?? 'text').toLowerCase();
  // kdiag's own workflow commands: written beside the report, never through its neutralisation.
  if (text === 'text' || text === 'wide') writeReport('', annotations);
  else process.stderr.write(annotations);
}
