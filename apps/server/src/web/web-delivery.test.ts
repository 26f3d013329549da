import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { testConfig } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const script = `console.log(${JSON.stringify('handoff '.repeat(400))});`;
const page = '<!doctype html><title>Handoff</title><div id="root"></div>';
const adminPage = '<!doctype html><title>Handoff</title><link rel="modulepreload" href="/assets/admin.js">';
const loginPage = '<!doctype html><title>Handoff</title><div id="root"><main><h1>Login</h1></main></div>';
const projectsPage = (topBar: string) =>
  `<!doctype html><title>Handoff</title><div id="root">${topBar}<main><h1>Projects</h1></main></div>`;

describe('delivery of the web app and JSON answers', () => {
  let app: FastifyInstance;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let webRoot: string;
  beforeAll(async () => {
    // A built web app as Vite and its compression step leave it.
    webRoot = mkdtempSync(path.join(tmpdir(), 'handoff-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), page);
    writeFileSync(path.join(webRoot, 'admin.html'), adminPage);
    writeFileSync(path.join(webRoot, 'login.html'), loginPage);
    writeFileSync(path.join(webRoot, 'admin-index.html'), projectsPage(''));
    writeFileSync(path.join(webRoot, 'admin-index-demo.html'), projectsPage('Demo tracker'));
    const asset = path.join(webRoot, 'assets', 'index-Ab12Cd34.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), db: database.db, webRoot });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a hashed asset compressed by the build, by Accept-Encoding, cached for a year', async () => {
    const get = (encoding: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': encoding },
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('answers /admin/index and /auth/login with their pre-rendered pages, the rest of the admin area with the page that preloads its chunks, every other page with index.html', async () => {
    // This server runs the demo tracker (no Jira address): the projects page has its notice.
    for (const url of ['/admin/index', '/admin/index/', '/admin/index?workspace=w1']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body, url).toBe(projectsPage('Demo tracker'));
    }
    for (const url of ['/admin', '/admin/team', '/admin/index-old', '/admin/send-stories?key=DEMO']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body, url).toBe(adminPage);
    }
    for (const url of ['/auth/login', '/auth/login?email=x', '/auth/login/']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body, url).toBe(loginPage);
    }
    // No other page may show the login form or the projects before the app has started.
    for (const url of [
      '/auth/register',
      '/auth/login-help',
      '/auth',
      '/',
      '/administrator',
      '/reset-password?oobCode=x',
    ]) {
      expect((await app.inject({ method: 'GET', url })).body, url).toBe(page);
    }
  });

  it("answers /admin/index without the demo tracker's notice when the server works with a Jira", async () => {
    const withJira = await buildApp({
      config: { ...testConfig(), jiraBaseUrl: 'https://acme.atlassian.net' },
      db: database.db,
      webRoot,
    });
    try {
      expect((await withJira.inject({ method: 'GET', url: '/admin/index' })).body).toBe(projectsPage(''));
    } finally {
      await withJira.close();
    }
  });

  it('has the browser revalidate the page and /config.json, answering 304 while they are unchanged', async () => {
    for (const url of ['/auth/login', '/config.json']) {
      const first = await app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).not.toBe('undefined');
      const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('compresses JSON answers over 1 kB, and the project list shows a change at once', async () => {
    const user = await signUpAndSignIn(app, {
      email: 'lists@example.test',
      password: 'pass-word-1',
      apikey: 'k',
    });
    const headers = { authorization: `Bearer ${user.idToken}` };
    for (let i = 0; i < 12; i++) {
      const added = await app.inject({
        method: 'POST',
        url: '/jira/addProject',
        headers,
        payload: {
          userId: user.userId,
          projectKey: `P${i}`,
          projectName: `Project ${i}`,
          clientEmails: [`client${i}@customer.example`],
        },
      });
      expect(added.statusCode).toBe(200);
    }
    const list = (encoding: string) =>
      app.inject({
        method: 'POST',
        url: '/jira/getFirebaseProjects',
        headers: { ...headers, 'accept-encoding': encoding },
        payload: { userId: user.userId },
      });
    const plain = await list('identity');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await list('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const updated = await app.inject({
      method: 'POST',
      url: '/jira/updateFirebaseProject',
      headers,
      payload: {
        userId: user.userId,
        projectKey: 'P3',
        updatedProject: { clientEmails: ['new@customer.example'] },
      },
    });
    expect(updated.statusCode).toBe(200);
    const after = (await list('identity')).json() as {
      data: { projectKey: string; clientEmails: string[] }[];
    };
    expect(after.data.find((project) => project.projectKey === 'P3')?.clientEmails).toEqual([
      'new@customer.example',
    ]);

    // Small answers are sent as they are.
    const small = await app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
