import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { neutralize } from '../text/neutralize.js';

/** What a walk of a dump directory found: the files to read, and one line per entry it could not take. */
export interface DumpDirectoryWalk {
  /** Regular files (links to files inside the directory followed), sorted, each read once. */
  files: Array<{ path: string; stat: Stats }>;
  /** One line each, naming the entry relative to the root: unreadable directories, links that loop, pipes, … */
  problems: string[];
  /** Lines that explain what was deliberately not read (links to directories, links leading out of the directory), not errors. */
  notes: string[];
}

/** Which names a walk looks at: dumps, and the logs.txt files of `kubectl cluster-info dump --output-directory`. */
export type WantedName = (name: string) => boolean;

/**
 * Walks `root` without following links to directories, and without opening anything
 * but directories (a FIFO with no writer would block an open for ever). Problems are collected, not thrown,
 * so one bad entry does not hide the rest of the dump.
 */
export function walkDumpDirectory(root: string, wanted: WantedName): DumpDirectoryWalk {
  const files: DumpDirectoryWalk['files'] = [];
  const problems: string[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  const id = (s: Stats): string => `${s.dev}:${s.ino}`;
  const name = (path: string): string => shortPath(relative(root, path) || '.');
  const rootStat = statSync(root);
  seen.add(id(rootStat));
  // Links to files are read only when they resolve inside the directory: a stranger's archive may hold
  // `pods.yaml -> /etc/shadow` or `-> /proc/self/environ`. Links leading out are named in one note.
  const inside = insideOf(root);
  const leadingOut: string[] = [];
  // An explicit stack, not recursion: a tree thousands of levels deep must not overflow the call stack.
  const stack: Array<{ dir: string; ancestors: ReadonlySet<string> }> = [{ dir: root, ancestors: new Set([id(rootStat)]) }];
  while (stack.length > 0) {
    const { dir, ancestors } = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      problems.push(`${neutralize(root)}: ${name(dir)}/: cannot read the directory (${errnoWords(err)}); skipped it`);
      continue;
    }
    const subdirs: typeof stack = [];
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (!entry.isDirectory() && !entry.isFile() && !entry.isSymbolicLink()) {
        // FIFOs, sockets, devices: never opened from a directory walk.
        if (wanted(entry.name)) problems.push(`${neutralize(root)}: ${name(full)}: not a regular file (${entry.isFIFO() ? 'a named pipe' : 'a socket or device'}); skipped it`);
        continue;
      }
      let stat: Stats;
      try {
        stat = statSync(full); // follows links: a link to a file inside is read; one leading out, or to a directory, is noted
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        // A dangling link with a name kdiag would not read anyway is not a problem; a loop always is.
        if (code === 'ELOOP' || wanted(entry.name) || entry.isDirectory()) problems.push(`${neutralize(root)}: ${name(full)}: ${errnoWords(err)}; skipped it`);
        continue;
      }
      if (stat.isDirectory()) {
        const key = id(stat);
        // Linked directories are not followed (as grep -r and kubectl -R): a link may lead anywhere, or back up.
        if (entry.isSymbolicLink()) {
          if (ancestors.has(key)) notes.push(`${neutralize(root)}: ${name(full)}: a symbolic link loop (it leads back to a directory above it); not followed`);
          else notes.push(`${neutralize(root)}: ${name(full)}: a symbolic link to a directory; not followed (pass it as an argument of its own to read it)`);
        } else if (!seen.has(key)) {
          seen.add(key);
          subdirs.push({ dir: full, ancestors: new Set([...ancestors, key]) });
        }
        continue;
      }
      if (!wanted(entry.name)) continue;
      if (!stat.isFile()) {
        problems.push(`${neutralize(root)}: ${name(full)}: not a regular file (${stat.isFIFO() ? 'a named pipe' : 'a socket or device'}); skipped it`);
        continue;
      }
      if (entry.isSymbolicLink() && !inside(full)) {
        leadingOut.push(name(full));
        continue;
      }
      const key = id(stat);
      if (seen.has(key)) continue; // the same file through a second link: read once
      seen.add(key);
      files.push({ path: full, stat });
    }
    // Depth-first in name order, like the sorted list of paths this walk replaces.
    subdirs.sort((a, b) => (a.dir < b.dir ? 1 : a.dir > b.dir ? -1 : 0));
    stack.push(...subdirs);
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (leadingOut.length > 0) notes.push(linksLeadingOutNote(neutralize(root), leadingOut.length, leadingOut.sort().slice(0, 5).join(', ')));
  return { files, problems, notes };
}

/** Whether a path, all its links resolved, lies inside `root` (itself resolved): links within a dump stay readable. */
function insideOf(root: string): (path: string) => boolean {
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return () => false;
  }
  const prefix = realRoot.endsWith(sep) ? realRoot : realRoot + sep;
  return (path) => {
    try {
      return realpathSync(path).startsWith(prefix);
    } catch {
      return false;
    }
  };
}

/** The one note for every link to a file outside the directory: how many, the first few by name, never read. */
function linksLeadingOutNote(root: string, n: number, links: string): string {
  return `${root}: ${n} symbolic link(s) lead out of the directory; not read: ${links}${n > 5 ? ` and ${n - 5} more` : ''} (pass a file as an argument of its own to read it)`;
}

/** An errno as words a person reads (the code kept for searching). */
export function errnoWords(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${code})`;
    case 'ENOENT':
      return 'no such file or directory (ENOENT; a broken symbolic link?)';
    case 'ELOOP':
      return 'a symbolic link loop (ELOOP)';
    case 'ENAMETOOLONG':
      return 'the path is longer than the system allows (ENAMETOOLONG)';
    case 'ENOTDIR':
      return 'not a directory (ENOTDIR)';
    case 'EIO':
      return 'an I/O error (EIO)';
    case undefined:
      return 'cannot read it';
    default:
      return `cannot read it (${code})`;
  }
}

/** A path for one line: neutralised, and a very long one cut in the middle (its start and its file name stay). */
export function shortPath(path: string, max = 160): string {
  const safe = neutralize(path);
  if (safe.length <= max) return safe;
  const tail = Math.floor(max * 0.6);
  return `${safe.slice(0, max - tail - 1)}…${safe.slice(safe.length - tail)}`;
}
