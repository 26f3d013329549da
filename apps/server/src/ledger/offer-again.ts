// "Offer again": a member asks for a story of the sent list to be drafted as a re-test on the next fetch.
// The offer is opened under the sent list's lock, like every change the ledger's claims read.
import type { LedgerContext } from './ledger.ts';
import { insertRetestOffers, openRetestKeys } from './retest-offers.repository.ts';
import { storyWentOut } from './sends.repository.ts';
import { lockSentKeys } from './sent-lists.repository.ts';

/** See Ledger.offerAgain. */
export async function offerAgain(
  context: LedgerContext,
  projectId: string,
  issueKey: string,
  askedBy: string,
): Promise<'offered' | 'not-sent'> {
  return context.db.transaction().execute(async (trx) => {
    const sentKeys = await lockSentKeys(trx, projectId);
    // Only a story whose notice went out: a claim still pending may yet be given back.
    if (!sentKeys?.includes(issueKey) || !(await storyWentOut(trx, projectId, issueKey))) return 'not-sent';
    // One open offer per story: asking again while one is open changes nothing.
    if ((await openRetestKeys(trx, projectId, [issueKey])).length > 0) return 'offered';
    await insertRetestOffers(trx, projectId, [{ key: issueKey, reason: 'asked', askedBy }], context.now());
    return 'offered';
  });
}
