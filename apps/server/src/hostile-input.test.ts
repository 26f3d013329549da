// Hostile input over every route: each case must get a clear 4xx (never a 5xx), and nothing may be
// stored or sent. The database (every table but the rate-limit counters) and the SMTP mailbox are
// compared before and after each case.
import { sql } from 'kysely';
import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from './testing/mailbox.ts';
import { multipartBody } from './testing/multipart.ts';
import { registerAndSignIn, type SignedIn } from './testing/sign-in.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from './testing/test-app.ts';

const mailbox = new Mailbox();
let t: TestApp;
let me: SignedIn;
let userId: string;
const KEY = TEST_IDENTITY_API_KEY;
const IT = '/identitytoolkit.googleapis.com/v1/accounts:';
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}`, MAX_ATTACHMENT_MB: '1' });
  me = await registerAndSignIn(t.app, {
    email: 'owner@example.test',
    password: 'owner-password',
    apikey: 'k',
  });
  const user = await t.app.inject({
    method: 'POST',
    url: '/jira/get-user-by-email',
    headers: { authorization: me.authorization },
    payload: { email: me.email },
  });
  userId = user.json().data.id;
  const added = await t.app.inject({
    method: 'POST',
    url: '/jira/addProject',
    headers: { authorization: me.authorization },
    payload: { userId, projectKey: 'ALPHA', projectName: 'Alpha', clientEmails: ['client@alpha.test'] },
  });
  expect(added.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

/** Everything a request could have stored: the rows of every table but the rate-limit counters. */
async function snapshot(): Promise<string> {
  const tables = [
    'identity_accounts',
    'identity_refresh_tokens',
    'identity_oob_codes',
    'signing_keys',
    'users',
    'workspaces',
    'workspace_logos',
    'notification_marks',
    'workspace_members',
    'workspace_invites',
    'projects',
    'mail_messages',
    'sends',
    'review_links',
    'review_verdicts',
    'jobs',
    'demo_tracker_comments',
    'demo_tracker_statuses',
  ];
  const rows: Record<string, unknown> = {};
  for (const table of tables) {
    const result = await sql<{ row: unknown }>`select to_jsonb(t) as row from ${sql.table(table)} t`.execute(
      t.db,
    );
    rows[table] = result.rows.map((r) => JSON.stringify(r.row)).sort();
  }
  return JSON.stringify({ rows, mails: mailbox.messages.length });
}

const auth = () => ({ authorization: me.authorization });
/** A good addProject body (userId is known once the account is registered). */
const newProject = () => ({ userId, projectKey: 'NEW', projectName: 'New', clientEmails: ['c@x.test'] });
const json = (url: string, payload: unknown, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/json', ...auth(), ...headers },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

type Fields = Array<[string, string]>;
const goodMail: Fields = [
  ['subject', 'Request for Testing'],
  ['text', 'Please test.'],
  ['to', 'client@alpha.test'],
  ['projectKey', 'ALPHA'],
  ['issueKeys', ''],
];
async function form(fields: Fields, file?: { name: string; content: Buffer }): Promise<InjectOptions> {
  const body = await multipartBody(fields, file);
  return {
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { ...auth(), ...body.headers },
    payload: body.payload,
  };
}
/** The good form with files attached under the given field names. */
async function withFiles(files: Array<[field: string, filename: string]>): Promise<InjectOptions> {
  const data = new FormData();
  for (const [name, value] of goodMail) data.append(name, value);
  for (const [field, filename] of files) data.append(field, new Blob(['x']), filename);
  const response = new Response(data);
  return {
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { ...auth(), 'content-type': response.headers.get('content-type') ?? '' },
    payload: Buffer.from(await response.arrayBuffer()),
  };
}
const replaceField = (name: string, value: string): Fields => [
  ...goodMail.filter(([field]) => field !== name),
  [name, value],
];

type Case = [name: string, request: () => Promise<InjectOptions> | InjectOptions, status?: number];

const cases: Case[] = [
  // ---- the send form
  [
    'send: a 2 MB body declared up front (limit 1 MB + fields)',
    () => form(goodMail, { name: 'big.bin', content: Buffer.alloc(2.5 * 1024 * 1024) }),
    413,
  ],
  [
    'send: an attachment just over the limit',
    () => form(goodMail, { name: 'big.bin', content: Buffer.alloc(1024 * 1024 + 1) }),
    413,
  ],
  [
    'send: a truncated multipart body',
    async () => {
      const request = await form(goodMail);
      return { ...request, payload: (request.payload as Buffer).subarray(0, 120) };
    },
    400,
  ],
  [
    'send: a body with no boundary',
    () => ({
      method: 'POST',
      url: '/jira/sendDownloadedIssues',
      headers: { ...auth(), 'content-type': 'multipart/form-data' },
      payload: 'x',
    }),
  ],
  [
    'send: JSON instead of a form',
    () => json('/jira/sendDownloadedIssues', { subject: 's', text: 't', to: 'client@alpha.test' }),
    400,
  ],
  ['send: an unknown field', () => form([...goodMail, ['bcc', 'victim@elsewhere.test']]), 400],
  ['send: a release name of 256 characters', () => form([...goodMail, ['release', 'r'.repeat(256)]]), 413],
  ['send: a line break in the release name', () => form([...goodMail, ['release', 'v1\r\nBcc: x']]), 400],
  ['send: a control character in the release name', () => form([...goodMail, ['release', 'v1\u0007']]), 400],
  [
    'send: a release without a project',
    () => form([...goodMail.filter(([name]) => name !== 'projectKey'), ['release', 'v1']]),
    400,
  ],
  ['send: a file under another name', () => withFiles([['upload', 'x.txt']]), 400],
  [
    'send: two files',
    () =>
      withFiles([
        ['file', 'a.txt'],
        ['file', 'b.txt'],
      ]),
    400,
  ],
  ['send: a subject over 500 characters', () => form(replaceField('subject', 's'.repeat(501))), 413],
  ['send: a message over 100,000 characters', () => form(replaceField('text', 't'.repeat(100_001))), 413],
  [
    'send: 101 recipients',
    () =>
      form([
        ...goodMail,
        ...Array.from({ length: 101 }, (_, i): [string, string] => ['to', `c${i}@alpha.test`]),
      ]),
    400,
  ],
  [
    'send: 2,000 fields',
    () => form([...goodMail, ...Array.from({ length: 2000 }, (): [string, string] => ['subject', 's'])]),
    413,
  ],
  [
    'send: 1,001 issue keys',
    () => form([...goodMail, ['issueKeys', Array.from({ length: 1001 }, (_, i) => `A-${i}`).join(',')]]),
    400,
  ],
  ['send: NUL in the subject', () => form(replaceField('subject', NUL)), 400],
  ['send: NUL in the message', () => form(replaceField('text', NUL)), 400],
  ['send: NUL in an address', () => form(replaceField('to', `client${NUL}@alpha.test`)), 400],
  ['send: NUL in the file name', () => form(goodMail, { name: NUL, content: Buffer.from('x') }), 400],
  [
    'send: a right-to-left override in the file name',
    () => form(goodMail, { name: 'invoice\u202Efdp.exe', content: Buffer.from('x') }),
    400,
  ],
  ...(
    [
      ['a soft hyphen', 'invoice\u00AD.pdf'],
      ['a zero-width space', 'invoice.pdf\u200B.exe'],
      ['a variation selector', 'invoice.pdf\uFE0F.exe'],
      ['a combining grapheme joiner', 'invoice.pdf\u034F.exe'],
      ['8 ideographic spaces', `invoice.pdf${'\u3000'.repeat(8)}.exe`],
      ['two plain spaces', 'invoice.pdf  .exe'],
    ] as const
  ).map(
    ([what, name]): Case => [
      `send: ${what} in the file name`,
      () => form(goodMail, { name, content: Buffer.from('x') }),
      400,
    ],
  ),
  [
    'send: a story key that is a JQL clause',
    () => form(replaceField('issueKeys', 'ALPHA-3 OR project = MOB')),
    400,
  ],
  ['send: a lower-case story key', () => form(replaceField('issueKeys', 'alpha-1')), 400],
  ['send: a story key numbered 0', () => form(replaceField('issueKeys', 'ALPHA-0')), 400],
  ['send: a full-width @ in an address', () => form(replaceField('to', 'a\uFF20evil.test@alpha.test')), 400],
  ['send: a foreign recipient', () => form([...goodMail, ['to', 'victim@elsewhere.test']]), 403],
  ['send: a story of another project', () => form(replaceField('issueKeys', 'ALPHA-1,OTHER-1')), 400],
  ['send: an answer-by date that is no date', () => form([...goodMail, ['answerBy', 'tomorrow']]), 400],
  ['send: an answer-by date that does not exist', () => form([...goodMail, ['answerBy', '2099-02-30']]), 400],
  ['send: an answer-by date in the past', () => form([...goodMail, ['answerBy', '2020-01-01']]), 400],
  ['send: an answer-by date with a time', () => form([...goodMail, ['answerBy', '2099-01-01T00:00']]), 400],
  ['send: NUL in the answer-by date', () => form([...goodMail, ['answerBy', `2099-01-01${NUL}`]]), 400],
  [
    'send: two answer-by dates, the second in the past',
    () => form([...goodMail, ['answerBy', '2099-01-01'], ['answerBy', '1999-01-01']]),
    400,
  ],
  ['send: a story key without a project', () => form(replaceField('issueKeys', '42')), 400],
  ['send: a foreign CC', () => form([...goodMail, ['cc', 'victim@elsewhere.test']]), 403],
  [
    'send: a foreign recipient with no project',
    () => form(replaceField('projectKey', '').concat([['to', 'victim@elsewhere.test']])),
    403,
  ],
  ['send: a project key over 255 characters', () => form(replaceField('projectKey', 'K'.repeat(256))), 413],
  [
    'send: no bearer token',
    async () => ({ ...(await form(goodMail)), headers: (await multipartBody(goodMail)).headers }),
    401,
  ],

  // ---- product JSON calls
  [
    'register: NUL in the e-mail',
    () => json('/jira/register', { email: `x${NUL}@example.test`, password: 'good-password', apikey: 'k' }),
    400,
  ],
  [
    'register: a number for the e-mail',
    () => json('/jira/register', { email: 42, password: 'good-password', apikey: 'k' }),
    400,
  ],
  [
    'register: NUL in the API key',
    () => json('/jira/register', { email: 'new@example.test', password: 'good-password', apikey: NUL }),
    400,
  ],
  [
    'register: a 2 MB body',
    () =>
      json('/jira/register', {
        email: 'new@example.test',
        password: 'x'.repeat(2 * 1024 * 1024),
        apikey: 'k',
      }),
    413,
  ],
  [
    'register: a password over 4096 characters',
    () => json('/jira/register', { email: 'new@example.test', password: 'p'.repeat(4097), apikey: 'k' }),
    400,
  ],
  [
    'identity signUp: a password over 4096 characters',
    () => json(`${IT}signUp?key=${KEY}`, { email: 'new2@example.test', password: 'p'.repeat(4097) }),
    400,
  ],
  ['register: truncated JSON', () => json('/jira/register', '{"email":"new@example.test","pass'), 400],
  ['register: JSON nested 100,000 deep', () => json('/jira/register', deep(100_000)), 400],
  ['get-user-by-email: NUL', () => json('/jira/get-user-by-email', { email: NUL }), 400],
  ['logout: no refresh token', () => json('/jira/logout', {}), 400],
  ['logout: NUL in the refresh token', () => json('/jira/logout', { refreshToken: NUL }), 400],
  ['logout: a number for the refresh token', () => json('/jira/logout', { refreshToken: 42 }), 400],
  ['logout: a 1 kB refresh token', () => json('/jira/logout', { refreshToken: 'r'.repeat(1024) }), 400],
  [
    'register: a second registration of a verified address, wrong password',
    () => json('/jira/register', { email: me.email, password: 'not-the-password', apikey: 'k' }),
    400,
  ],
  [
    'getFirebaseProjects: a lone surrogate in userId',
    () => json('/jira/getFirebaseProjects', { userId: LONE_SURROGATE }),
    400,
  ],
  ['getFirebaseProjects: an array for a body', () => json('/jira/getFirebaseProjects', [1, 2, 3]), 400],
  [
    'addProject: NUL in the name',
    () =>
      json('/jira/addProject', { userId, projectKey: 'NEW', projectName: NUL, clientEmails: ['c@x.test'] }),
    400,
  ],
  ['addProject: NUL in a field name', () => json('/jira/addProject', { ...newProject(), [NUL]: 1 }), 400],
  [
    'addProject: 101 client e-mails',
    () =>
      json('/jira/addProject', {
        userId,
        projectKey: 'NEW',
        projectName: 'New',
        clientEmails: Array.from({ length: 101 }, (_, i) => `c${i}@x.test`),
      }),
    400,
  ],
  [
    'addProject: a name over 255 characters',
    () =>
      json('/jira/addProject', {
        userId,
        projectKey: 'NEW',
        projectName: 'n'.repeat(256),
        clientEmails: ['c@x.test'],
      }),
    400,
  ],
  [
    'addProject: wrong types',
    () =>
      json('/jira/addProject', { userId, projectKey: ['NEW'], projectName: {}, clientEmails: 'c@x.test' }),
    400,
  ],
  ['addProject: an object nested 40 deep', () => json('/jira/addProject', deepObject(40)), 400],
  ['addProject: an unknown field', () => json('/jira/addProject', { ...newProject(), autosend: true }), 400],
  [
    'updateFirebaseProject: an unknown field in updatedProject',
    () =>
      json('/jira/updateFirebaseProject', { userId, projectKey: 'NOPE', updatedProject: { colour: 'red' } }),
    400,
  ],
  [
    'updateFirebaseProject: reminderDays of the wrong type',
    () =>
      json('/jira/updateFirebaseProject', {
        userId,
        projectKey: 'NOPE',
        updatedProject: { reminderDays: '3' },
      }),
    400,
  ],
  [
    'updateFirebaseProject: reminderDays over 30',
    () =>
      json('/jira/updateFirebaseProject', {
        userId,
        projectKey: 'NOPE',
        updatedProject: { reminderDays: 31 },
      }),
    400,
  ],
  [
    'addProject: an unknown groupBy',
    () => json('/jira/addProject', { ...newProject(), groupBy: 'sprint' }),
    400,
  ],
  [
    'updateFirebaseProject: groupBy of the wrong type',
    () =>
      json('/jira/updateFirebaseProject', {
        userId,
        projectKey: 'NOPE',
        updatedProject: { groupBy: ['epic'] },
      }),
    400,
  ],
  [
    'updateFirebaseProject: a groupBy with NUL in it',
    () =>
      json('/jira/updateFirebaseProject', {
        userId,
        projectKey: 'NOPE',
        updatedProject: { groupBy: `epic${NUL}` },
      }),
    400,
  ],
  ['getWorkspaces: an unknown field', () => json('/jira/getWorkspaces', { userId, admin: true }), 400],
  [
    'addProject: for another user',
    () =>
      json('/jira/addProject', {
        userId: 'someone-else',
        projectKey: 'NEW',
        projectName: 'New',
        clientEmails: ['c@x.test'],
      }),
    403,
  ],
  [
    'updateFirebaseProject: 20,001 sent keys',
    () =>
      json('/jira/updateFirebaseProject', {
        userId,
        projectKey: 'ALPHA',
        updatedProject: { sentProjectIssuesList: Array.from({ length: 20_001 }, (_, i) => `A-${i}`) },
      }),
    400,
  ],
  [
    'updateFirebaseProject: NUL in a sent key',
    () =>
      json('/jira/updateFirebaseProject', {
        userId,
        projectKey: 'ALPHA',
        updatedProject: { sentProjectIssuesList: [NUL] },
      }),
    400,
  ],
  [
    'updateFirebaseProject: a foreign project',
    () =>
      json('/jira/updateFirebaseProject', { userId, projectKey: 'NOPE', updatedProject: { autosend: true } }),
    404,
  ],
  [
    'updateFirebaseProject: autosend as a string',
    () =>
      json('/jira/updateFirebaseProject', {
        userId,
        projectKey: 'ALPHA',
        updatedProject: { autosend: 'yes' },
      }),
    400,
  ],
  [
    'deleteFirebaseProject: NUL in the key',
    () => json('/jira/deleteFirebaseProject', { userId, projectKey: NUL }),
    400,
  ],
  ['getFirebaseProjectByKey: a missing key', () => json('/jira/getFirebaseProjectByKey', { userId }), 400],
  ['getProjectSends: NUL in the key', () => json('/jira/getProjectSends', { userId, projectKey: NUL }), 400],
  [
    'getAllProjects: NUL in the token',
    () => json('/jira/getAllProjects', { email: me.email, api: NUL }),
    400,
  ],
  [
    'sites/add: NUL in the name',
    () => json('/jira/sites/add', { userId, name: NUL, kind: 'jira-cloud', baseUrl: 'https://x.example' }),
    400,
  ],
  [
    'sites/add: a base URL of 1 MB',
    () =>
      json('/jira/sites/add', {
        userId,
        name: 'n',
        kind: 'jira-cloud',
        baseUrl: `https://${'x'.repeat(1024 * 1024)}`,
      }),
    413,
  ],
  ...(
    [
      ['an empty fragment', 'http://127.0.0.1:4131/admin/secret-path#'],
      ['an empty query', 'http://127.0.0.1:4131/json/q?'],
      ['user info', 'https://admin:pw@jira.example.com'],
      ['another scheme', 'file:///etc/passwd'],
      ['a loopback address in decimal', 'http://2130706433:4131'],
      ['localhost', 'http://localhost:4131'],
      ['0.0.0.0', 'http://0.0.0.0:4131'],
      ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data'],
      ['an IPv4-mapped loopback address', 'http://[::ffff:127.0.0.1]:4131'],
    ] as const
  ).map(
    ([what, baseUrl]): Case => [
      `sites/add: a base URL with ${what}`,
      () => json('/jira/sites/add', { userId, name: 'n', kind: 'jira-datacenter', baseUrl }),
      400,
    ],
  ),
  [
    'sites/add: not a URL, an unknown kind',
    () => json('/jira/sites/add', { userId, name: 'n', kind: 'gitlab', baseUrl: 'javascript:alert(1)' }),
    400,
  ],
  [
    'sites/add: the built-in demo kind',
    () => json('/jira/sites/add', { userId, name: 'n', kind: 'demo', baseUrl: 'https://x.example' }),
    400,
  ],
  [
    'sites/add: a kind named like a prototype property',
    () => json('/jira/sites/add', { userId, name: 'n', kind: 'toString', baseUrl: 'https://x.example' }),
    400,
  ],
  [
    'getProjectStatuses: NUL in the key',
    () => json('/jira/getProjectStatuses', { userId, projectKey: NUL }),
    400,
  ],
  ['sites/list: NUL in the userId', () => json('/jira/sites/list', { userId: NUL }), 400],
  ['sites/remove: NUL in the site', () => json('/jira/sites/remove', { userId, siteId: NUL }), 400],
  [
    'sites/setCredential: NUL in the token',
    () => json('/jira/sites/setCredential', { userId, siteId: 'default', token: NUL }),
    400,
  ],
  ['updateApiKey: NUL in the token', () => json('/jira/updateApiKey', { apikey: NUL }), 400],
  [
    'updateApiKey: a token of 1 MB',
    () => json('/jira/updateApiKey', { apikey: 'k'.repeat(1024 * 1024) }),
    413,
  ],
  [
    'getProjectIssues: NUL in the query',
    () => ({
      method: 'GET',
      url: '/jira/getProjectIssues?projectKey=A%00B&status=Done',
      headers: { ...auth(), email: me.email },
    }),
    400,
  ],
  [
    'getProjectIssues: an unknown status',
    () => ({
      method: 'GET',
      url: '/jira/getProjectIssues?projectKey=ALPHA&status=Sparkling',
      headers: { ...auth(), email: me.email },
    }),
    400,
  ],
  [
    'getProjectIssues: a release and a status at once',
    () => ({
      method: 'GET',
      url: '/jira/getProjectIssues?projectKey=DEMO&status=Done&release=10201',
      headers: { ...auth(), email: me.email },
    }),
    400,
  ],
  [
    'getProjectIssues: a release that is not the project’s',
    () => ({
      method: 'GET',
      url: `/jira/getProjectIssues?projectKey=DEMO&release=${encodeURIComponent('10201" OR project = "MOB')}`,
      headers: { ...auth(), email: me.email },
    }),
    400,
  ],
  [
    'getProjectIssues: a release id of 256 characters',
    () => ({
      method: 'GET',
      url: `/jira/getProjectIssues?projectKey=DEMO&release=${'9'.repeat(256)}`,
      headers: { ...auth(), email: me.email },
    }),
    400,
  ],
  [
    'getProjectIssues: a sprint other than current',
    () => ({
      method: 'GET',
      url: '/jira/getProjectIssues?projectKey=DEMO&sprint=next',
      headers: { ...auth(), email: me.email },
    }),
    400,
  ],
  [
    'getProjectIssues: the current sprint of a tracker without sprints',
    () => ({
      method: 'GET',
      url: '/jira/getProjectIssues?projectKey=DEMO&sprint=current',
      headers: { ...auth(), email: me.email },
    }),
    400,
  ],
  [
    'getProjectReleases: NUL in the project key',
    () => ({
      method: 'GET',
      url: '/jira/getProjectReleases?projectKey=A%00B',
      headers: { ...auth(), email: me.email },
    }),
    400,
  ],
  [
    'getProjectReleases: no project key',
    () => ({ method: 'GET', url: '/jira/getProjectReleases', headers: { ...auth(), email: me.email } }),
    400,
  ],
  [
    'getProjectReleases: repeated parameters',
    () => ({
      method: 'GET',
      url: '/jira/getProjectReleases?projectKey=A&projectKey=B',
      headers: { ...auth(), email: me.email },
    }),
    400,
  ],
  [
    'getProjectIssues: repeated parameters',
    () => ({
      method: 'GET',
      url: '/jira/getProjectIssues?projectKey=A&projectKey=B&status=Done',
      headers: { ...auth(), email: me.email },
    }),
    400,
  ],

  // ---- the team
  [
    'inviteMember: NUL in the address',
    () => json('/jira/inviteMember', { userId, email: `a${NUL}@b.test` }),
    400,
  ],
  [
    'inviteMember: two addresses in one',
    () => json('/jira/inviteMember', { userId, email: 'a@b.test, c@d.test' }),
    400,
  ],
  [
    'inviteMember: an address of 400 characters',
    () => json('/jira/inviteMember', { userId, email: `${'a'.repeat(390)}@b.test` }),
    400,
  ],
  ['revokeInvitation: no invitation named', () => json('/jira/revokeInvitation', { userId }), 400],
  ['revokeInvitation: NUL in the id', () => json('/jira/revokeInvitation', { userId, inviteId: NUL }), 400],
  [
    'revokeInvitation: a number for the id',
    () => json('/jira/revokeInvitation', { userId, inviteId: 7 }),
    400,
  ],
  [
    'revokeInvitation: an id that is not a UUID',
    () => json('/jira/revokeInvitation', { userId, inviteId: "x' or 1=1 --" }),
    404,
  ],
  [
    'revokeInvitation: an unknown invitation',
    () => json('/jira/revokeInvitation', { userId, inviteId: '00000000-0000-4000-8000-000000000000' }),
    404,
  ],
  // ---- the workspace's name and logo
  ['renameWorkspace: no name', () => json('/jira/renameWorkspace', { userId }), 400],
  ['renameWorkspace: only spaces', () => json('/jira/renameWorkspace', { userId, name: '   ' }), 400],
  ['renameWorkspace: NUL in the name', () => json('/jira/renameWorkspace', { userId, name: NUL }), 400],
  [
    'renameWorkspace: a lone surrogate',
    () => json('/jira/renameWorkspace', { userId, name: LONE_SURROGATE }),
    400,
  ],
  [
    'renameWorkspace: a name of 81 characters',
    () => json('/jira/renameWorkspace', { userId, name: 'n'.repeat(81) }),
    400,
  ],
  ['renameWorkspace: an object for the name', () => json('/jira/renameWorkspace', { userId, name: {} }), 400],
  ['setWorkspaceLogo: no image', () => json('/jira/setWorkspaceLogo', { userId }), 400],
  [
    'setWorkspaceLogo: an HTML page as the logo',
    () =>
      json('/jira/setWorkspaceLogo', {
        userId,
        image: Buffer.from('<html><script>x</script>').toString('base64'),
      }),
    400,
  ],
  [
    'setWorkspaceLogo: an SVG as the logo',
    () =>
      json('/jira/setWorkspaceLogo', { userId, image: Buffer.from('<svg onload="x"/>').toString('base64') }),
    400,
  ],
  [
    'setWorkspaceLogo: a PNG signature then 300 kB',
    () =>
      json('/jira/setWorkspaceLogo', {
        userId,
        image: Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(300 * 1024)]).toString(
          'base64',
        ),
      }),
    400,
  ],
  [
    'setWorkspaceLogo: not base64',
    () => json('/jira/setWorkspaceLogo', { userId, image: 'data:image/png,xx' }),
    400,
  ],
  ['setWorkspaceLogo: an empty image', () => json('/jira/setWorkspaceLogo', { userId, image: '' }), 400],
  ['removeWorkspaceLogo: no logo to remove', () => json('/jira/removeWorkspaceLogo', { userId }), 404],
  ['getWorkspaceLogo: no logo', () => json('/jira/getWorkspaceLogo', { userId }), 404],
  ['getWorkspaceLogo: a number for userId', () => json('/jira/getWorkspaceLogo', { userId: 5 }), 400],
  // ---- the notifications
  ['getNotifications: no userId', () => json('/jira/getNotifications', {}), 400],
  ['getNotifications: NUL in userId', () => json('/jira/getNotifications', { userId: NUL }), 400],
  ['markNotificationsSeen: no moment', () => json('/jira/markNotificationsSeen', { userId }), 400],
  [
    'markNotificationsSeen: a moment that is not one',
    () => json('/jira/markNotificationsSeen', { userId, asOf: '2026-13-45T99:99:99Z' }),
    400,
  ],
  [
    'markNotificationsSeen: SQL in the moment',
    () => json('/jira/markNotificationsSeen', { userId, asOf: "now()'; drop table users; --" }),
    400,
  ],
  ['markNotificationsSeen: a number', () => json('/jira/markNotificationsSeen', { userId, asOf: 0 }), 400],
  // ---- the client's review (public: nothing but the token)
  ...publicReviewCases(),
  ['review logo: an unknown token', () => ({ method: 'GET', url: `/review/${'A'.repeat(43)}/logo` }), 404],
  ['review logo: NUL in the token', () => ({ method: 'GET', url: '/review/a%00b/logo' }), 400],
  [
    'review logo: a token of 300 characters',
    () => ({ method: 'GET', url: `/review/${'a'.repeat(300)}/logo` }),
    414,
  ],
  ['review logo: a dotted path', () => ({ method: 'GET', url: '/review/..%2F..%2Fetc/logo' }), 404],
  ['review page: a token of 99 characters', () => ({ method: 'GET', url: `/review/${'a'.repeat(99)}` }), 404],
  [
    'review page: a path of 200 characters',
    () => ({ method: 'GET', url: `/review/${'a'.repeat(200)}` }),
    414,
  ],
  ['review page: NUL in the token', () => ({ method: 'GET', url: '/review/abc%00def' })],
  [
    'revokeLink: a send id that is no id',
    () => json('/jira/review/revokeLink', { userId, projectKey: 'ALPHA', sendId: 'not-a-uuid' }),
    404,
  ],
  [
    'revokeLink: NUL in the send id',
    () => json('/jira/review/revokeLink', { userId, projectKey: 'ALPHA', sendId: NUL }),
    400,
  ],
  [
    'revokeLink: for another user',
    () =>
      json('/jira/review/revokeLink', {
        userId: 'someone-else',
        projectKey: 'ALPHA',
        sendId: '00000000-0000-0000-0000-000000000001',
      }),
    403,
  ],
  [
    'offerAgain: a key never sent',
    () => json('/jira/offerAgain', { userId, projectKey: 'ALPHA', issueKey: 'NEVER-1' }),
    404,
  ],
  [
    'offerAgain: a foreign project',
    () => json('/jira/offerAgain', { userId, projectKey: 'NOPE', issueKey: 'DEMO-1' }),
    404,
  ],
  [
    'offerAgain: a key of the wrong type',
    () => json('/jira/offerAgain', { userId, projectKey: 'ALPHA', issueKey: ['DEMO-1'] }),
    400,
  ],
  ['getStatus: a foreign project', () => json('/jira/review/getStatus', { userId, projectKey: 'NOPE' }), 404],
  [
    'setSettings: a test environment over 500 characters',
    () =>
      json('/jira/review/setSettings', {
        userId,
        projectKey: 'ALPHA',
        reminderDays: null,
        testEnvironment: 'e'.repeat(501),
      }),
    400,
  ],
  [
    'setSettings: a client language it does not know',
    () =>
      json('/jira/review/setSettings', {
        userId,
        projectKey: 'ALPHA',
        reminderDays: null,
        testEnvironment: null,
        clientLanguage: 'klingon',
      }),
    400,
  ],
  [
    'setSettings: a notice template of the wrong type, or missing a part',
    () =>
      json('/jira/review/setSettings', {
        userId,
        projectKey: 'ALPHA',
        reminderDays: null,
        testEnvironment: null,
        noticeTemplate: { subject: 'x', greeting: 7 },
      }),
    400,
  ],
  [
    'setSettings: a notice template over 2000 characters, with NUL',
    () =>
      json('/jira/review/setSettings', {
        userId,
        projectKey: 'ALPHA',
        reminderDays: null,
        testEnvironment: null,
        noticeTemplate: { subject: 'x', greeting: 'g'.repeat(2001), intro: NUL, closing: '' },
      }),
    400,
  ],
  [
    'setSettings: NUL in the test environment',
    () =>
      json('/jira/review/setSettings', {
        userId,
        projectKey: 'ALPHA',
        reminderDays: null,
        testEnvironment: NUL,
      }),
    400,
  ],
  [
    'setSettings: a test environment of the wrong type',
    () =>
      json('/jira/review/setSettings', {
        userId,
        projectKey: 'ALPHA',
        reminderDays: null,
        testEnvironment: ['x'],
      }),
    400,
  ],
  [
    'setSettings: a foreign project',
    () =>
      json('/jira/review/setSettings', {
        userId,
        projectKey: 'NOPE',
        reminderDays: null,
        testEnvironment: 'x',
      }),
    404,
  ],
  [
    'getStatus: a project key of the wrong type',
    () => json('/jira/review/getStatus', { userId, projectKey: { $ne: '' } }),
    400,
  ],
  [
    'getTransitions: a foreign project',
    () => json('/jira/review/getTransitions', { userId, projectKey: 'NOPE' }),
    404,
  ],
  [
    'setTransitions: wrong types',
    () =>
      json('/jira/review/setTransitions', {
        userId,
        projectKey: 'ALPHA',
        onFailed: 'In Progress',
        onPassed: 3,
      }),
    400,
  ],
  [
    'setTransitions: NUL in a transition name',
    () =>
      json('/jira/review/setTransitions', {
        userId,
        projectKey: 'ALPHA',
        onFailed: { id: '21', name: NUL },
        onPassed: null,
      }),
    400,
  ],
  [
    'getSummaries: no bearer token',
    () => ({ method: 'POST', url: '/jira/review/getSummaries', payload: { userId } }),
    401,
  ],

  // ---- the identity provider
  [
    'signUp: NUL in the e-mail',
    () => json(`${IT}signUp?key=${KEY}`, { email: `x${NUL}@example.test`, password: 'good-password' }),
    400,
  ],
  [
    'signUp: wrong types',
    () => json(`${IT}signUp?key=${KEY}`, { email: ['a@example.test'], password: 12345678 }),
    400,
  ],
  [
    'signInWithPassword: NUL in the e-mail',
    () => json(`${IT}signInWithPassword?key=${KEY}`, { email: `owner${NUL}@example.test`, password: 'x' }),
    400,
  ],
  [
    'signInWithPassword: NUL in the password',
    () => json(`${IT}signInWithPassword?key=${KEY}`, { email: me.email, password: NUL }),
    400,
  ],
  [
    'signInWithPassword: JSON nested 100,000 deep',
    () => json(`${IT}signInWithPassword?key=${KEY}`, deepObject(100_000)),
    400,
  ],
  [
    'lookup: a lone surrogate in the token',
    () => json(`${IT}lookup?key=${KEY}`, { idToken: LONE_SURROGATE }),
    400,
  ],
  [
    'sendOobCode: NUL in the e-mail',
    () =>
      json(`${IT}sendOobCode?key=${KEY}`, {
        requestType: 'PASSWORD_RESET',
        email: `owner${NUL}@example.test`,
      }),
    400,
  ],
  [
    'sendOobCode: VERIFY_EMAIL without an ID token',
    () => json(`${IT}sendOobCode?key=${KEY}`, { requestType: 'VERIFY_EMAIL', email: me.email }),
    400,
  ],
  [
    'sendOobCode: VERIFY_EMAIL with a forged ID token',
    () => json(`${IT}sendOobCode?key=${KEY}`, { requestType: 'VERIFY_EMAIL', idToken: `${me.idToken}x` }),
    400,
  ],
  ['update: no code', () => json(`${IT}update?key=${KEY}`, { idToken: me.idToken }), 400],
  ['update: NUL in the code', () => json(`${IT}update?key=${KEY}`, { oobCode: NUL }), 400],
  ['update: a made-up code', () => json(`${IT}update?key=${KEY}`, { oobCode: 'A'.repeat(43) }), 400],
  ['update: a number for the code', () => json(`${IT}update?key=${KEY}`, { oobCode: 42 }), 400],
  ['resetPassword: NUL in the code', () => json(`${IT}resetPassword?key=${KEY}`, { oobCode: NUL }), 400],
  [
    'resetPassword: NUL in the new password',
    () => json(`${IT}resetPassword?key=${KEY}`, { oobCode: 'made-up', newPassword: NUL }),
    400,
  ],
  [
    'token: NUL in the refresh token (form body)',
    () => ({
      method: 'POST',
      url: `/securetoken.googleapis.com/v1/token?key=${KEY}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=a%00b',
    }),
    400,
  ],
  [
    'passwordPolicy: NUL in the key',
    () => ({ method: 'GET', url: `/identitytoolkit.googleapis.com/v2/passwordPolicy?key=a%00b` }),
    400,
  ],

  // ---- the demo tracker (Jira's API)
  [
    'demo tracker: NUL in Basic credentials',
    () => ({
      method: 'GET',
      url: '/rest/api/3/myself',
      headers: { authorization: `Basic ${Buffer.from(`owner${NUL}@example.test:k`).toString('base64')}` },
    }),
    401,
  ],
  [
    'demo tracker: NUL in the JQL',
    () => ({
      method: 'GET',
      url: `/rest/api/3/search/jql?jql=${encodeURIComponent(`project = "${NUL}"`)}`,
      headers: { authorization: `Basic ${Buffer.from('owner@example.test:k').toString('base64')}` },
    }),
    400,
  ],
  [
    'demo tracker: JQL of 1 MB',
    () =>
      json(
        '/rest/api/3/search/jql',
        { jql: `project = "${'A'.repeat(1024 * 1024)}"` },
        { authorization: `Basic ${Buffer.from('owner@example.test:k').toString('base64')}` },
      ),
    413,
  ],
  [
    'demo tracker: NUL in the project query',
    () => ({
      method: 'GET',
      url: '/rest/api/3/project/search?query=a%00b',
      headers: { authorization: `Basic ${Buffer.from('owner@example.test:k').toString('base64')}` },
    }),
    400,
  ],
  [
    'demo tracker: a comment that is no ADF document',
    () =>
      json(
        '/rest/api/3/issue/DEMO-1/comment',
        { body: 'plain text' },
        { authorization: `Basic ${Buffer.from('owner@example.test:k').toString('base64')}` },
      ),
    400,
  ],
  [
    'demo tracker: a comment on an unknown issue',
    () =>
      json(
        '/rest/api/3/issue/NOPE-1/comment',
        {
          body: {
            type: 'doc',
            version: 1,
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
          },
        },
        { authorization: `Basic ${Buffer.from('owner@example.test:k').toString('base64')}` },
      ),
    404,
  ],
  [
    'demo tracker: a comment without credentials',
    () => ({ method: 'POST', url: '/rest/api/3/issue/DEMO-1/comment', payload: { body: {} } }),
    401,
  ],
  [
    'demo tracker: a transition that does not exist',
    () =>
      json(
        '/rest/api/3/issue/DEMO-1/transitions',
        { transition: { id: '999' } },
        { authorization: `Basic ${Buffer.from('owner@example.test:k').toString('base64')}` },
      ),
    400,
  ],
  [
    'demo tracker: a transition id of the wrong type',
    () =>
      json(
        '/rest/api/3/issue/DEMO-1/transitions',
        { transition: { id: 21 } },
        { authorization: `Basic ${Buffer.from('owner@example.test:k').toString('base64')}` },
      ),
    400,
  ],
];

/**
 * The public calls, the review page's and the invitation page's: every hostile body is refused before the
 * token is even looked up.
 */
function publicReviewCases(): Case[] {
  const token = 'A'.repeat(43);
  const good = { token, verdicts: [{ key: 'ALPHA-1', verdict: 'passed' }] };
  const pub = (url: string, payload: unknown): InjectOptions => ({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  const notice = '/jira/review/getNotice';
  const linkState = '/jira/review/getLinkState';
  const invitation = '/jira/getInvitation';
  const submit = '/jira/review/submitVerdicts';
  return [
    ['getNotice: an unknown token', () => pub(notice, { token }), 404],
    ['getNotice: an unknown field', () => pub(notice, { token, userId }), 400],
    ['getNotice: NUL in the token', () => pub(notice, { token: `${token}${NUL}` }), 400],
    ['getNotice: a number for the token', () => pub(notice, { token: 42 }), 400],
    ['getNotice: truncated JSON', () => pub(notice, '{"token":"AAAA'), 400],
    ['getNotice: a 2 MB body', () => pub(notice, { token: 'A'.repeat(2 * 1024 * 1024) }), 413],
    ['getLinkState: an unknown field', () => pub(linkState, { token, userId }), 400],
    ['getLinkState: NUL in the token', () => pub(linkState, { token: `${token}${NUL}` }), 400],
    ['getLinkState: a number for the token', () => pub(linkState, { token: 42 }), 400],
    ['getLinkState: truncated JSON', () => pub(linkState, '{"token":"AAAA'), 400],
    ['getInvitation: an unknown field', () => pub(invitation, { token, userId }), 400],
    ['getInvitation: a number for the token', () => pub(invitation, { token: 42 }), 400],
    ['getInvitation: a token of 201 characters', () => pub(invitation, { token: 'a'.repeat(201) }), 400],
    ['getInvitation: truncated JSON', () => pub(invitation, '{"token":"AAAA'), 400],
    ['submitVerdicts: an unknown token', () => pub(submit, good), 404],
    ['submitVerdicts: no verdicts', () => pub(submit, { token, verdicts: [] }), 400],
    [
      'submitVerdicts: 501 verdicts',
      () => pub(submit, { token, verdicts: Array.from({ length: 501 }, () => good.verdicts[0]) }),
      400,
    ],
    [
      'submitVerdicts: a comment over 2,000 characters',
      () =>
        pub(submit, { token, verdicts: [{ key: 'ALPHA-1', verdict: 'failed', comment: 'c'.repeat(2001) }] }),
      400,
    ],
    [
      'submitVerdicts: a verdict that is neither',
      () => pub(submit, { token, verdicts: [{ key: 'ALPHA-1', verdict: 'maybe' }] }),
      400,
    ],
    [
      'submitVerdicts: NUL in a comment',
      () => pub(submit, { token, verdicts: [{ key: 'ALPHA-1', verdict: 'failed', comment: NUL }] }),
      400,
    ],
    [
      'submitVerdicts: an unknown field in a verdict',
      () => pub(submit, { token, verdicts: [{ key: 'ALPHA-1', verdict: 'passed', author: 'x' }] }),
      400,
    ],
    ['submitVerdicts: wrong types', () => pub(submit, { token, verdicts: { key: 'ALPHA-1' } }), 400],
    ['submitVerdicts: JSON nested 100,000 deep', () => pub(submit, deep(100_000)), 400],
    [
      'submitVerdicts: a reviewer name over 200 characters',
      () => pub(submit, { ...good, reviewer: 'n'.repeat(201) }),
      400,
    ],
    ['signOff: an unknown token', () => pub('/jira/review/signOff', { token, reviewer: 'Ann' }), 404],
    ['signOff: no name', () => pub('/jira/review/signOff', { token, reviewer: '  ' }), 400],
    ['signOff: a name of the wrong type', () => pub('/jira/review/signOff', { token, reviewer: 7 }), 400],
    ['signOff: NUL in the name', () => pub('/jira/review/signOff', { token, reviewer: 'A\u0000B' }), 400],
    ...[notice, submit, '/jira/review/signOff'].flatMap((url): Case[] => [
      [
        `${url}: a text/plain body`,
        () => ({ ...pub(url, good), headers: { 'content-type': 'text/plain' } }),
        415,
      ],
      [
        `${url}: a form body`,
        () => ({
          ...pub(url, 'token=AAAA'),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        415,
      ],
    ]),
  ];
}

describe('hostile input', () => {
  const statuses: number[] = [];
  afterAll(() => {
    // The whole table: at least 40 cases, every one a 4xx.
    expect(statuses.length).toBeGreaterThanOrEqual(40);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });

  it.each(cases)('%s: 4xx, nothing stored or sent', async (_name, request, expected) => {
    const before = await snapshot();
    const res = await t.app.inject(await request());
    statuses.push(res.statusCode);
    expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    if (expected) expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
    // Each answer says what is wrong.
    expect(res.body.length).toBeGreaterThan(10);
    await t.app.identity.provider?.drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await snapshot()).toBe(before);
  });
});
