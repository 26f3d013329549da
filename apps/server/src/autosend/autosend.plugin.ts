import fp from 'fastify-plugin';
import { withRetests } from '../stories/retests.ts';
import { fetchStories, offeredStatuses } from '../stories/stories.service.ts';
import { type AutosendDeps, type RoundReport, runAutosendRound } from './autosend.service.ts';
import { type Clock, type Scheduler, startScheduler, systemClock } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    autosend: {
      /** Runs one round now (the scheduler calls this; tests call it with a chosen time). */
      runRound(now: Date): Promise<RoundReport>;
      /** When the scheduler next looks for due projects; null when it is not running. */
      nextTickAt(): Date | null;
    };
  }
}

export interface AutosendOptions {
  /** Start the timer when the server is ready (the server does; most tests drive rounds by hand). */
  start?: boolean;
  clock?: Clock;
}

/** Checks for due projects at least once a minute; each project runs once per interval. */
const MAX_TICK_MS = 60_000;

export const autosendPlugin = fp<AutosendOptions>(
  async (app, options) => {
    const deps: AutosendDeps = {
      db: app.db,
      ledger: app.ledger,
      fetchDoneStories: async (project, userId) => {
        const site = await app.sites.site(project.workspace_id, project.site_id);
        const credentials = await app.sites.requireCredential(project.workspace_id, site, userId);
        const stories = await fetchStories(site.tracker, credentials, {
          project: project.project_key,
          states: [offeredStatuses(project.statuses_offered)[0] ?? 'Done'],
        });
        // Re-tests are drafted like the web's draft does: "- {issueHeader} (re-test)".
        const deps = { db: app.db, tracker: site.tracker, credentials, now: () => new Date() };
        return withRetests(deps, project.id, stories);
      },
      intervalMs: app.config.autosendIntervalMs,
      log: app.log,
    };
    let scheduler: Scheduler | undefined;
    // Reminders of unanswered notices are checked in the same rounds, in every process.
    const round = async (now: Date) => {
      const report = await runAutosendRound(deps, now);
      await app.reviewReminders.runRound(now);
      return report;
    };
    app.decorate('autosend', {
      runRound: round,
      nextTickAt: () => scheduler?.nextRunAt() ?? null,
    });
    if (!options.start) return;
    app.addHook('onReady', async () => {
      scheduler = startScheduler({
        intervalMs: Math.min(app.config.autosendIntervalMs, MAX_TICK_MS),
        clock: options.clock ?? systemClock,
        round,
        onError: (error) => app.log.error({ err: error }, 'auto-send round failed'),
      });
    });
    app.addHook('onClose', async () => {
      await scheduler?.stop();
    });
  },
  { name: 'autosend', dependencies: ['ledger', 'tracker', 'sites', 'review'] },
);
