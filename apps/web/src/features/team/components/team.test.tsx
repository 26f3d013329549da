import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/config/storage-keys';
import { callsTo, createProject } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

describe('/admin/team', () => {
  it('is in the admin menu and lists the members with their roles', async () => {
    signIn('ada@example.com');
    const { user } = renderApp('/admin/index');
    await user.click(await screen.findByRole('link', { name: 'Team' }));
    const members = await screen.findByRole('table', { name: 'Members' });
    const row = within(members).getByRole('row', { name: /ada@example\.com/ });
    expect(within(row).getByRole('cell', { name: 'owner' })).toBeInTheDocument();
  });

  it('invites by e-mail with the Email box and the Invite button, then lists the invitation', async () => {
    const { account } = signIn('ada@example.com');
    const { user } = renderApp('/admin/team');
    await user.type(await screen.findByLabelText('Email'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(
      await screen.findByRole('dialog', { name: 'An invitation has been sent to bob@example.com.' }),
    ).toBeVisible();
    expect(callsTo('/jira/inviteMember')).toEqual([{ userId: account.id, email: 'bob@example.com' }]);
    expect(await screen.findByText(/bob@example\.com \(valid until/)).toBeInTheDocument();
  });

  it('lets an owner revoke an open invitation with its Revoke button', async () => {
    const { account } = signIn('ada@example.com');
    const { user } = renderApp('/admin/team');
    await user.type(await screen.findByLabelText('Email'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await user.click(await screen.findByRole('button', { name: 'Okay' }));
    const invitation = (await screen.findByText(/bob@example\.com \(valid until/)).closest(
      'li',
    ) as HTMLElement;
    await user.click(within(invitation).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('dialog', { name: 'The invitation has been revoked.' })).toBeVisible();
    expect(callsTo('/jira/revokeInvitation')).toEqual([
      { userId: account.id, inviteId: 'invite-bob@example.com' },
    ]);
    expect(screen.queryByText(/bob@example\.com \(valid until/)).not.toBeInTheDocument();
  });

  it('shows the server refusing to let the last owner leave', async () => {
    signIn('ada@example.com');
    const { user } = renderApp('/admin/team');
    await user.click(await screen.findByRole('button', { name: 'Leave the workspace' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'A workspace needs an owner: make someone else an owner first.',
      }),
    ).toBeVisible();
  });
});

describe('the Workspace select', () => {
  it('shows the current workspace in the top bar', async () => {
    signIn('ada@example.com');
    renderApp('/admin/index');
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    expect(select).toHaveDisplayValue('ada@example.com');
  });
});

describe("a member's project list", () => {
  it("offers sending but not adding, editing or deleting, which are the owners'", async () => {
    const { account } = signIn('bob@example.com');
    createProject(account.id, { projectKey: 'SHOP' });
    server.use(
      http.post('/jira/getWorkspaces', () =>
        HttpResponse.json({
          data: { current: 'ws-team', workspaces: [{ id: 'ws-team', name: 'Agency', role: 'member' }] },
        }),
      ),
    );
    const { user } = renderApp('/admin/index');
    expect(await screen.findByRole('combobox', { name: 'Workspace' })).toHaveDisplayValue('Agency');
    await user.click(await screen.findByRole('button', { name: 'Actions for SHOP' }));
    const menu = screen.getByRole('menu', { name: 'Actions for SHOP' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Send stories to client', 'Review status']);
    expect(screen.queryByRole('button', { name: 'Add new' })).not.toBeInTheDocument();
  });
});

describe('an invitation link', () => {
  it('signed out: remembers the link, and signing in continues to joining', async () => {
    const { router } = renderApp('/join/valid-token');
    expect(await screen.findByRole('heading', { name: 'Join a workspace' })).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.pendingJoin)).toBe('/admin/join?token=valid-token');
    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/join/valid-token');
  });

  it('signed in: joins once and goes on to the projects', async () => {
    signIn('ada@example.com');
    const { router } = renderApp('/join/valid-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/index'));
    expect(await screen.findByRole('combobox', { name: 'Workspace' })).toBeInTheDocument();
    expect(callsTo('/jira/joinWorkspace')).toHaveLength(1);
  });

  it("signed in with another account: shows the server's refusal", async () => {
    signIn('ada@example.com');
    renderApp('/join/someone-elses');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation is for someone else.');
  });
});
