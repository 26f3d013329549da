// Give-backs: sends that did not go out end, and their keys leave the sent list, only under the
// project's sent-list lock and only while each send is still in the state the give-back starts from.
import type { Db } from '../db/database.ts';
import type { LedgerContext } from './ledger.ts';
import { reopenRetestOffers } from './retest-offers.repository.ts';
import { endSends, findPendingClaimsOf } from './sends.repository.ts';
import { lockSentKeys, writeSentKeys } from './sent-lists.repository.ts';

const CONFLICT_REASON =
  'The e-mail was not sent: some of its stories had been sent meanwhile; the others are offered again.';

/** Removes given-back keys from the sent list; the caller holds the sent list's lock. */
async function giveKeysBack(trx: Db, projectId: string, sentKeys: string[], keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const released = new Set(keys);
  await writeSentKeys(
    trx,
    projectId,
    sentKeys.filter((key) => !released.has(key)),
  );
}

/**
 * Ends sends that did not go out and gives their keys back, each only if it is still in `from` now
 * that the sent list is locked (another process may have moved it meanwhile). Returns how many ended.
 */
export async function release(
  context: LedgerContext,
  projectId: string,
  sendIds: readonly string[],
  from: 'pending' | 'sending',
  to: 'failed' | 'abandoned',
  reason: string,
): Promise<number> {
  if (sendIds.length === 0) return 0;
  return context.db.transaction().execute(async (trx) => {
    const sentKeys = await lockSentKeys(trx, projectId);
    if (!sentKeys) return 0;
    const ended = await endSends(trx, projectId, sendIds, { from, to, reason, at: context.now() });
    // A re-test's story stays in the list (an earlier notice carried it); its offer is open again.
    const retests = new Set(
      await reopenRetestOffers(
        trx,
        ended.map((send) => send.id),
      ),
    );
    await giveKeysBack(
      trx,
      projectId,
      sentKeys,
      ended.flatMap((send) => send.issue_keys).filter((key) => !retests.has(key)),
    );
    return ended.length;
  });
}

/** After a 409: the pending claims made only of the refused send's keys are given back at once. */
export async function releaseOwnClaims(
  context: LedgerContext,
  projectId: string,
  keys: string[],
): Promise<void> {
  const claims = await findPendingClaimsOf(context.db, projectId, keys);
  await release(
    context,
    projectId,
    claims.map((claim) => claim.id),
    'pending',
    'abandoned',
    CONFLICT_REASON,
  );
}
