// The Pod template diff, as a table: each row a change to one field of a realistic template, and what the diff reports.
import { describe, expect, it } from 'vitest';
import { merge } from '../harness/builders.js';
import { diffPodTemplates, type FieldChange } from '../../src/revisions/template-diff.js';

const template = (patch: Record<string, any> = {}, container: Record<string, any> = {}) =>
  merge(
    {
      metadata: { labels: { app: 'web', 'pod-template-hash': '5d8b7c9f4' }, creationTimestamp: null },
      spec: {
        serviceAccountName: 'web',
        containers: [
          merge(
            {
              name: 'app',
              image: '127.0.0.1:5000/shop/web:1.4.2',
              args: ['--port=8080'],
              env: [
                { name: 'MODE', value: 'production-secret-ish' },
                { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'db', key: 'url' } } },
              ],
              ports: [{ containerPort: 8080, protocol: 'TCP' }],
              resources: { limits: { memory: '128Mi' }, requests: { cpu: '50m', memory: '64Mi' } },
              readinessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 2 },
              volumeMounts: [{ name: 'config', mountPath: '/etc/web' }],
            },
            container,
          ),
        ],
        volumes: [{ name: 'config', configMap: { name: 'web-config' } }],
      },
    },
    patch,
  );

const c0 = template().spec.containers[0]!;
const withContainer = (patch: Record<string, any>) => template({ spec: { containers: [merge(c0, patch)] } });

const rows: Array<{ name: string; to: Record<string, any>; changes: Array<Partial<FieldChange>>; noise?: string[] }> = [
  { name: 'nothing changed', to: template(), changes: [] },
  {
    name: 'image tag changed',
    to: withContainer({ image: '127.0.0.1:5000/shop/web:1.4.3' }),
    changes: [{ field: 'containers[app].image', change: 'changed', area: 'image', container: 'app', from: '127.0.0.1:5000/shop/web:1.4.2', to: '127.0.0.1:5000/shop/web:1.4.3' }],
  },
  {
    name: 'image pinned by digest',
    to: withContainer({ image: '127.0.0.1:5000/shop/web@sha256:' + 'a'.repeat(64) }),
    changes: [{ field: 'containers[app].image', area: 'image', to: '127.0.0.1:5000/shop/web@sha256:' + 'a'.repeat(64) }],
  },
  {
    name: 'env var removed: named, with its reference, never a value',
    to: withContainer({ env: [{ name: 'MODE', value: 'production-secret-ish' }] }),
    changes: [{ field: 'containers[app].env[DATABASE_URL]', change: 'removed', area: 'env', from: '{"secretKeyRef":{"name":"db","key":"url"}}' }],
  },
  {
    name: 'env value changed: "value changed", neither value',
    to: withContainer({ env: [{ name: 'MODE', value: 'staging-other' }, c0.env[1]] }),
    changes: [{ field: 'containers[app].env[MODE].value', change: 'changed', area: 'env', withheld: true, from: undefined, to: undefined }],
  },
  {
    name: 'env var added with a plain value: its name only',
    to: withContainer({ env: [...c0.env, { name: 'TOKEN', value: 's3cr3t-value' }] }),
    changes: [{ field: 'containers[app].env[TOKEN]', change: 'added', area: 'env', to: undefined }],
  },
  {
    name: 'env order changed: not a change',
    to: withContainer({ env: [c0.env[1], c0.env[0]] }),
    changes: [],
  },
  {
    name: 'secret key reference changed',
    to: withContainer({ env: [c0.env[0], { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'db', key: 'uri' } } }] }),
    changes: [{ field: 'containers[app].env[DATABASE_URL].valueFrom', change: 'changed', area: 'env', to: '{"secretKeyRef":{"name":"db","key":"uri"}}' }],
  },
  {
    name: 'envFrom added',
    to: withContainer({ envFrom: [{ configMapRef: { name: 'web-env' } }] }),
    changes: [{ field: 'containers[app].envFrom[ConfigMap web-env]', change: 'added', area: 'envFrom' }],
  },
  {
    name: 'memory limit lowered',
    to: withContainer({ resources: { limits: { memory: '32Mi' } } }),
    changes: [{ field: 'containers[app].resources.limits.memory', change: 'changed', area: 'resources', from: '128Mi', to: '32Mi' }],
  },
  {
    name: 'readiness probe path changed',
    to: withContainer({ readinessProbe: { httpGet: { path: '/ready' } } }),
    changes: [{ field: 'containers[app].readinessProbe.httpGet.path', area: 'probe', from: '/healthz', to: '/ready' }],
  },
  {
    name: 'args changed',
    to: withContainer({ args: ['--port=9090'] }),
    changes: [{ field: 'containers[app].args', area: 'command', from: '["--port=8080"]', to: '["--port=9090"]' }],
  },
  {
    name: 'port changed',
    to: withContainer({ ports: [{ containerPort: 9090, protocol: 'TCP' }] }),
    changes: [
      { field: 'containers[app].ports[8080]', change: 'removed', area: 'ports' },
      { field: 'containers[app].ports[9090]', change: 'added', area: 'ports' },
    ],
  },
  {
    name: 'volume source and mount changed',
    to: template({ spec: { volumes: [{ name: 'config', configMap: { name: 'web-config-v2' } }], containers: [merge(c0, { volumeMounts: [{ name: 'config', mountPath: '/etc/web2' }] })] } }),
    changes: [
      { field: 'containers[app].volumeMounts[/etc/web]', change: 'removed', area: 'mounts' },
      { field: 'containers[app].volumeMounts[/etc/web2]', change: 'added', area: 'mounts' },
      { field: 'volumes[config].configMap.name', area: 'volumes', from: 'web-config', to: 'web-config-v2' },
    ],
  },
  { name: 'service account changed', to: template({ spec: { serviceAccountName: 'web-v2' } }), changes: [{ field: 'serviceAccountName', area: 'serviceAccount', from: 'web', to: 'web-v2' }] },
  {
    name: 'securityContext added',
    to: withContainer({ securityContext: { runAsNonRoot: true } }),
    changes: [{ field: 'containers[app].securityContext', change: 'added', area: 'securityContext', to: '{"runAsNonRoot":true}' }],
  },
  { name: 'nodeSelector added', to: template({ spec: { nodeSelector: { disk: 'ssd' } } }), changes: [{ field: 'nodeSelector', change: 'added', area: 'scheduling' }] },
  {
    name: 'toleration added',
    to: template({ spec: { tolerations: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }] } }),
    changes: [{ field: 'tolerations[gpu Exists NoSchedule]', change: 'added', area: 'scheduling' }],
  },
  {
    name: 'init container added',
    to: template({ spec: { initContainers: [{ name: 'migrate', image: '127.0.0.1:5000/shop/migrate:2' }] } }),
    changes: [{ field: 'initContainers[migrate]', change: 'added', area: 'containers', container: 'migrate', to: '127.0.0.1:5000/shop/migrate:2' }],
  },
  {
    name: 'sidecar added beside the app',
    to: template({ spec: { containers: [c0, { name: 'proxy', image: '127.0.0.1:5000/proxy:1' }] } }),
    changes: [{ field: 'containers[proxy]', change: 'added', area: 'containers', container: 'proxy', to: '127.0.0.1:5000/proxy:1' }],
  },
  { name: 'restartedAt only: noise, named once', to: template({ metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': '2026-11-30T10:00:00Z' } } }), changes: [], noise: ['annotation kubectl.kubernetes.io/restartedAt'] },
  { name: 'pod-template-hash only: noise', to: template({ metadata: { labels: { 'pod-template-hash': '6f7c9d8b5' } } }), changes: [], noise: ['label pod-template-hash'] },
  { name: 'a label of the user changed', to: template({ metadata: { labels: { version: 'v2' } } }), changes: [{ field: 'metadata.labels[version]', change: 'added', area: 'metadata', to: 'v2' }] },
];

describe('diffPodTemplates', () => {
  for (const row of rows) {
    it(row.name, () => {
      const diff = diffPodTemplates(template(), row.to);
      expect(diff.changes).toHaveLength(row.changes.length);
      row.changes.forEach((want, i) => {
        for (const [k, v] of Object.entries(want)) expect((diff.changes[i] as any)[k], `${row.name}: ${k}`).toEqual(v);
      });
      expect(diff.noise).toEqual(row.noise ?? []);
    });
  }

  it('never carries an env value, whatever changed', () => {
    const to = withContainer({ env: [{ name: 'MODE', value: 'other-secret' }, { name: 'NEW', value: 'new-secret' }] });
    const text = JSON.stringify(diffPodTemplates(template(), to));
    for (const v of ['production-secret-ish', 'other-secret', 'new-secret']) expect(text).not.toContain(v);
    expect(text).toContain('DATABASE_URL');
  });
});
