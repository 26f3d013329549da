import path from 'node:path';
import { z } from 'zod';

/** Empty strings count as unset, so `FOO=` in a shell behaves like no FOO at all. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const url = (protocols: string[]) =>
  z.url({ message: 'must be a URL' }).refine((value) => protocols.includes(new URL(value).protocol), {
    message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  });

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  HOST: optional(z.string()).default('127.0.0.1'),
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  DATA_DIR: optional(z.string()).default('./data'),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  AUTH_MODE: optional(z.enum(['builtin', 'firebase'])).default('builtin'),
  IDENTITY_API_KEY: optional(z.string().min(10, 'must be at least 10 characters')),
  FIREBASE_API_KEY: optional(z.string()),
  FIREBASE_PROJECT_ID: optional(z.string()),
  SECRET_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  JIRA_BASE_URL: optional(url(['http:', 'https:'])),
  JIRA_ISSUE_TYPES: optional(z.string()).default('Story'),
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  MAIL_FROM: optional(z.string()).default('Handoff <handoff@localhost>'),
  MAX_ATTACHMENT_MB: optional(z.coerce.number().positive()).default(10),
  AUTOSEND_INTERVAL_MINUTES: optional(z.coerce.number().positive()).default(15),
  TRUST_PROXY: optional(z.enum(['true', 'false'], { message: "must be 'true' or 'false'" })).default('false'),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  /** Where users reach the app; reset links point here. Without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  /** Set: PostgreSQL. Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  authMode: 'builtin' | 'firebase';
  /** The public key the web app sends as `?key=`; generated into dataDir when unset. */
  identityApiKey: string | undefined;
  firebase: { apiKey: string; projectId: string } | undefined;
  /** Encrypts Jira API tokens at rest; generated into dataDir when unset. */
  secretKey: string | undefined;
  /** Unset: the built-in demo tracker on the server's own origin. */
  jiraBaseUrl: string | undefined;
  jiraIssueTypes: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  maxAttachmentBytes: number;
  autosendIntervalMs: number;
  logLevel: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits key on it). */
  trustProxy: boolean;
}

export class ConfigError extends Error {}

/** Reads and checks every setting once; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.AUTH_MODE === 'firebase' && (!e.FIREBASE_API_KEY || !e.FIREBASE_PROJECT_ID)) {
    throw new ConfigError(
      'Invalid configuration:\n  FIREBASE_API_KEY, FIREBASE_PROJECT_ID: both are required when AUTH_MODE=firebase',
    );
  }
  const issueTypes = e.JIRA_ISSUE_TYPES.split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  if (issueTypes.length === 0) {
    throw new ConfigError('Invalid configuration:\n  JIRA_ISSUE_TYPES: name at least one issue type');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    authMode: e.AUTH_MODE,
    identityApiKey: e.IDENTITY_API_KEY,
    firebase:
      e.FIREBASE_API_KEY && e.FIREBASE_PROJECT_ID
        ? { apiKey: e.FIREBASE_API_KEY, projectId: e.FIREBASE_PROJECT_ID }
        : undefined,
    secretKey: e.SECRET_KEY,
    jiraBaseUrl: e.JIRA_BASE_URL?.replace(/\/+$/, ''),
    jiraIssueTypes: issueTypes,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    maxAttachmentBytes: Math.round(e.MAX_ATTACHMENT_MB * 1024 * 1024),
    autosendIntervalMs: Math.round(e.AUTOSEND_INTERVAL_MINUTES * 60_000),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
  };
}
