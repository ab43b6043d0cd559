/** Flags that pick the cluster and the identity, exactly as kubectl names them. */
export interface LiveOptions {
  namespace?: string;
  context?: string;
  kubeconfig?: string;
  requestTimeout?: string;
  server?: string;
  certificateAuthority?: string;
  insecureSkipTlsVerify?: boolean;
  token?: string;
  as?: string;
  asGroup?: string[];
}
