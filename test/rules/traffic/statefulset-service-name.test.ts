import rule from '../../../src/rules/traffic/statefulset-service-name.js';
import { runRuleTests } from '../../harness/rule-tester.js';

const sts = (serviceName?: string) => ({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'shop' }, spec: { ...(serviceName !== undefined ? { serviceName } : {}), selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'db' } } } } });
const svc = (name: string, clusterIP: string) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'shop' }, spec: { clusterIP, selector: { app: 'db' }, ports: [{ port: 5432 }] } });

runRuleTests(rule, {
  valid: [
    { name: 'real: StatefulSet cache names its headless Service cache (clusterIP: None)', fixture: 'real/traffic-sts-service-name.yaml', target: 'StatefulSet/cache' },
    { name: 'no serviceName at all', objects: [sts(), svc('db', '10.96.0.9')], target: 'StatefulSet/db' },
    { name: 'no Service read at all: unknown, not missing', objects: [sts('db-headless')], target: 'StatefulSet/db' },
  ],
  invalid: [
    {
      name: 'real: serviceName db-headless does not exist (Service db has a cluster IP)',
      fixture: 'real/traffic-sts-service-name.yaml',
      target: 'StatefulSet/db',
      expect: [{ severity: 'warning', message: 'StatefulSet db names serviceName db-headless, which does not exist: the per-Pod DNS names (db-0.db-headless) never resolve', evidence: 'statefulsets/db.spec.serviceName', remediation: 'kubectl create service clusterip db-headless --clusterip=None -n kdiag-traffic-sts-service-name' }],
    },
    { name: 'serviceName names a ClusterIP Service, not a headless one', objects: [sts('db'), svc('db', '10.96.0.9')], target: 'StatefulSet/db', expect: [{ message: 'which is not headless (clusterIP 10.96.0.9)', evidence: 'services/db.spec.clusterIP' }] },
  ],
});
