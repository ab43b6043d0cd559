// The cause column of a healthy row with a warning: "healthy; " and the warning's title, its first word in
// lower case unless it is a name (a kind, CamelCase, an acronym).
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n/index.js';

const cause = (title: string) => messagesFor('en').table.healthyWithWarning({ title });

describe('healthyWithWarning (en)', () => {
  it.each([
    ['The CronJob does not start its Jobs', 'healthy; the CronJob does not start its Jobs'],
    ['Container has no resource requests', 'healthy; container has no resource requests'],
    ['Service targets a port this Pod does not have', 'healthy; Service targets a port this Pod does not have'],
    ['Pod is not selected by its Service', 'healthy; Pod is not selected by its Service'],
    ['StatefulSet serviceName is not an existing headless Service', 'healthy; StatefulSet serviceName is not an existing headless Service'],
    ['TLS secret is missing', 'healthy; TLS secret is missing'],
    ['Services keep clients out', 'healthy; services keep clients out'],
  ])('%s', (title, want) => {
    expect(cause(title)).toBe(want);
  });
});
