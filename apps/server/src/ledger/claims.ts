// Claims of story keys: the project update's pending claim, a manual send's take-over of the claims
// made of its keys, and an auto-send round's claim. Each opens the notice's review link in its own
// transaction, so a claim and its link are committed together or not at all.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { NoticeParts } from '../messages/notices.ts';
import { findProjectForCaller } from '../projects/projects.repository.ts';
import { releaseOwnClaims } from './give-backs.ts';
import type { LedgerContext, ManualSendAdmission, OpenSend, StoriesMessage } from './ledger.ts';
import { openRetestKeys, useRetestOffers } from './retest-offers.repository.ts';
import {
  deleteSends,
  insertOpenSend,
  insertPendingClaim,
  type SendDetails,
  setSendKeys,
  takeOverPendingClaims,
} from './sends.repository.ts';
import { appendSentKeys, lockSentKeys, writeSentKeys } from './sent-lists.repository.ts';

type Trx = Transaction<Database>;

/** 409: some stories of a send were sent by someone else since its draft was made. */
function storiesSentMeanwhile(keys: readonly string[]): AppError {
  return new AppError(
    409,
    'STORIES_ALREADY_SENT',
    `Nothing was e-mailed: ${keys.join(', ')} ${keys.length === 1 ? 'was' : 'were'} sent meanwhile (by auto-send or from another tab). Fetch the stories again for a new draft.`,
  );
}

/** What a send carries, as its record keeps it. */
function details(message: StoriesMessage): SendDetails {
  return {
    to_addresses: message.to,
    cc_addresses: message.cc,
    subject: message.subject,
    text_body: message.text,
    attachment_name: message.attachment?.filename ?? null,
    attachment_size: message.attachment?.content.length ?? null,
    release_name: message.release ?? null,
  };
}

/** The notice's review link (the client's review page), opened in the claim's transaction: no commit of its own. */
async function openReviewLink(
  context: LedgerContext,
  trx: Trx,
  send: { id: string; projectId: string; issueKeys: readonly string[] },
  message: StoriesMessage,
): Promise<NoticeParts | undefined> {
  return context.notices?.open(trx, send, message);
}

/** See Ledger.claimFromUpdate. */
export async function claimFromUpdate(
  context: LedgerContext,
  trx: Trx,
  projectId: string,
  listedKeys: readonly string[],
): Promise<void> {
  if (listedKeys.length === 0) return;
  const listed = [...new Set(listedKeys)];
  const known = new Set(await lockSentKeys(trx, projectId, listed));
  const added = listed.filter((key) => !known.has(key));
  if (added.length === 0) return;
  await appendSentKeys(trx, projectId, added);
  await insertPendingClaim(trx, projectId, added, context.now());
}

/** See Ledger.startManualSend. */
export async function startManualSend(
  context: LedgerContext,
  owner: { workspaceId: string; projectKey: string; sentBy: string; siteId?: string | undefined },
  issueKeys: readonly string[],
  message: StoriesMessage,
  admit?: ManualSendAdmission,
): Promise<OpenSend | null> {
  const keys = [...new Set(issueKeys)];
  let sentMeanwhile: string[] = [];
  let projectId: string | undefined;
  const send = await context.db
    .transaction()
    .execute(async (trx) => {
      // The project by its workspace, locked (its addresses hold until the send is opened), then its
      // sent list, locked, with only this send's keys of it. Always in this order: project, then list.
      const project = await findProjectForCaller(trx, owner, owner.projectKey, {
        lock: 'share',
        siteId: owner.siteId,
      });
      if (!project) return null;
      const listedKeys = await lockSentKeys(trx, project.id, keys);
      if (!listedKeys) return null;
      await context.afterClaimRead?.();
      await admit?.(trx, {
        projectKey: owner.projectKey,
        clientEmails: project.client_emails,
        clientCc: project.client_cc,
        siteId: project.site_id,
      });
      projectId = project.id;
      const at = context.now();
      // pending → sending, guarded: only claims still pending, and only those made of this send's keys.
      const takenOver = await takeOverPendingClaims(trx, projectId, keys, {
        sentBy: owner.sentBy,
        at,
        details: details(message),
      });
      const owned = new Set(takenOver.flatMap((claim) => claim.issue_keys));
      const inList = new Set(listedKeys);
      const taken = keys.filter((key) => inList.has(key) && !owned.has(key));
      // A story in the list may be carried again only by using its open re-test offer (once).
      const offered = new Set(taken.length > 0 ? await openRetestKeys(trx, projectId, taken) : []);
      sentMeanwhile = taken.filter((key) => !offered.has(key));
      // Rolls the take-over back: nothing is e-mailed.
      if (sentMeanwhile.length > 0) throw storiesSentMeanwhile(sentMeanwhile);
      const fresh = keys.filter((key) => !inList.has(key));
      if (fresh.length > 0) await appendSentKeys(trx, projectId, fresh);
      // One send owns all of its keys: the oldest claim taken over becomes it; the others merge into it.
      const [first, ...merged] = takenOver.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
      if (merged.length > 0) {
        await deleteSends(
          trx,
          merged.map((claim) => claim.id),
        );
      }
      if (first) {
        // Usually the send is exactly its own claim, which owns these keys already.
        if (first.issue_keys.length !== keys.length) await setSendKeys(trx, first.id, keys);
        await useRetestOffers(trx, projectId, [...offered], first.id, at);
        return {
          id: first.id,
          notice: await openReviewLink(context, trx, { id: first.id, projectId, issueKeys: keys }, message),
        };
      }
      const openedId = await insertOpenSend(trx, {
        projectId,
        trigger: 'manual',
        keys,
        at,
        sentBy: owner.sentBy,
        details: details(message),
      });
      await useRetestOffers(trx, projectId, [...offered], openedId, at);
      return {
        id: openedId,
        notice: await openReviewLink(context, trx, { id: openedId, projectId, issueKeys: keys }, message),
      };
    })
    .catch(async (error: unknown) => {
      if (sentMeanwhile.length > 0 && projectId) {
        // The claims of this send's own keys would otherwise hide those stories until the sweep.
        await releaseOwnClaims(context, projectId, keys);
      }
      throw error;
    });
  if (!send || !projectId) return null;
  return { id: send.id, projectId, trigger: 'manual', issueKeys: keys, notice: send.notice };
}

/** See Ledger.startAutoSend. */
export async function startAutoSend(
  context: LedgerContext,
  projectId: string,
  candidateKeys: readonly string[],
  draft: (claimedKeys: string[]) => StoriesMessage,
): Promise<{ send: OpenSend; message: StoriesMessage } | null> {
  return context.db.transaction().execute(async (trx) => {
    const sentKeys = await lockSentKeys(trx, projectId);
    if (!sentKeys) return null;
    const inList = new Set(sentKeys);
    const candidates = [...new Set(candidateKeys)];
    const listed = candidates.filter((key) => inList.has(key));
    // Stories sent before are claimed again only with their open re-test offer.
    const offered = new Set(listed.length > 0 ? await openRetestKeys(trx, projectId, listed) : []);
    const fresh = candidates.filter((key) => !inList.has(key));
    const keys = candidates.filter((key) => !inList.has(key) || offered.has(key));
    if (keys.length === 0) return null;
    const message = draft(keys);
    if (fresh.length > 0) await writeSentKeys(trx, projectId, [...sentKeys, ...fresh]);
    const at = context.now();
    const openedId = await insertOpenSend(trx, {
      projectId,
      trigger: 'auto',
      keys,
      at,
      details: details(message),
    });
    await useRetestOffers(trx, projectId, [...offered], openedId, at);
    const notice = await openReviewLink(context, trx, { id: openedId, projectId, issueKeys: keys }, message);
    return {
      send: { id: openedId, projectId, trigger: 'auto' as const, issueKeys: keys, notice },
      message,
    };
  });
}
