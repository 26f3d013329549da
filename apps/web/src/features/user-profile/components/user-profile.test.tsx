import type { ListedSite } from '@handoff/core/api';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/testing/deferred';
import { callsTo, db } from '@/testing/mocks/db';
import { post } from '@/testing/mocks/handlers/projects';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

const defaultSite: ListedSite = {
  id: 'default',
  name: 'default',
  kind: 'jira-cloud',
  baseUrl: 'https://acme.atlassian.net',
  hasCredential: true,
};

/** The workspace's sites: the default (Jira Cloud) one, and `others`; a saved token marks its site. */
function serveSites(others: ListedSite[]) {
  const sites = [defaultSite, ...others];
  server.use(
    post('/jira/sites/list', () => HttpResponse.json({ data: sites })),
    post('/jira/sites/setCredential', (_caller, body) => {
      const site = sites.find((candidate) => candidate.id === body.siteId);
      if (site) site.hasCredential = true;
      return HttpResponse.json({ status: 200, message: `Your token for ${site?.name} has been saved.` });
    }),
  );
}

describe('/admin/user-profile', () => {
  it('saves the name the user goes by, and the account menu shows it instead of the address', async () => {
    signIn('ada@example.com');
    serveSites([]);
    const { user } = renderApp('/admin/user-profile');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('');
    expect(name).toHaveAccessibleDescription(
      'Your team and your clients see it instead of your e-mail address.',
    );
    // Nothing to save until the name changes.
    const save = screen.getByRole('button', { name: 'Save name' });
    expect(save).toBeDisabled();
    await user.type(name, '  Ada Lovelace ');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Saved ✓')).toHaveAttribute('role', 'status');
    expect(callsTo('/jira/updateName')).toEqual([{ name: 'Ada Lovelace' }]);
    expect(db.accounts.get('ada@example.com')?.name).toBe('Ada Lovelace');
    expect(name).toHaveValue('Ada Lovelace');
    // Saved: nothing new to save again.
    await waitFor(() => expect(save).toBeDisabled());
    const account = document.querySelector('.topbar__user-name');
    expect(account).toHaveTextContent('Ada Lovelace');
  });

  it('shows the e-mail and the default site\'s "API Key" as "Token saved"; Replace opens a hidden token field with a show/hide toggle', async () => {
    signIn('ada@example.com');
    serveSites([]);
    const { user } = renderApp('/admin/user-profile');
    expect(await screen.findByText('ada@example.com', { selector: 'dd' })).toBeInTheDocument();
    const card = screen.getByRole('form', { name: 'Credential for Default site' });
    // Which site and tracker the key belongs to.
    expect(await within(card).findByText('Jira Cloud')).toBeVisible();
    expect(within(card).getByText('https://acme.atlassian.net')).toBeVisible();
    expect(within(card).getByText('Token saved')).toBeVisible();
    expect(within(card).queryByLabelText('API Key')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Replace the token for Default site' }));
    const field = within(card).getByLabelText('API Key');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAccessibleDescription(
      /^Create an API token at id\.atlassian\.com ?\(opens in a new tab\) while signed in as ada@example\.com\.$/,
    );
    await user.click(within(card).getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    expect(within(card).getByRole('link', { name: /id\.atlassian\.com/ })).toHaveAttribute(
      'href',
      'https://id.atlassian.com/manage-profile/security/api-tokens',
    );
  });

  it('saves a new API Key: "Loading..." while saving, then the success dialog and the new key in use', async () => {
    const { account } = signIn('ada@example.com');
    db.trackerProjects.push({ name: 'Web Shop', key: 'SHOP' });
    const { promise: answered, resolve: answer } = deferred();
    server.use(
      http.post('/jira/updateApiKey', async () => {
        await answered;
        return undefined;
      }),
    );
    const { user, router } = renderApp('/admin/user-profile');
    await user.click(await screen.findByRole('button', { name: /^Replace/ }));
    await user.type(screen.getByLabelText('API Key'), 'new-jira-token');
    await user.click(screen.getByRole('button', { name: 'Save token' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer();
    const dialog = await screen.findByRole('dialog', { name: 'Your API Key has been updated.' });
    expect(dialog).toHaveAccessibleDescription('Success');
    expect(callsTo('/jira/updateApiKey')).toEqual([{ apikey: 'new-jira-token' }]);
    expect(account.apikey).toBe('new-jira-token');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(screen.getByText('Token saved')).toBeVisible();
    expect(screen.queryByLabelText('API Key')).not.toBeInTheDocument();
    // The user in client state now carries the new key: tracker calls use it.
    await router.navigate('/admin/add-project');
    await screen.findByRole('option', { name: 'Web Shop' });
    expect(callsTo('/jira/getAllProjects')).toEqual([{ email: 'ada@example.com', api: 'new-jira-token' }]);
  });

  it("shows the server's message when the tracker refuses the key, and keeps the old one", async () => {
    const { account } = signIn('ada@example.com');
    const message = 'Jira refused this API token for ada@example.com. Check that you copied all of it.';
    server.use(
      http.post('/jira/updateApiKey', () =>
        HttpResponse.json({ status: 403, code: 'TRACKER_AUTH_REFUSED', message }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/admin/user-profile');
    await user.click(await screen.findByRole('button', { name: /^Replace/ }));
    await user.type(screen.getByLabelText('API Key'), 'wrong-token');
    await user.click(screen.getByRole('button', { name: 'Save token' }));
    const dialog = await screen.findByRole('dialog', { name: message });
    expect(dialog).toHaveAccessibleDescription('Error');
    expect(account.apikey).toBe('jira-api-key');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(screen.getByLabelText('API Key')).toHaveValue('wrong-token');
    expect(screen.getByRole('button', { name: 'Save token' })).toBeEnabled();
  });

  it('asks for a key instead of sending an empty one', async () => {
    signIn();
    const { user } = renderApp('/admin/user-profile');
    await user.click(await screen.findByRole('button', { name: /^Replace/ }));
    await user.click(screen.getByRole('button', { name: 'Save token' }));
    expect(screen.getByRole('dialog', { name: 'Please enter your API Key.' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/jira/updateApiKey')).toEqual([]));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Okay' }));
    // Cancel closes the form again, the stored token untouched.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Token saved')).toBeVisible();
  });

  it('has a card per site, each naming its tracker and asking for the token that tracker takes, and points to Sites for others', async () => {
    signIn('ada@example.com');
    serveSites([
      {
        id: 'site-gh',
        name: 'Acme GitHub',
        kind: 'github',
        baseUrl: 'https://api.github.com',
        hasCredential: false,
      },
      {
        id: 'site-ln',
        name: 'Product',
        kind: 'linear',
        baseUrl: 'https://api.linear.app/graphql',
        hasCredential: true,
      },
    ]);
    const { user } = renderApp('/admin/user-profile');
    const github = await screen.findByRole('form', { name: 'Credential for Acme GitHub' });
    expect(within(github).getByText('GitHub')).toBeVisible();
    expect(within(github).getByRole('link', { name: /github\.com/ })).toHaveAttribute(
      'href',
      'https://github.com/settings/tokens',
    );
    const linear = screen.getByRole('form', { name: 'Credential for Product' });
    expect(within(linear).getByText('Linear')).toBeVisible();
    expect(within(linear).getByText('Token saved')).toBeVisible();
    // No card says "Jira" but the Jira site's.
    expect(within(github).queryByText(/Jira/)).not.toBeInTheDocument();
    expect(within(linear).queryByText(/Jira/)).not.toBeInTheDocument();

    await user.click(within(github).getByRole('button', { name: 'Save token' }));
    expect(screen.getByRole('dialog', { name: 'Please enter your Personal access token.' })).toBeVisible();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Okay' }));
    await user.type(within(github).getByLabelText('Personal access token'), 'ghp_token');
    await user.click(within(github).getByRole('button', { name: 'Save token' }));
    expect(
      await screen.findByRole('dialog', { name: 'Your token for Acme GitHub has been saved.' }),
    ).toBeVisible();
    expect(callsTo('/jira/sites/setCredential')).toMatchObject([{ siteId: 'site-gh', token: 'ghp_token' }]);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Okay' }));
    expect(within(github).getByText('Token saved')).toBeVisible();

    const more = screen.getByText(/Your team works in another tracker too\?/);
    expect(within(more).getByRole('link', { name: 'Sites' })).toHaveAttribute('href', '/admin/sites');
  });
});
