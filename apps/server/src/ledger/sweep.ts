// The sweep: housekeeping before every auto-send round, in every server process. Claims no send took
// over are given back; hand-overs the server never finished are flagged unconfirmed (keys kept).
import { release } from './give-backs.ts';
import type { LedgerContext } from './ledger.ts';
import { findStaleSends, markSendsUnconfirmed } from './sends.repository.ts';

/** A claim older than this that no send took over is given back (the browser went away). */
const ABANDONED_CLAIM_MS = 10 * 60_000;
/** A hand-over still unfinished after this is marked unconfirmed (the server stopped during it). */
const INTERRUPTED_SEND_MS = 15 * 60_000;

const ABANDONED_REASON =
  'The e-mail was never sent (the page was closed before sending); the stories are offered again.';
const INTERRUPTED_REASON =
  'The server stopped while handing this e-mail to the mail server; check with the client whether it arrived.';

/** See Ledger.sweep. */
export async function sweep(
  context: LedgerContext,
  at: Date,
): Promise<{ abandoned: number; unconfirmed: number }> {
  const abandonedBefore = new Date(at.getTime() - ABANDONED_CLAIM_MS);
  const interruptedBefore = new Date(at.getTime() - INTERRUPTED_SEND_MS);
  // Read without locks; each change below is re-checked under the project's lock.
  const stale = await findStaleSends(context.db, abandonedBefore, interruptedBefore);
  await context.afterSweepRead?.();
  let abandoned = 0;
  let unconfirmed = 0;
  const projects = new Set(stale.map((send) => send.project_id));
  for (const projectId of projects) {
    const ofProject = stale.filter((send) => send.project_id === projectId);
    abandoned += await release(
      context,
      projectId,
      ofProject.filter((send) => send.status === 'pending').map((send) => send.id),
      'pending',
      'abandoned',
      ABANDONED_REASON,
    );
    const interrupted = ofProject.filter((send) => send.status === 'sending').map((send) => send.id);
    if (interrupted.length > 0) {
      unconfirmed += await markSendsUnconfirmed(context.db, interrupted, INTERRUPTED_REASON, at);
    }
  }
  return { abandoned, unconfirmed };
}
