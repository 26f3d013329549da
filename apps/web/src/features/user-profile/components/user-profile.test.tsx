import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/testing/deferred';
import { callsTo, db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

describe('/admin/user-profile', () => {
  it('shows the e-mail, "Token saved" once a token is stored, and Replace opens a hidden token field with a show/hide toggle', async () => {
    signIn('ada@example.com');
    const { user } = renderApp('/admin/user-profile');
    expect(await screen.findByText('ada@example.com', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Token saved')).toBeVisible();
    expect(screen.queryByLabelText('Jira API token')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    const field = screen.getByLabelText('Jira API token');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: /id\.atlassian\.com/ })).toHaveAttribute(
      'href',
      'https://id.atlassian.com/manage-profile/security/api-tokens',
    );
  });

  it('saves a new token: "Loading..." while saving, then the success dialog and the new key in use', async () => {
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
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    await user.type(screen.getByLabelText('Jira API token'), 'new-jira-token');
    await user.click(screen.getByRole('button', { name: 'Save token' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer();

    const dialog = await screen.findByRole('dialog', { name: 'Your Jira API token has been updated.' });
    expect(dialog).toHaveAccessibleDescription('Success');
    expect(callsTo('/jira/updateApiKey')).toEqual([{ apikey: 'new-jira-token' }]);
    expect(account.apikey).toBe('new-jira-token');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(screen.getByText('Token saved')).toBeVisible();
    expect(screen.queryByLabelText('Jira API token')).not.toBeInTheDocument();

    // The user in client state now carries the new key: tracker calls use it.
    await router.navigate('/admin/add-project');
    await screen.findByRole('option', { name: 'Web Shop' });
    expect(callsTo('/jira/getAllProjects')).toEqual([{ email: 'ada@example.com', api: 'new-jira-token' }]);
  });

  it("shows the server's message when Jira refuses the token, and keeps the old one", async () => {
    const { account } = signIn('ada@example.com');
    const message = 'Jira refused this API token for ada@example.com. Check that you copied all of it.';
    server.use(
      http.post('/jira/updateApiKey', () =>
        HttpResponse.json({ status: 403, code: 'TRACKER_AUTH_REFUSED', message }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/admin/user-profile');
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    await user.type(screen.getByLabelText('Jira API token'), 'wrong-token');
    await user.click(screen.getByRole('button', { name: 'Save token' }));
    const dialog = await screen.findByRole('dialog', { name: message });
    expect(dialog).toHaveAccessibleDescription('Error');
    expect(account.apikey).toBe('jira-api-key');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(screen.getByLabelText('Jira API token')).toHaveValue('wrong-token');
    expect(screen.getByRole('button', { name: 'Save token' })).toBeEnabled();
  });

  it('asks for a token instead of sending an empty one', async () => {
    signIn();
    const { user } = renderApp('/admin/user-profile');
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    await user.click(screen.getByRole('button', { name: 'Save token' }));
    expect(screen.getByRole('dialog', { name: 'Please enter your Jira API token.' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/jira/updateApiKey')).toEqual([]));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Okay' }));
    // Cancel closes the form again, the stored token untouched.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Token saved')).toBeVisible();
  });
});
