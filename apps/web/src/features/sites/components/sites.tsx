// /admin/sites: the workspace's Jira sites. Owners add one (text boxes "Name" and "Base URL", a select
// "Kind" with "Jira Cloud" and "Jira Data Center", a button "Add site"); the server checks the site answers
// as the kind chosen. A site no project lives on can be removed. The site `default` is always there.
// Adding and removing are confirmed by a toast; a refusal is shown in the result dialog.

import type { ListedSite } from '@handoff/core/api';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { addSite, listSites, removeSite, SITE_KIND_LABELS } from '@/api/sites';
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

type Kind = keyof typeof SITE_KIND_LABELS;

export function Sites() {
  const { api, config } = useServices();
  const { user } = useAppState();
  const dialog = useResultDialog();
  const toast = useToast();
  const [sites, setSites] = useState<ListedSite[] | null>(null);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [kind, setKind] = useState<Kind>('jira-cloud');
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
      {config.demoTracker ? (
        <div className="callout" id="demo-tracker">
          <p className="callout__title">The demo tracker is on</p>
          <p>
            The default site is a built-in sample tracker: its projects and stories are examples, and any
            credential works with it. Add your own site below to work with your real projects.
          </p>
        </div>
      ) : null}
      {sites ? (
        <DataTable
          labelledBy="sites-heading"
          rows={sites}
          rowKey={(site) => site.id}
          columns={[
            // `default` is the site's id; people read what it is.
            { header: 'Name', cell: (site) => (site.id === 'default' ? 'Default site' : site.name) },
            { header: 'Kind', cell: (site) => SITE_KIND_LABELS[site.kind] },
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
          A Jira Cloud site (https://team.atlassian.net) or a Jira Data Center base URL, with its context path
          (https://tools.example.com/jira). Handoff checks that it answers as the kind chosen. Each member
          then sets their own credential for it on their profile.
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
        <Field label="Kind">
          {(control) => (
            <select
              {...control}
              className="field__input"
              value={kind}
              onChange={(e) => setKind(e.target.value as Kind)}
            >
              <option value="jira-cloud">{SITE_KIND_LABELS['jira-cloud']}</option>
              <option value="jira-datacenter">{SITE_KIND_LABELS['jira-datacenter']}</option>
            </select>
          )}
        </Field>
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
