// Small built inputs for the traffic rules' tables: namespace shop with a Ready Pod web-1 (app=web, port
// http 8080/TCP) and namespace monitoring with prom-0; each row adds what it varies.
export const ns = (name: string, labels: Record<string, string> = {}) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name, ...labels } } });

export const webPod = (name: string, namespace: string, labels: Record<string, string>, opts: { ports?: unknown[]; ready?: boolean } = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace, labels, uid: `${namespace}-${name}` },
  spec: { nodeName: 'n1', containers: [{ name: 'app', image: 'x', ports: opts.ports ?? [{ name: 'http', containerPort: 8080 }] }] },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }] },
});

export const service = (ports: unknown[] = [{ name: 'http', port: 80, targetPort: 'http' }], extra: Record<string, unknown> = {}, name = 'web') => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace: 'shop' },
  spec: { selector: { app: 'web' }, ports, ...extra },
});

export const netpol = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, namespace: 'shop' }, spec });

export const ingress = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name, namespace: 'shop' }, spec });

export const ingressClass = (name: string, isDefault = false) => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'IngressClass',
  metadata: { name, ...(isDefault ? { annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } } : {}) },
  spec: { controller: `example.com/${name}` },
});

/** An Ingress to Service web on a port; the class is named unless `cls` is null. */
export const ingressTo = (name: string, port: Record<string, unknown>, cls: string | null = 'nginx', extra: Record<string, unknown> = {}) =>
  ingress(name, { ...(cls ? { ingressClassName: cls } : {}), rules: [{ http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port } } } ] } }], ...extra });

/** The two namespaces, web-1 and prom-0, plus the row's objects. */
export const shop = (...objects: unknown[]) => [ns('shop'), ns('monitoring'), webPod('web-1', 'shop', { app: 'web' }), webPod('prom-0', 'monitoring', { app: 'prometheus' }), ...objects];
