// /admin/sites: the workspace's tracker sites. Owners add one (text boxes "Name" and "Base URL", a select
// "Kind" listing packages/core's addable tracker kinds, a button "Add site"; choosing a kind fills in its
// usual Base URL when the box is empty or holds another kind's); the server checks the site answers as the
// kind chosen. A site no project lives on can be removed. The site `default` is always there.
// Adding and removing are confirmed by a toast; a refusal is shown in the result dialog.

import type { ListedSite } from '@handoff/core/api';
import { ADDABLE_TRACKER_KINDS, TRACKER_KINDS, type TrackerKindId } from '@handoff/core/tracker-kinds';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { addSite, listSites, removeSite } from '@/api/sites';
import { Badge } from '@/components/ui/badge';
import { BusyButton } from '@/components/ui/busy-button';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Field, TextField } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';

const KIND_DEFAULTS = new Set<string>(ADDABLE_TRACKER_KINDS.map((id) => TRACKER_KINDS[id].baseUrlDefault));

export function Sites() {
  const { api, config } = useServices();
  const { user } = useAppState();
  const dialog = useResultDialog();
  const toast = useToast();
  const [sites, setSites] = useState<ListedSite[] | null>(null);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [kind, setKind] = useState<TrackerKindId>('jira-cloud');
  const [busy, setBusy] = useState(false);
  const userId = user?.id;

  const load = useCallback(async () => {
    if (!userId) return;
    try {
      setSites(await listSites(api, userId));
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
    }
  }, [api, userId, dialog.show]);

  useEffect(() => {
    void load();
  }, [load]);

  const run = async (change: () => Promise<unknown>, success: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await change();
      // The list shows the change; the toast only confirms it. Failures need an answer: the dialog.
      toast(success);
      await load();
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!userId) return;
    void run(async () => {
      await addSite(api, { userId, name: name.trim(), kind, baseUrl: baseUrl.trim() });
      setName('');
      setBaseUrl('');
    }, `The site ${name.trim()} was added.`);
  };

  return (
    <section className="page" aria-labelledby="sites-heading">
      <div className="page__header">
        <h1 id="sites-heading" className="page__title">
          Sites
        </h1>
      </div>
      <p className="page__intro">
        The trackers your workspace's projects and stories come from. Each member sets their own credential
        for a site on their profile.
      </p>
      {config.demoTracker ? <DemoTrackerCallout /> : null}
      {sites ? (
        <DataTable
          labelledBy="sites-heading"
          rows={sites}
          rowKey={(site) => site.id}
          columns={[
            // `default` is the site's id; people read what it is.
            { header: 'Name', cell: (site) => (site.id === 'default' ? 'Default site' : site.name) },
            { header: 'Kind', cell: (site) => TRACKER_KINDS[site.kind].label },
            { header: 'Base URL', cell: (site) => site.baseUrl || 'Built-in demo tracker' },
            {
              header: 'Your credential',
              cell: (site) =>
                site.hasCredential ? (
                  <Badge tone="success">Set</Badge>
                ) : (
                  <Badge tone="warning">Not set</Badge>
                ),
            },
            {
              header: 'Actions',
              hideHeader: true,
              cell: (site) =>
                site.id === 'default' ? null : (
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() =>
                      userId && void run(() => removeSite(api, userId, site.id), 'The site was removed.')
                    }
                  >
                    Remove <span className="visually-hidden">{site.name}</span>
                  </Button>
                ),
            },
          ]}
        />
      ) : (
        <ProgressBar label="Loading the sites" />
      )}
      <form className="form-panel" onSubmit={onAdd} noValidate>
        <h2 className="section-title">Add a site</h2>
        <p className="form-panel__status">
          {ADDABLE_TRACKER_KINDS.map(
            (id) => `${TRACKER_KINDS[id].label} (${TRACKER_KINDS[id].baseUrlExample})`,
          ).join(', ')}
          . Handoff checks that it answers as the kind chosen. Each member then sets their own credential for
          it on their profile.
        </p>
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Base URL"
          name="baseUrl"
          type="url"
          autoComplete="off"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
        />
        <KindSelect
          kind={kind}
          onChange={(chosen) => {
            setKind(chosen);
            // Another kind's usual address (or none) gives way to this kind's.
            if (KIND_DEFAULTS.has(baseUrl.trim())) setBaseUrl(TRACKER_KINDS[chosen].baseUrlDefault);
          }}
        />
        <div className="form-panel__actions">
          <BusyButton type="submit" busy={busy}>
            Add site
          </BusyButton>
        </div>
      </form>
      <ResultDialog control={dialog} />
    </section>
  );
}

/** Shown while the default site is the built-in demo tracker. */
function DemoTrackerCallout() {
  return (
    <div className="callout" id="demo-tracker">
      <p className="callout__title">The demo tracker is on</p>
      <p>
        The default site is a built-in sample tracker: its projects and stories are examples, and any
        credential works with it. Add your own site below to work with your real projects.
      </p>
    </div>
  );
}

/** The select "Kind": the trackers a site may be added for. */
function KindSelect({ kind, onChange }: { kind: TrackerKindId; onChange: (kind: TrackerKindId) => void }) {
  return (
    <Field label="Kind">
      {(control) => (
        <select
          {...control}
          className="field__input"
          value={kind}
          onChange={(e) => onChange(e.target.value as TrackerKindId)}
        >
          {ADDABLE_TRACKER_KINDS.map((id) => (
            <option key={id} value={id}>
              {TRACKER_KINDS[id].label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
