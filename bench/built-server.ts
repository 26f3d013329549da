// Starts the built product (apps/server/dist/main.js, as `npm start` runs it) on a free loopback port
// for the load and Lighthouse benchmarks, and seeds a signed-in user with projects.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Mailbox } from '../apps/server/src/testing/mailbox.ts';

const root = path.resolve(import.meta.dirname, '..');
const builtServer = path.join(root, 'apps/server/dist/main.js');

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Resident memory of the server process now, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function assertBuilt(): void {
  if (!existsSync(builtServer) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the product first: npm run build');
  }
}

/**
 * The built server on PGlite in a fresh data directory, or on `databaseUrl`; logs at info to /dev/null.
 * With `embeddedDefaults`, only the port, the data directory and `env` are set: the rest is as `npm start`
 * runs it.
 */
export async function startBuiltServer(
  options: {
    databaseUrl?: string;
    nodeArgs?: string[];
    env?: Record<string, string>;
    embeddedDefaults?: boolean;
  } = {},
): Promise<RunningServer> {
  assertBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'handoff-bench-'));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), builtServer], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(options.embeddedDefaults
        ? {}
        : // The benchmarks register many accounts: registration is open.
          { HOST: '127.0.0.1', LOG_LEVEL: 'info', AUTOSEND_INTERVAL_MINUTES: '60', REGISTRATION: 'open' }),
      // A shared database needs the key every process encrypts Jira tokens with.
      ...(options.databaseUrl
        ? { DATABASE_URL: options.databaseUrl, SECRET_KEY: randomBytes(32).toString('base64') }
        : {}),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A new PGlite data directory takes seconds; on a machine shared by other work, over a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('the server did not start within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    rssMb: () => residentMb(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

export interface SeededUser {
  email: string;
  password: string;
  userId: string;
  idToken: string;
  /** The sign-in's refresh token and the ID token's lifetime in seconds, as the identity provider answered. */
  refreshToken: string;
  expiresInSeconds: number;
  identityApiKey: string;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/**
 * Registers a user through the product API, signs in, and adds `projects` projects. When the server has
 * SMTP_URL set, pass the mailbox it sends to: the address is verified with the link e-mailed to it.
 */
export async function seedUser(baseUrl: string, projects: number, mailbox?: Mailbox): Promise<SeededUser> {
  const email = 'bench@example.com';
  const password = 'bench-password-123';
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { identityApiKey: string };
  await post(`${baseUrl}/jira/register`, { email, password, apikey: 'bench-jira-token' });
  if (mailbox) {
    const mail = await mailbox.waitFor((message) => message.text?.includes('mode=verifyEmail') === true);
    const oobCode = /[?&]oobCode=([^&\s]+)/.exec(mail.text ?? '')?.[1];
    if (!oobCode) throw new Error('The verification e-mail holds no code');
    await post(`${baseUrl}/identitytoolkit.googleapis.com/v1/accounts:update?key=${config.identityApiKey}`, {
      oobCode: decodeURIComponent(oobCode),
    });
  }
  const signIn = (await post(
    `${baseUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${config.identityApiKey}`,
    { email, password, returnSecureToken: true },
  )) as { idToken: string; refreshToken: string; expiresIn: string };
  const authorization = `Bearer ${signIn.idToken}`;
  const user = (await post(`${baseUrl}/jira/get-user-by-email`, { email }, { authorization })) as {
    data: { id: string };
  };
  for (let i = 0; i < projects; i++) {
    await post(
      `${baseUrl}/jira/addProject`,
      {
        userId: user.data.id,
        projectKey: `P${String(i).padStart(3, '0')}`,
        projectName: `Client project number ${i}`,
        clientEmails: [`client${i}@customer.example`, `owner${i}@customer.example`],
        clientCC: [`pm${i % 7}@agency.example`],
      },
      { authorization },
    );
  }
  return {
    email,
    password,
    userId: user.data.id,
    idToken: signIn.idToken,
    refreshToken: signIn.refreshToken,
    expiresInSeconds: Number(signIn.expiresIn),
    identityApiKey: config.identityApiKey,
  };
}
