// A value kdiag knows (an env value, ConfigMap data) is masked wherever a message repeats it, unless it is
// also a name kdiag read (an object, a namespace, an image): a name is not what makes a message secret.
import { describe, expect, it } from 'vitest';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { StreamRedactor } from '../../src/sources/redact-snapshot.js';
import { emptySnapshot } from '../../src/model/snapshot.js';
import { REDACTED } from '../../src/text/redact.js';
import { event, IMAGE, obj, pod } from '../harness/builders.js';

const withEnv = (name: string, values: string[]) => pod({ metadata: { name, uid: `uid-${name}` }, spec: { containers: [{ name: 'app', image: IMAGE, env: values.map((value, i) => ({ name: `V${i}`, value })) }] } });

describe('known values and names', () => {
  it('an env value that is also a Deployment\'s name stays in messages; one that is no name is masked', () => {
    const p = withEnv('api-0', ['payments-api', 'not-a-name-value']);
    const s = snapshotFromObjects([p, obj('Deployment', 'payments-api', {}, 'apps/v1'), event(p, { reason: 'Failed', message: 'calling payments-api with not-a-name-value' })]);
    expect(s.events[0]!.message).toBe(`calling payments-api with ${REDACTED}`);
  });

  it('names count whatever object holds them: a namespace, an image, an Event\'s own name', () => {
    const p = withEnv('api-1', ['team-payments', IMAGE, 'evt-name-0001', 'secret-value-1']);
    const e = event(p, { reason: 'Failed', message: `team-payments ${IMAGE} evt-name-0001 secret-value-1` });
    e.metadata.name = 'evt-name-0001';
    const s = snapshotFromObjects([p, obj('ConfigMap', 'c', { metadata: { namespace: 'team-payments' } }), e]);
    expect(s.events[0]!.message).toBe(`team-payments ${IMAGE} evt-name-0001 ${REDACTED}`);
  });

  it('a ConfigMap value that equals a name (after trimming) stays; Secret values are masked', () => {
    const p = withEnv('api-2', []);
    const s = snapshotFromObjects([
      p,
      obj('ConfigMap', 'cfg', { data: { target: '  payments-api\n', url: 'https://internal.example/x' } }),
      obj('Service', 'payments-api'),
      event(p, { reason: 'Failed', message: 'payments-api at https://internal.example/x' }),
    ]);
    expect(s.events[0]!.message).toBe(`payments-api at ${REDACTED}`);
  });

  it('a streamed scan: a Pod read later whose env value is a name of the context stays exempt', () => {
    const context = emptySnapshot();
    context.deployments.push(obj('Deployment', 'payments-api', {}, 'apps/v1') as never);
    const redactor = new StreamRedactor(context);
    const mask = redactor.pod(withEnv('api-3', ['payments-api', 'late-secret-value']) as never);
    expect(mask?.('payments-api late-secret-value')).toBe(`payments-api ${REDACTED}`);
    expect(redactor.message('payments-api late-secret-value')).toBe(`payments-api ${REDACTED}`);
  });
});
