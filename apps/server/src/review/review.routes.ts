// The client's review (main README, "The client's review"): the review's jobs and reminders, the client's
// page and calls (review-client.routes.ts, nothing but the link's token) and the staff calls on a project's
// reviews (review-staff.routes.ts). Wire shapes: packages/core/src/api/review.ts.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonOnlyUnder } from '../common/json-only.ts';
import { runReminderRound } from './reminders.ts';
import { type ReviewDeps, registerReviewJobs } from './review.service.ts';
import { reviewClientRoutes } from './review-client.routes.ts';
import { reviewStaffRoutes } from './review-staff.routes.ts';

interface ReviewRoutesOptions {
  /** The built web app (apps/web/dist) holding review.html; false: none. */
  webRoot: string | false;
  now?: () => Date;
  /** Per Jira call of the jobs (default: the client's 10 s). */
  jiraTimeoutMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reminders of unanswered notices, run in the same rounds as auto-send (review/reminders.ts). */
    reviewReminders: { runRound(now: Date): Promise<{ sent: number; failed: number }> };
  }
}

export const reviewPlugin = fp<ReviewRoutesOptions>(
  async (root, options) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    // The review routes take JSON only (415 otherwise): see common/json-only.ts.
    app.addHook('onRoute', jsonOnlyUnder('/jira/review/'));
    const now = options.now ?? (() => new Date());
    const deps: ReviewDeps = {
      db: app.db,
      // One attempt per call: the jobs retry durably, and look for an earlier comment before posting again.
      trackerOf: async (workspaceId, siteId) =>
        (await app.sites.site(workspaceId, siteId)).tracker.withOptions({
          maxAttempts: 1,
          ...(options.jiraTimeoutMs ? { timeoutMs: options.jiraTimeoutMs } : {}),
        }),
      mailer: app.mailer,
      sites: app.sites,
      jobs: app.jobs,
      log: app.log,
      now,
      writeBackQuietMs: app.config.writeBackQuietMs,
    };
    registerReviewJobs(deps);
    app.decorate('reviewReminders', {
      runRound: (at: Date) => runReminderRound(deps, app.config.publicUrl, at),
    });
    reviewClientRoutes(app, { deps, now, webRoot: options.webRoot });
    reviewStaffRoutes(app, now);
  },
  { name: 'review', dependencies: ['jobs', 'tracker', 'sites', 'mailer', 'auth'] },
);
