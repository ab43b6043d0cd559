/** Flags that pick the cluster, exactly as kubectl names them. */
export interface LiveOptions {
  namespace?: string;
  context?: string;
  kubeconfig?: string;
  requestTimeout?: string;
}
