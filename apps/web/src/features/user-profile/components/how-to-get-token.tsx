// How a member gets a site's token, in one sentence under its field: packages/core's registry words it for
// each tracker, and the tracker's page it names is a link (opening in a new tab) shown by its host.
import { TRACKER_KINDS, type TrackerKindId } from '@handoff/core/tracker-kinds';
import type { ReactNode } from 'react';

/** A web address in the registry's sentence, without the punctuation that ends the sentence. */
const ADDRESS = /https:\/\/\S+?(?=[.,)]?(?:\s|$))/g;

/**
 * The sentence for a site of `kind`; undefined for the built-in demo tracker, which needs no real token. The
 * site `default` of Jira Cloud takes the signed-in address as the account's (it has no e-mail field), so its
 * sentence names that address instead of asking for one.
 */
export function howToGetToken(kind: TrackerKindId, defaultSiteEmail?: string): ReactNode | undefined {
  if (kind === 'demo') return undefined;
  const { howToGet, needsEmail } = TRACKER_KINDS[kind].credential;
  const tokensPage = howToGet.match(ADDRESS)?.[0];
  const sentence =
    needsEmail && defaultSiteEmail && tokensPage
      ? `Create an API token at ${tokensPage} while signed in as ${defaultSiteEmail}.`
      : howToGet;
  return <WithLinks text={sentence} />;
}

function WithLinks({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let rest = 0;
  for (const match of text.matchAll(ADDRESS)) {
    parts.push(
      text.slice(rest, match.index),
      <a key={match.index} href={match[0]} target="_blank" rel="noopener noreferrer">
        {new URL(match[0]).host}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>,
    );
    rest = match.index + match[0].length;
  }
  parts.push(text.slice(rest));
  return <>{parts}</>;
}
