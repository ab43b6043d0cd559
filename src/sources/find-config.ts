import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { InputError } from '../errors.js';

/** The file name kdiag looks for, from the working directory up to the repository root. */
export const CONFIG_NAME = '.kdiag.yaml';

/** A config file's text and how reports name it. */
export interface ConfigFile {
  text: string;
  /** The path as given (--config) or relative to the working directory (found). */
  source: string;
}

/**
 * `.kdiag.yaml` in `cwd` or its parents, stopping at the first directory that holds `.git` (the repository
 * root) or at the file system's root; undefined when there is none.
 */
export function findConfig(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, CONFIG_NAME);
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    if (existsSync(join(dir, '.git'))) return undefined;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** Reads a config file: the one given, else the one found; undefined when none was given or found. */
export function readConfig(given: string | undefined, cwd: string): ConfigFile | undefined {
  const path = given ?? findConfig(cwd);
  if (path === undefined) return undefined;
  try {
    return { text: readFileSync(path, 'utf8'), source: given ?? (relative(cwd, path) || CONFIG_NAME) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(`${path}: cannot read the config file (${code ?? 'error'})`, { hint: 'pass --config FILE with a readable file, or --no-config' });
  }
}
