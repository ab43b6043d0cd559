import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { ClusterError } from '../../errors.js';
import { checkKubeconfigEnv, checkKubeconfigFile } from './kubeconfig-file.js';

/** Which cluster, as whom, and the default namespace: resolved exactly the way kubectl does. */
export interface Connection {
  kubeConfig: KubeConfig;
  server: string;
  context: string;
  namespace: string;
}

export interface ConnectOptions {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  env?: NodeJS.ProcessEnv;
}

/** Loads the kubeconfig lazily (client-node is only loaded by live commands). */
export async function connect(options: ConnectOptions): Promise<Connection> {
  const env = options.env ?? process.env;
  const { KubeConfig } = await import('./kube-client.js');
  const kc = new KubeConfig();
  const inCluster = Boolean(env.KUBERNETES_SERVICE_HOST) && existsSync('/var/run/secrets/kubernetes.io/serviceaccount/token');
  try {
    if (options.kubeconfig) {
      if (!existsSync(options.kubeconfig)) throw new ClusterError('E_CONFIG', `kubeconfig "${options.kubeconfig}" does not exist`);
      checkKubeconfigFile(options.kubeconfig);
      kc.loadFromFile(options.kubeconfig);
    } else if (env.KUBECONFIG || existsSync(join(homedir(), '.kube', 'config')) || inCluster) {
      // Handles KUBECONFIG with several files (merged like kubectl) and in-cluster service accounts.
      checkKubeconfigEnv(env.KUBECONFIG);
      kc.loadFromDefault();
    } else {
      throw new ClusterError('E_CONFIG', 'no kubeconfig found (no --kubeconfig, no $KUBECONFIG, no ~/.kube/config, not in a cluster)', {
        hint: 'point kdiag at a cluster with --kubeconfig FILE, or diagnose a saved dump with -f',
      });
    }
  } catch (err) {
    if (err instanceof ClusterError) throw err;
    throw new ClusterError('E_CONFIG', `cannot read the kubeconfig: ${firstLine(err)}`, { cause: err });
  }
  if (options.context) {
    if (!kc.getContextObject(options.context)) {
      const known = kc.getContexts().map((c) => c.name);
      throw new ClusterError('E_CONFIG', `context "${options.context}" is not in the kubeconfig`, { hint: known.length ? `known contexts: ${known.join(', ')}` : undefined });
    }
    kc.setCurrentContext(options.context);
  }
  const contextName = kc.getCurrentContext();
  const context = kc.getContextObject(contextName);
  const cluster = kc.getCurrentCluster();
  if (!cluster?.server) {
    throw new ClusterError('E_CONFIG', contextName ? `context "${contextName}" names no cluster server` : 'the kubeconfig has no current context', {
      hint: 'pick one with --context NAME (kubectl config get-contexts lists them)',
    });
  }
  return { kubeConfig: kc, server: cluster.server.replace(/\/+$/, ''), context: contextName || 'in-cluster', namespace: options.namespace ?? context?.namespace ?? 'default' };
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}
