// What a send must pass before anything is claimed or mailed: the recipients are a project's, and the
// user has not sent too much lately. Without these checks any registered user could mail anyone.
import { comparableEmail } from '@handoff/core';
import { isStoryKeyOf, TRACKER_KINDS } from '@handoff/core/tracker-kinds';
import type { FastifyInstance } from 'fastify';
import { RateLimiter } from '../common/rate-limiter.ts';
import type { Db } from '../db/database.ts';
import { AppError, badRequest, forbidden } from '../errors.ts';
import { recipientsOfProjects } from '../projects/projects.repository.ts';
import type { Tracker } from '../tracker/tracker.ts';

/** A project's addresses, the only ones its e-mails may go to. */
interface ProjectRecipients {
  projectKey: string;
  clientEmails: string[];
  clientCc: string[];
}

/**
 * Refuses (403) an e-mail that names no project when its `to` or `cc` holds an address that is on the
 * client or CC list of none of the workspace's projects (compared as comparableEmail says).
 */
export async function assertRecipientsAllowed(
  app: FastifyInstance,
  workspaceId: string,
  send: { to: string[]; cc: string[] },
): Promise<void> {
  assertRecipientsOf(await recipientsOfProjects(app.db, workspaceId), {
    to: send.to,
    cc: send.cc,
    projectKey: undefined,
  });
}

/**
 * Refuses (403) a send whose `to` or `cc` holds an address that is not on the client or CC list of
 * the project it names, or, when it names none, of one of `projects`. The send of a project's stories
 * checks it on the project row the ledger reads and locks anyway, with no query of its own.
 */
export function assertRecipientsOf(
  projects: readonly ProjectRecipients[],
  send: { to: string[]; cc: string[]; projectKey: string | undefined },
): void {
  const wanted = [...send.to, ...send.cc];
  const strangersTo = (project: ProjectRecipients) => {
    const allowed = new Set([...project.clientEmails, ...project.clientCc].map(comparableEmail));
    return wanted.filter((address) => !allowed.has(comparableEmail(address)));
  };
  if (projects.some((project) => strangersTo(project).length === 0)) return;
  const strangers = projects.length === 1 ? strangersTo(projects[0]!) : wanted;
  const where = send.projectKey
    ? `the client or CC addresses of the project ${send.projectKey}`
    : 'the client and CC addresses of one of your projects';
  throw forbidden(
    `E-mail goes only to ${where}. Not allowed: ${[...new Set(strangers)].slice(0, 10).join(', ')}.`,
  );
}

/**
 * Refuses (400, naming them) a send whose story keys do not all have its tracker kind's form (packages/core's
 * key pattern; a value such as `DEMO-3 OR project = MOB` is no key), then one whose keys are not all of the
 * project it names, as the project's tracker reads a key's project (Tracker.projectOfKey): a send acts only
 * on its own project's stories, so its review link can't write to another project's issue.
 */
export function assertKeysOfProject(
  tracker: Pick<Tracker, 'kind' | 'projectOfKey'>,
  projectKey: string,
  issueKeys: readonly string[],
): void {
  const malformed = [...new Set(issueKeys.filter((key) => !isStoryKeyOf(tracker.kind, key)))];
  if (malformed.length > 0) {
    const { label, keyExample } = TRACKER_KINDS[tracker.kind];
    throw badRequest(
      `A story key has the form of ${label}'s keys (such as ${keyExample}). Not a key: ${listed(malformed.map((key) => JSON.stringify(key)))}.`,
      'INVALID_ISSUE_KEY',
    );
  }
  const foreign = [...new Set(issueKeys.filter((key) => tracker.projectOfKey(key) !== projectKey))];
  if (foreign.length === 0) return;
  throw badRequest(`A send names only stories of its project ${projectKey}. Not of it: ${listed(foreign)}.`);
}

/** The first ten of a list, and how many more there are. */
function listed(items: readonly string[]): string {
  return `${items.slice(0, 10).join(', ')}${items.length > 10 ? ` and ${items.length - 10} more` : ''}`;
}

/** Per-user limit on sends by hand (MAX_SENDS_PER_HOUR), counted in the database across processes. */
export class SendRateLimit {
  private readonly limiter: RateLimiter;

  constructor(
    app: FastifyInstance,
    private readonly maxPerHour: number,
    now: () => number = Date.now,
  ) {
    this.limiter = new RateLimiter(app.db, now);
  }

  /**
   * Counts one send of the user's; over the limit, 429 with Retry-After. With `trx`, the count is part of
   * that transaction (the ledger's claim): a send refused later in it is not counted.
   */
  async assertAllowed(userId: string, trx?: Db): Promise<void> {
    const [result] = await this.limiter.hit(
      [{ key: `send:user:${userId}`, rule: { max: this.maxPerHour, windowMs: 60 * 60_000 } }],
      trx,
    );
    if (result && !result.allowed) {
      throw new AppError(
        429,
        'TOO_MANY_SENDS',
        `You have sent the limit of ${this.maxPerHour} e-mails this hour. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`,
        { 'retry-after': String(result.retryAfterSeconds) },
      );
    }
  }
}
