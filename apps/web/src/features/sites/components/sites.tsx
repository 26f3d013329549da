// /admin/sites ("Sites" in the sidebar, "Tracker sites" as its heading: the Jira, GitHub and Linear sites the
// projects come from). Owners add one behind `Add site` in the page's header, which opens the form under the
// list: first its tracker (a select "Tracker" listing packages/core's addable tracker kinds), then a text box
// "Name" and where it is, a button "Add site". A Jira site has its own address ("Base URL", with a hint and
// placeholder for the kind); GitHub and Linear are hosted services whose address Handoff knows, so their Base
// URL shows only after `Use another address` (GitHub Enterprise Server, a proxy). The server checks the site
// answers as the kind chosen. A site no project lives on can be removed. The site `default` is always there.
// Members see the list only. Adding and removing are confirmed by a toast (the form closes once a site is
// added); a refusal is shown in the result dialog.

import type { ListedSite } from '@handoff/core/api';
import { ADDABLE_TRACKER_KINDS, TRACKER_KINDS, type TrackerKindId } from '@handoff/core/tracker-kinds';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { addSite, removeSite } from '@/api/sites';
import { useSites } from '@/api/use-sites';
import { PlusIcon } from '@/components/ui/admin-icons';
import { Badge } from '@/components/ui/badge';
import { BreakableText } from '@/components/ui/breakable-text';
import { BusyButton } from '@/components/ui/busy-button';
import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Field, TextField } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { useWorkspaceSwitch } from '@/stores/workspace-switch';

const KIND_DEFAULTS = new Set<string>(ADDABLE_TRACKER_KINDS.map((id) => TRACKER_KINDS[id].baseUrlDefault));

export function Sites() {
  const { api, config } = useServices();
  const { user } = useAppState();
  // While the role is unknown the form shows: the server decides.
  const mayManage = useWorkspaceSwitch().role !== 'member';
  const dialog = useResultDialog();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const userId = user?.id;

  const { sites, reload } = useSites(userId, dialog.show);
  // The add form is closed until asked for; once closed again, the focus goes back to `Add site`.
  const [adding, setAdding] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const close = () => {
    refocus.current = true;
    setAdding(false);
  };
  useEffect(() => {
    if (adding || !refocus.current) return;
    refocus.current = false;
    openerRef.current?.focus();
  }, [adding]);

  /** Runs one change; true once it went through (the list then shows it, a toast confirms it). */
  const run = async (change: () => Promise<unknown>, success: string) => {
    if (busy) return false;
    setBusy(true);
    try {
      await change();
      // The list shows the change; the toast only confirms it. Failures need an answer: the dialog.
      toast(success);
      await reload();
      return true;
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page page--narrow" aria-labelledby="sites-heading">
      <div className="page__lead">
        <div className="page__header page__header--action">
          <h1 id="sites-heading" className="page__title">
            Tracker sites
          </h1>
          {/* The page's one primary; it opens the form under the list, and is left out while the form shows. */}
          {mayManage && !adding ? (
            <Button variant="primary" onClick={() => setAdding(true)} ref={openerRef}>
              <PlusIcon /> Add site
            </Button>
          ) : null}
        </div>
        <p className="page__intro">
          The Jira, GitHub and Linear sites your projects come from. Each member saves their own token for a
          site on their <Link to={paths.admin.userProfile}>profile</Link>.
        </p>
      </div>
      {config.demoTracker ? <DemoTrackerCallout /> : null}
      {sites ? (
        <DataTable
          labelledBy="sites-heading"
          className="sites-table"
          rows={sites}
          rowKey={(site) => site.id}
          columns={siteColumns({
            mayManage,
            busy,
            onRemove: (site) =>
              userId && void run(() => removeSite(api, userId, site.id), 'The site was removed.'),
          })}
        />
      ) : (
        <ProgressBar label="Loading the sites" />
      )}
      {mayManage && adding ? (
        <AddSiteForm
          busy={busy}
          onAdd={async (site) => {
            const added = userId
              ? await run(() => addSite(api, { userId, ...site }), `The site ${site.name} was added.`)
              : false;
            if (added) close();
            return added;
          }}
          onCancel={close}
        />
      ) : null}
      {mayManage ? null : (
        <p className="sites__members-note">
          Owners add and remove sites. If your team works in another tracker, ask an owner of this workspace
          to add it.
        </p>
      )}
      <ResultDialog control={dialog} />
    </section>
  );
}

/** The list's columns: the site (its name, its address under it), its tracker, the member's token, Remove. */
function siteColumns({
  mayManage,
  busy,
  onRemove,
}: {
  mayManage: boolean;
  busy: boolean;
  onRemove: (site: ListedSite) => void;
}): Array<Column<ListedSite>> {
  return [
    // The name with its address under it, as a subtitle: a column of addresses would squeeze the rest.
    {
      header: 'Site',
      rowHeader: true,
      cell: (site) => (
        <>
          {/* `default` is the site's id; people read what it is. */}
          <span className="sites__name">{site.id === 'default' ? 'Default site' : site.name}</span>{' '}
          <span className="sites__url">
            {site.baseUrl ? <BreakableText text={site.baseUrl} /> : 'Built into Handoff'}
          </span>
        </>
      ),
    },
    { header: 'Tracker', className: 'nowrap', cell: (site) => TRACKER_KINDS[site.kind].label },
    {
      header: 'Your token',
      className: 'nowrap',
      cell: (site) =>
        site.hasCredential ? (
          <Badge tone="success">Saved</Badge>
        ) : (
          <span className="sites__missing">
            <Badge tone="warning">Not set</Badge>
            <Link to={`${paths.admin.userProfile}#site-${site.id}`}>
              Add it <span className="visually-hidden">for {site.name}</span>
            </Link>
          </span>
        ),
    },
    ...(mayManage
      ? [
          {
            header: 'Actions',
            hideHeader: true,
            className: 'data-table__actions',
            // The default site is always there: no line of buttons in its card.
            isEmpty: (site: ListedSite) => site.id === 'default',
            cell: (site: ListedSite) =>
              site.id === 'default' ? null : (
                <Button variant="outline" size="small" disabled={busy} onClick={() => onRemove(site)}>
                  Remove <span className="visually-hidden">{site.name}</span>
                </Button>
              ),
          },
        ]
      : []),
  ];
}

/** Shown while the default site is the built-in demo tracker. */
function DemoTrackerCallout() {
  return (
    <div className="callout" id="demo-tracker">
      <p className="callout__title">The demo tracker is on</p>
      <p>
        The default site is a sample tracker built into Handoff, with example projects and stories; any token
        works with it. Add your team's tracker to work with your real projects.
      </p>
    </div>
  );
}

/** The trackers a site may be, e.g. "Jira Cloud, Jira Data Center, GitHub or Linear.". */
const TRACKERS_HINT = `${ADDABLE_TRACKER_KINDS.map((id) => TRACKER_KINDS[id].label)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1')}.`;

interface NewSite {
  name: string;
  kind: TrackerKindId;
  baseUrl: string;
}

/**
 * "Add a site": the tracker first (focused when the form opens), then the name and the address. `onAdd`
 * resolves true once the site was added; `Cancel` closes the form.
 */
function AddSiteForm({
  busy,
  onAdd,
  onCancel,
}: {
  busy: boolean;
  onAdd: (site: NewSite) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<TrackerKindId>('jira-cloud');
  // Opened by `Add site`: the tracker is what comes first.
  const trackerRef = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    trackerRef.current?.focus();
  }, []);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  // A hosted tracker's own address is used unless the owner asked to give another.
  const [otherAddress, setOtherAddress] = useState(false);
  const { label, baseUrlDefault, baseUrlExample, baseUrlHint } = TRACKER_KINDS[kind];
  const hosted = baseUrlDefault !== '';
  const addressShown = !hosted || otherAddress;

  const onKind = (chosen: TrackerKindId) => {
    setKind(chosen);
    // Another kind's usual address (or none) gives way to this kind's; an address the owner typed stays.
    if (KIND_DEFAULTS.has(baseUrl.trim())) {
      setBaseUrl(TRACKER_KINDS[chosen].baseUrlDefault);
      setOtherAddress(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const site = { name: name.trim(), kind, baseUrl: addressShown ? baseUrl.trim() : baseUrlDefault };
    await onAdd(site);
  };

  return (
    <form className="form-panel" onSubmit={onSubmit} noValidate aria-labelledby="add-site-heading">
      <h2 id="add-site-heading" className="section-title">
        Add a site
      </h2>
      <p className="form-panel__status">Handoff checks that the site answers before adding it.</p>
      <Field label="Tracker" hint={TRACKERS_HINT}>
        {(control) => (
          <select
            {...control}
            ref={trackerRef}
            className="field__input"
            value={kind}
            onChange={(e) => onKind(e.target.value as TrackerKindId)}
          >
            {ADDABLE_TRACKER_KINDS.map((id) => (
              <option key={id} value={id}>
                {TRACKER_KINDS[id].label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        hint="Such as the client's or the product's name."
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {addressShown ? (
        <TextField
          label="Base URL"
          name="baseUrl"
          type="url"
          autoComplete="off"
          placeholder={baseUrlExample}
          hint={baseUrlHint}
          // Opened by `Use another address`: the address is what comes next.
          autoFocus={otherAddress}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      ) : (
        <div className="sites__address">
          <p>
            Handoff connects to {label} at <strong>{new URL(baseUrlDefault).host}</strong>.
          </p>
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              if (baseUrl.trim() === '') setBaseUrl(baseUrlDefault);
              setOtherAddress(true);
            }}
          >
            Use another address
          </Button>
        </div>
      )}
      <div className="form-panel__actions">
        <BusyButton type="submit" busy={busy}>
          Add site
        </BusyButton>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
