import { ClusterError } from '../../errors.js';
import { clip } from '../../text/neutralize.js';
import { REDACTED, redactText } from '../../text/redact.js';

/** A credential plugin's stdout past this is not an ExecCredential. */
const MAX_PLUGIN_OUTPUT = 1024 * 1024;

interface ExecConfig {
  command?: string;
  args?: string[];
  env?: Array<{ name: string; value: string }>;
  apiVersion?: string;
}

interface ExecUser {
  name: string;
  exec?: ExecConfig;
  authProvider?: { name?: string; config?: { exec?: ExecConfig } | Record<string, unknown> };
}

interface Credential {
  token?: string;
  clientCertificateData?: string;
  clientKeyData?: string;
  expirationTimestamp?: string;
}

/**
 * Runs kubeconfig exec credential plugins for one command: at most once (parallel requests share the run),
 * within a deadline, with bounded output; `invalidate()` (after a 401) makes the next request run it again.
 */
export class ExecCredentials {
  runs = 0;
  private pending = new Map<string, Promise<Credential>>();

  constructor(private readonly timeoutMs: () => number) {}

  isAuthProvider(user: ExecUser | null): boolean {
    return Boolean(user && (user.exec || user.authProvider?.name === 'exec' || (user.authProvider?.config as { exec?: unknown } | undefined)?.exec));
  }

  async applyAuthentication(user: ExecUser, opts: { cert?: string; key?: string; headers?: Record<string, unknown> }): Promise<void> {
    const credential = await this.credential(user);
    if (credential.clientCertificateData) opts.cert = credential.clientCertificateData;
    if (credential.clientKeyData) opts.key = credential.clientKeyData;
    if (credential.token) opts.headers = { ...(opts.headers ?? {}), Authorization: `Bearer ${credential.token}` };
  }

  invalidate(): void {
    this.pending.clear();
  }

  private credential(user: ExecUser): Promise<Credential> {
    const cached = this.pending.get(user.name);
    if (cached) return cached;
    const run = this.run(user);
    this.pending.set(user.name, run);
    run.then(
      (c) => {
        // An expiry inside this command's life: the next request asks the plugin again.
        const expires = c.expirationTimestamp ? Date.parse(c.expirationTimestamp) : NaN;
        if (Number.isFinite(expires)) setTimeout(() => this.pending.get(user.name) === run && this.pending.delete(user.name), Math.min(Math.max(expires - Date.now(), 0), 2 ** 31 - 1)).unref();
      },
      () => this.pending.delete(user.name),
    );
    return run;
  }

  private run(user: ExecUser): Promise<Credential> {
    const exec = user.exec ?? ((user.authProvider?.config as { exec?: ExecConfig } | undefined)?.exec);
    const command = exec?.command;
    if (!command) return Promise.reject(new ClusterError('E_AUTH', `the kubeconfig user "${user.name}" has an exec credential plugin without a command`));
    const name = clip(command, 100);
    const timeoutMs = Math.max(1, this.timeoutMs());
    const env: NodeJS.ProcessEnv = { ...process.env, KUBERNETES_EXEC_INFO: JSON.stringify({ apiVersion: exec.apiVersion ?? 'client.authentication.k8s.io/v1beta1', kind: 'ExecCredential', spec: { interactive: false } }) };
    for (const e of exec.env ?? []) if (e && typeof e.name === 'string') env[e.name] = String(e.value ?? '');
    this.runs++;
    return new Promise<Credential>((resolve, reject) => {
      const fail = (why: string, hint?: string): void => {
        clearTimeout(timer);
        // The plugin's own children (a shell's sleep, a browser helper) must not hold kdiag open.
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
        child.stdout?.destroy();
        child.stderr?.destroy();
        child.unref();
        reject(new ClusterError('E_AUTH', `the exec credential plugin "${name}" ${why}`, { hint: hint ?? `run it yourself to see why: ${name} ${(exec.args ?? []).join(' ')}`.trim() }));
      };
      let child: ReturnType<typeof import('node:child_process').spawn>;
      try {
        // node:child_process on first use: few kubeconfigs have an exec plugin (it costs 1-4 ms to load).
        child = process.getBuiltinModule('node:child_process').spawn(command, Array.isArray(exec.args) ? exec.args.map(String) : [], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      } catch (e) {
        return reject(new ClusterError('E_AUTH', `the exec credential plugin "${name}" could not be started (${(e as NodeJS.ErrnoException).code ?? 'invalid command'})`));
      }
      const timer = setTimeout(() => fail(`did not finish within ${timeoutMs / 1000}s (--request-timeout)`), Math.min(timeoutMs, 2 ** 31 - 1));
      let out = '';
      let err = '';
      child.stdout!.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.length > MAX_PLUGIN_OUTPUT) fail(`wrote more than ${MAX_PLUGIN_OUTPUT / 1024} KiB to stdout`);
      });
      child.stderr!.setEncoding('utf8').on('data', (d: string) => {
        if (err.length < 4096) err += d;
      });
      child.on('error', (e: NodeJS.ErrnoException) => fail(`could not be started (${e.code ?? e.message})`, 'install it, or check the command in the kubeconfig\'s users[].user.exec'));
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code !== 0) return fail(`failed (exit ${code})${err.trim() ? `: ${clip(maskPluginLine(err.trim().split('\n')[0]!), 300)}` : ''}`);
        let parsed: { status?: Credential } | undefined;
        try {
          parsed = JSON.parse(out) as { status?: Credential };
        } catch {
          return fail('printed something that is not an ExecCredential (not JSON)');
        }
        const status = parsed && typeof parsed === 'object' ? parsed.status : undefined;
        if (!status || typeof status !== 'object' || (typeof status.token !== 'string' && typeof status.clientCertificateData !== 'string')) return fail('printed an ExecCredential without a token or client certificate');
        resolve(status);
      });
    });
  }
}

/** Words after which a plugin names its secret ("token abc…", "password hunter2"), with or without `=`/`:`. */
const AFTER_SECRET_WORD = /\b(token|password|passwd|secret|credentials?|api[_-]?key)(\s+)(?![=:])(\S+)/gi;
/** A long run of token characters holding letters and digits: an opaque credential, whatever names it. */
const OPAQUE = /[A-Za-z0-9._~+/=-]{16,}/g;

/**
 * The first line of a failed plugin's stderr, fit to print: the log patterns (Bearer, JWT, key=value),
 * then a word after "token"/"password"/…, and any long opaque string of letters and digits, masked.
 */
function maskPluginLine(line: string): string {
  return redactText(line)
    .replace(AFTER_SECRET_WORD, (_m, word: string, space: string) => `${word}${space}${REDACTED}`)
    .replace(OPAQUE, (run) => (/[0-9]/.test(run) && /[A-Za-z]/.test(run) ? REDACTED : run));
}
