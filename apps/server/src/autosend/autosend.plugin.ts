import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { withRetests } from '../stories/retests.ts';
import { fetchStories, offeredStatuses } from '../stories/stories.service.ts';
import { autosendStateOf, switchAutosend } from './autosend.repository.ts';
import { type AutosendDeps, type RoundReport, runAutosendRound } from './autosend.service.ts';

/** A project's auto-send as its answer shows it. */
type AutosendState = Awaited<ReturnType<typeof autosendStateOf>>;

declare module 'fastify' {
  interface FastifyInstance {
    autosend: {
      /** Runs one round now (the periodic job does; tests call it with a chosen time). */
      runRound(now: Date): Promise<RoundReport>;
      /** When the next round looks for due projects; null when rounds do not run. */
      nextTickAt(): Date | null;
      /** The project's auto-send: on or off, who switched it on, its rounds. */
      stateOf(db: Db, projectId: string): Promise<AutosendState>;
      /** Switches the project's auto-send on (whose Jira token it uses; due at once) or off, in `db`'s transaction. */
      switch(db: Db, projectId: string, change: { on: true; userId: string } | { on: false }): Promise<void>;
    };
  }
}

export interface AutosendOptions {
  /** Run rounds as a periodic job (the server does; most tests drive rounds by hand). */
  start?: boolean;
}

/** The periodic job of the rounds (jobs/: one process runs each turn, under the job's lease). */
const ROUND_JOB = 'autosend-round';

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
    // The ledger's sweep (in runAutosendRound) and the reminders of unanswered notices run in the same turn.
    const round = async (now: Date) => {
      const report = await runAutosendRound(deps, now);
      await app.reviewReminders.runRound(now);
      return report;
    };
    app.decorate('autosend', {
      runRound: round,
      nextTickAt: () => (options.start ? app.jobs.nextTurnOf(ROUND_JOB) : null),
      stateOf: autosendStateOf,
      switch: switchAutosend,
    });
    if (options.start) app.jobs.every(ROUND_JOB, Math.min(app.config.autosendIntervalMs, MAX_TICK_MS), round);
  },
  { name: 'autosend', dependencies: ['jobs', 'ledger', 'tracker', 'sites', 'review'] },
);
