import { TRACKER_KINDS, type TrackerKindId } from '@handoff/core/tracker-kinds';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { setSiteCredential } from '@/api/sites';
import { useSites } from '@/api/use-sites';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { updateApiKey } from '../api/update-api-key';
import { CredentialCard } from './credential-card';
import { howToGetToken } from './how-to-get-token';
import { ProfileName } from './profile-name';

const TOKEN_SAVED_MESSAGE = 'Your API Key has been updated.';

export function UserProfile() {
  const { api } = useServices();
  const { user } = useAppState();
  const dispatch = useAppDispatch();
  const dialog = useResultDialog();
  const { sites, reload } = useSites(user?.id, dialog.show);
  useScrollToSite(sites !== null);
  const defaultSite = sites?.find((site) => site.id === 'default');
  const defaultKind: TrackerKindId | undefined = defaultSite?.kind;

  return (
    <section className="page page--narrow" aria-labelledby="profile-heading">
      <div className="page__lead">
        <h1 id="profile-heading" className="page__title">
          User profile
        </h1>
        <p className="page__intro">Your name and address, and the tokens Handoff reads your trackers with.</p>
      </div>
      <ProfileName dialog={dialog} />
      <section className="page__section" aria-labelledby="tokens-heading">
        <div className="profile__tokens-lead">
          <h2 id="tokens-heading" className="section-title">
            Tracker tokens
          </h2>
          <p>
            One for each site: Handoff reads its projects and stories, and writes your clients' verdicts, as
            you.
          </p>
        </div>
        {user ? (
          <CredentialCard
            anchor="site-default"
            title="Default site"
            trackerLabel={defaultKind ? TRACKER_KINDS[defaultKind].label : null}
            baseUrl={defaultSite ? defaultSite.baseUrl : null}
            saved={Boolean(user.apikey)}
            // The spec's name for the registration's credential, which is the site `default`'s.
            tokenLabel="API Key"
            hint={defaultKind ? howToGetToken(defaultKind, user.email) : undefined}
            dialog={dialog}
            onSave={async (apikey) => {
              const answer = await updateApiKey(api, apikey);
              dispatch({ type: 'SET_USER', user: { ...user, apikey } });
              return answer?.message || TOKEN_SAVED_MESSAGE;
            }}
          />
        ) : null}
        {user
          ? (sites ?? [])
              .filter((site) => site.id !== 'default')
              .map((site) => (
                <CredentialCard
                  key={site.id}
                  anchor={`site-${site.id}`}
                  title={site.name}
                  trackerLabel={TRACKER_KINDS[site.kind].label}
                  baseUrl={site.baseUrl}
                  saved={site.hasCredential}
                  tokenLabel={TRACKER_KINDS[site.kind].credential.tokenLabel}
                  hint={howToGetToken(site.kind)}
                  {...(TRACKER_KINDS[site.kind].credential.needsEmail ? { email: user.email } : {})}
                  dialog={dialog}
                  onSave={async (token, email) => {
                    const answer = await setSiteCredential(api, {
                      userId: user.id,
                      siteId: site.id,
                      token,
                      ...(email === undefined ? {} : { email }),
                    });
                    void reload();
                    return answer.message;
                  }}
                />
              ))
          : null}
        <p className="profile__more">
          Your team works in another tracker too? An owner adds it on the{' '}
          <Link to={paths.admin.sites}>Sites</Link> screen, and its token then goes here.
        </p>
      </section>
      <ResultDialog control={dialog} />
    </section>
  );
}

/**
 * The Sites screen's "Add it" links to a site's card (`#site-{id}`): the browser cannot scroll to it before
 * the cards are there, so the page does once they are.
 */
function useScrollToSite(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && hash.startsWith('#site-')) document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [ready, hash]);
}
