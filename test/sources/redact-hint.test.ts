import { describe, expect, it } from 'vitest';
import { redactMessage, redactText } from '../../src/text/redact.js';

// redactMessage and redactText return text without any credential hint as it is (one scan instead of one
// per pattern): each pattern alone, in any case the pattern allows, must still be masked by both.
const SECRET = 'Zq9xW2vB7nM4kL1p';
const ALONE: Array<[string, string]> = [
  ['bearer', `Authorization: Bearer ${SECRET}`],
  ['bearer, upper case', `AUTHORIZATION: BEARER ${SECRET}`],
  ['basic', `header basic ${SECRET}`],
  ['JWT', `got eyJ${SECRET}.${SECRET}.${SECRET} back`],
  ['password=', `connecting with password=${SECRET}`],
  ['PASSWD:', `PASSWD: ${SECRET}`],
  ['db_pwd=', `db_pwd=${SECRET}`],
  ['client-secret:', `client-secret: ${SECRET}`],
  ['TOKEN=', `TOKEN=${SECRET}`],
  ['api-key', `x-api-key: ${SECRET}`],
  ['API_KEY', `API_KEY=${SECRET}`],
  ['apikey', `apikey=${SECRET}`],
  ['access_key', `aws_access_key=${SECRET}`],
  ['private-key', `private-key: ${SECRET}`],
  ['credentials', `credentials=${SECRET}`],
  ['credential', `Credential: ${SECRET}`],
  ['JSON key', `{"db_password": "${SECRET}"}`],
  ['JSON token, upper case', `{"ACCESS_TOKEN" : "${SECRET}"}`],
  ['AKIA', `key AKIA${SECRET.toUpperCase()} used`],
  ['ASIA', `key ASIA${SECRET.toUpperCase()} used`],
  ['URL', `dial postgres://app:${SECRET}@db:5432/app`],
  ['URL, upper case scheme', `dial HTTPS://app:${SECRET}@db/app`],
  ['-u', `curl -u admin:${SECRET} http`],
  ['--user', `curl --user=admin:${SECRET}`],
  ['--password', `mysql --password ${SECRET}`],
  ['private key block', `-----BEGIN RSA PRIVATE KEY-----\n${SECRET}\n-----END RSA PRIVATE KEY-----`],
];

describe('redaction: text without a credential hint', () => {
  it.each(ALONE)('%s alone is masked in messages and in logs', (_name, text) => {
    // The secret is in the text in its own case or upper case: compared without case.
    expect(redactMessage(text).toLowerCase()).not.toContain(SECRET.toLowerCase());
    expect(redactText(text).toLowerCase()).not.toContain(SECRET.toLowerCase());
  });

  it('ordinary messages come back unchanged', () => {
    for (const text of [
      'containers with unready status: [app]',
      'Back-off pulling image "127.0.0.1:5000/shop/app-7:1.0.0": ErrImagePull: rpc error: code = NotFound desc = failed to pull',
      '0/20 nodes are available: 20 Insufficient memory.',
      '',
      'Keys: a=b, c: d',
    ]) {
      expect(redactMessage(text)).toBe(text);
      expect(redactText(text)).toBe(text);
    }
  });
});
