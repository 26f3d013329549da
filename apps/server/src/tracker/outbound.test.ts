// The outbound guard (outbound.ts) as an attacker meets it: every spelling of an internal address is
// refused by POST /jira/sites/add before any connection reaches it (the loopback listener sees nothing),
// and the same address works once TRACKER_ALLOWED_HOSTS names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeJira, sendJson, startFakeJira } from '../testing/fake-jira.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { type Caller, callAs } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { isPublicAddress, type ResolvedAddress } from './outbound.ts';

const PUBLIC = '93.184.215.14';
const loopback = (): ResolvedAddress[] => [{ address: '127.0.0.1', family: 4 }];

/** A stand-in for DNS: each name's answer; `rebind.test` answers public once, then loopback. */
function testResolver() {
  let rebindAnswers = 0;
  return async (hostname: string): Promise<ResolvedAddress[]> => {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (name === 'rebind.test') {
      rebindAnswers += 1;
      return rebindAnswers === 1 ? [{ address: PUBLIC, family: 4 }] : loopback();
    }
    if (['localhost', 'internal.test', 'outside.test'].includes(name)) return loopback();
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  };
}

let target: FakeJira;
let redirector: FakeJira;

beforeAll(async () => {
  target = await startFakeJira((request, response) => {
    if (request.path.endsWith('/rest/api/2/serverInfo')) {
      return sendJson(response, 200, { deploymentType: 'Cloud', version: '1001.0.0' });
    }
    sendJson(response, 404, {});
  });
  redirector = await startFakeJira((_request, response) => {
    response.writeHead(302, { location: `${target.url}/rest/api/2/serverInfo` }).end();
  });
});
afterAll(async () => {
  await target.close();
  await redirector.close();
});

async function appWithOwner(allowedHosts: string): Promise<{ t: TestApp; owner: Caller }> {
  const t = await createTestApp(
    { TRACKER_ALLOWED_HOSTS: allowedHosts },
    { outbound: { resolve: testResolver() } },
  );
  const owner = await signUpAndSignIn(t.app, {
    email: 'olga@agency.example',
    password: 'pw-olga-1',
    apikey: 'k',
  });
  return { t, owner };
}

const port = () => new URL(target.url).port;
/** The tables are built before the listener starts: `:PORT` stands for its port. */
const withPort = (baseUrl: string) => baseUrl.replace(':PORT', `:${port()}`);
const refusal = (host: string) =>
  `Handoff may not connect to ${host}: it is not a public address. An administrator can allow it with TRACKER_ALLOWED_HOSTS.`;

/** Every spelling of the loopback listener, with the host the refusal names. */
const loopbackSpellings: Array<[string, string, string]> = [
  ['dotted', 'http://127.0.0.1:PORT', '127.0.0.1'],
  ['decimal', 'http://2130706433:PORT', '127.0.0.1'],
  ['octal', 'http://0177.0.0.1:PORT', '127.0.0.1'],
  ['hex', 'http://0x7f000001:PORT', '127.0.0.1'],
  ['hex dotted', 'http://0x7f.0.0.1:PORT', '127.0.0.1'],
  ['short', 'http://127.1:PORT', '127.0.0.1'],
  ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]:PORT', '[::ffff:7f00:1]'],
  ['localhost', 'http://localhost:PORT', 'localhost'],
  ['localhost.', 'http://localhost.:PORT', 'localhost.'],
  ['LOCALHOST with a context path', 'http://LOCALHOST:PORT/jira', 'localhost'],
  ['a name resolving to loopback', 'http://internal.test:PORT', 'internal.test'],
];

describe('by default, a site must be on a public address', () => {
  let t: TestApp;
  let owner: Caller;
  beforeAll(async () => {
    ({ t, owner } = await appWithOwner('outside.test'));
  });
  afterAll(() => t.close());
  const add = (baseUrl: string) =>
    callAs(t.app, owner, '/jira/sites/add', { userId: owner.userId, name: 'X', kind: 'jira-cloud', baseUrl });

  it.each(loopbackSpellings)('%s (%s) is refused before any connection', async (_name, baseUrl, host) => {
    const before = target.requests.length;
    const answer = await add(withPort(baseUrl));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toBe(refusal(host));
    expect(target.requests.length).toBe(before);
  });

  it.each([
    ['0.0.0.0/8', 'http://0.0.0.0', '0.0.0.0'],
    ['the metadata address', 'http://169.254.169.254/latest', '169.254.169.254'],
    ['the EC2 IPv6 metadata address', 'http://[fd00:ec2::254]', '[fd00:ec2::254]'],
    ['RFC 1918', 'https://10.1.2.3', '10.1.2.3'],
    ['RFC 1918 (192.168)', 'https://192.168.0.10', '192.168.0.10'],
    ['CGNAT', 'https://100.64.0.1', '100.64.0.1'],
    ['multicast', 'http://224.0.0.1', '224.0.0.1'],
    ['IPv6 loopback', 'http://[::1]', '[::1]'],
    ['IPv6 unspecified', 'http://[::]', '[::]'],
    ['IPv6 link-local', 'http://[fe80::1]', '[fe80::1]'],
    ['a name under localhost', 'http://jira.localhost', 'jira.localhost'],
  ])('%s (%s) is refused', async (_name, baseUrl, host) => {
    const answer = await add(baseUrl);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toBe(refusal(host));
  });

  it.each([
    ['an empty fragment', '/admin/secret-path#', 'The base URL may not contain a fragment (#).'],
    ['a fragment', '/x#/rest', 'The base URL may not contain a fragment (#).'],
    ['an empty query', '/json/q?', 'The base URL may not contain a query (?).'],
    ['a query', '/json/q?a=1', 'The base URL may not contain a query (?).'],
  ])('a Base URL with %s is refused by its rule', async (_name, tail, rule) => {
    const before = target.requests.length;
    const answer = await add(`${target.url}${tail}`);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toContain(rule);
    expect(target.requests.length).toBe(before);
  });

  it.each([
    ['user info', 'https://user:pw@jira.example.com', 'may not contain a user name or password'],
    ['another scheme', 'ftp://jira.example.com', 'must start with https:// or http://'],
  ])('a Base URL with %s is refused by its rule', async (_name, baseUrl, rule) => {
    const answer = await add(baseUrl);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toContain(rule);
  });

  it('a redirect from an allowed host to loopback is not followed, and names where it pointed', async () => {
    const before = target.requests.length;
    const answer = await add(`http://outside.test:${new URL(redirector.url).port}`);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toMatch(/redirect to 127\.0\.0\.1\. Handoff does not follow redirects/);
    expect(redirector.requests.length).toBe(1);
    expect(target.requests.length).toBe(before);
  });

  it('DNS rebinding: a name public for the check and loopback for the connection reaches nothing', async () => {
    const before = target.requests.length;
    const answer = await add(withPort('http://rebind.test:PORT'));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toBe(refusal('rebind.test'));
    expect(target.requests.length).toBe(before);
  });
});

describe('TRACKER_ALLOWED_HOSTS lets an administrator allow internal hosts', () => {
  let t: TestApp;
  let owner: Caller;
  beforeAll(async () => {
    ({ t, owner } = await appWithOwner('127.0.0.0/8, localhost, internal.test'));
  });
  afterAll(() => t.close());

  it.each(loopbackSpellings)('%s (%s) is reached once allowed', async (name, baseUrl) => {
    const before = target.requests.length;
    const answer = await callAs(t.app, owner, '/jira/sites/add', {
      userId: owner.userId,
      name,
      kind: 'jira-cloud',
      baseUrl: withPort(baseUrl),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(target.requests.length).toBe(before + 1);
  });

  it('a site that answers something other than Jira gets one answer, whatever it was', async () => {
    const closed = await startFakeJira();
    const closedUrl = closed.url;
    await closed.close();
    const messages = new Set<string>();
    for (const [status, body] of [
      [404, '{}'],
      [403, '{}'],
      [200, '<html>hello</html>'],
      [400, '{"errorMessages":["no"]}'],
    ] as const) {
      target.handle((_request, response) => {
        response.writeHead(status, { 'content-type': 'text/html' }).end(body);
      });
      const answer = await callAs(t.app, owner, '/jira/sites/add', {
        userId: owner.userId,
        name: `odd ${status}`,
        kind: 'jira-cloud',
        baseUrl: target.url,
      });
      expect(answer.statusCode, answer.body).toBe(400);
      messages.add(answer.json().message.replace(target.url, 'SITE'));
    }
    const down = await callAs(t.app, owner, '/jira/sites/add', {
      userId: owner.userId,
      name: 'closed',
      kind: 'jira-cloud',
      baseUrl: closedUrl,
    });
    expect(down.statusCode, down.body).toBe(400);
    messages.add(down.json().message.replace(closedUrl, 'SITE'));
    expect([...messages]).toEqual([
      "SITE is not a Jira site: it doesn't answer GET /rest/api/2/serverInfo as Jira does. Check the base URL, with its context path for Data Center.",
    ]);
  });
});

describe('the address classifier', () => {
  it.each([
    ['8.8.8.8', true],
    [PUBLIC, true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fd00:ec2::254', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['not an address', false],
  ])('%s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
