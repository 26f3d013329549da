import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type AllowedHosts, parseAllowedHosts } from './tracker/outbound.ts';

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
  TRUST_PROXY: optional(z.string()).default('false'),
  MAX_SENDS_PER_HOUR: optional(z.coerce.number().int().positive()).default(60),
  SIGNUP_DOMAINS: optional(z.string()),
  REGISTRATION: optional(z.enum(['open', 'invite'])).default('invite'),
  TRACKER_ALLOWED_HOSTS: optional(z.string()),
  WRITE_BACK_QUIET_SECONDS: optional(z.coerce.number().min(0).max(86_400)).default(120),
  REVIEW_LINK_DAYS: optional(z.coerce.number().positive().max(3650)).default(30),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
});

export interface Config {
  port: number;
  host: string;
  /** Where users reach the app; reset links point here. Without a trailing slash. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. Unset, the web app talks to the identity provider on the page's own
   * origin, and reset links point at http://localhost:PORT.
   */
  publicUrlConfigured: boolean;
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
  /**
   * Behind reverse proxies: how many hops of X-Forwarded-For to trust, or which proxy addresses
   * (Fastify's `trustProxy`); false: the client address is the socket's.
   */
  trustProxy: false | number | string[];
  /** E-mails a user may send by hand per hour (across every server process). */
  maxSendsPerHour: number;
  /** Lower-case e-mail domains allowed to register; empty: anyone. */
  signupDomains: string[];
  /** invite: only an address with an open invitation may register (and the first account). */
  registration: 'open' | 'invite';
  /** How long a notice's review link works (REVIEW_LINK_DAYS). */
  reviewLinkDays: number;
  /** Internal hosts and ranges tracker sites may be on besides public addresses (TRACKER_ALLOWED_HOSTS). */
  trackerAllowedHosts: AllowedHosts;
  /** How long a story's verdict must stay unchanged before it is written back (WRITE_BACK_QUIET_SECONDS). */
  writeBackQuietMs: number;
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
  if (e.DATABASE_URL && !e.SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY: required with DATABASE_URL. Every server process sharing the database ' +
        'must encrypt Jira API tokens with the same key: set SECRET_KEY to the same random value of at least 32 ' +
        'characters on each (e.g. the output of `openssl rand -base64 32`).',
    );
  }
  const { allowed: trackerAllowedHosts, unreadable } = parseAllowedHosts(e.TRACKER_ALLOWED_HOSTS ?? '');
  if (unreadable.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRACKER_ALLOWED_HOSTS: ${unreadable.join(', ')} is not a host name, IP address or CIDR range (e.g. TRACKER_ALLOWED_HOSTS=jira.corp.local,10.20.0.0/16)`,
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
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
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
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    maxSendsPerHour: e.MAX_SENDS_PER_HOUR,
    reviewLinkDays: e.REVIEW_LINK_DAYS,
    registration: e.REGISTRATION,
    trackerAllowedHosts,
    writeBackQuietMs: Math.round(e.WRITE_BACK_QUIET_SECONDS * 1000),
    signupDomains: parseList(e.SIGNUP_DOMAINS ?? '').map((domain) => domain.toLowerCase().replace(/^@/, '')),
  };
}

/**
 * The one-line start-up warning of an installation open to anyone that can send mail: anyone who reaches
 * it may register and mail any address from its sender. Undefined when there is nothing to warn of.
 */
export function openRegistrationWarning(config: Config): string | undefined {
  if (config.registration !== 'open' || config.signupDomains.length > 0 || !config.smtpUrl) return undefined;
  return (
    'REGISTRATION=open without SIGNUP_DOMAINS: anyone who can reach Handoff may register and send e-mail to any ' +
    'address from MAIL_FROM through SMTP_URL. Set SIGNUP_DOMAINS, or leave REGISTRATION at invite.'
  );
}

const parseList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** proxy-addr's names for address ranges, accepted by Fastify's trustProxy. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false`, a hop count, or proxy addresses / CIDR ranges. `true` (trust every hop) is
 * refused: the left-most X-Forwarded-For entry, which any client writes, would become its address.
 */
function parseTrustProxy(value: string): false | number | string[] {
  const invalid = (why: string) => new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${why}`);
  if (value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw invalid(
      'true would trust every X-Forwarded-For entry, so any client could choose its address. Write the number of ' +
        'proxies in front of Handoff (TRUST_PROXY=1 for one reverse proxy) or their addresses ' +
        '(TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5).',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = parseList(value);
  const bad = entries.filter((entry) => {
    if (RANGE_NAMES.has(entry)) return false;
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return true;
    if (bits === undefined) return false;
    return !/^\d+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128);
  });
  if (entries.length === 0 || bad.length > 0) {
    throw invalid(
      `${bad.join(', ') || value} is not a hop count or an IP address or CIDR range (e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.0/8)`,
    );
  }
  return entries;
}
