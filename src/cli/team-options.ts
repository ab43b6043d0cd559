import type { Command } from 'commander';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `--fail-on` on every command that judges Pods. */
export function failOnOption(cmd: Command): Command {
  return cmd.option('--fail-on <level>', 'which verdicts exit 1: error (a failing Pod), warning (also a warning), never (a report only)', 'error');
}

/** What to ignore, and whether to list what was ignored: the commands that diagnose Pods. */
export function suppressionOptions(cmd: Command): Command {
  return cmd
    .option('--ignore <rules>', 'rule ids or stages to keep out of the verdict, comma-separated (repeatable); still reported as suppressed', collect)
    .option('--config <file>', 'the .kdiag.yaml to read (default: found from here up to the repository root)')
    .option('--no-config', 'read no .kdiag.yaml')
    .option('--show-suppressed', 'list each suppressed finding, not only their count');
}

/** `--junit` and GitHub annotations for the list commands (gate has its own `--junit`). */
export function ciOptions(cmd: Command): Command {
  return cmd
    .option('--junit <file>', 'write a JUnit XML report (one test case per item); never overwrites without --force')
    .option('--force', 'overwrite the --junit file')
    .option('--github', 'print GitHub Actions annotations (default under GITHUB_ACTIONS=true)')
    .option('--no-github', 'do not print GitHub Actions annotations');
}
