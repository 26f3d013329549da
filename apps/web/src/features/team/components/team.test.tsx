import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/config/storage-keys';
import { callsTo, createProject, db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

describe('/admin/team', () => {
  it('is in the admin menu and lists the members with their roles, capitalised', async () => {
    signIn('ada@example.com');
    const { user } = renderApp('/admin/index');
    await user.click(await screen.findByRole('link', { name: 'Team' }));
    const members = await screen.findByRole('table', { name: 'Members' });
    const row = within(members).getByRole('row', { name: /ada@example\.com/ });
    // The only owner's role cell also says why they cannot leave.
    expect(within(row).getByRole('cell', { name: /^Owner/ })).toBeInTheDocument();
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
    const invitations = await screen.findByRole('table', { name: 'Invitations not yet accepted' });
    expect(within(invitations).getByRole('row', { name: /bob@example\.com/ })).toBeInTheDocument();
  });

  it('lets an owner revoke an open invitation with its Revoke button', async () => {
    const { account } = signIn('ada@example.com');
    const { user } = renderApp('/admin/team');
    await user.type(await screen.findByLabelText('Email'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await user.click(await screen.findByRole('button', { name: 'Okay' }));
    const invitation = await screen.findByRole('row', { name: /bob@example\.com/ });
    await user.click(within(invitation).getByRole('button', { name: 'Revoke' }));
    // Asked first: Cancel keeps it.
    const ask = screen.getByRole('alertdialog', { name: 'Revoke the invitation for bob@example.com?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('/jira/revokeInvitation')).toEqual([]);
    await user.click(within(invitation).getByRole('button', { name: 'Revoke' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('dialog', { name: 'The invitation has been revoked.' })).toBeVisible();
    expect(callsTo('/jira/revokeInvitation')).toEqual([
      { userId: account.id, inviteId: 'invite-bob@example.com' },
    ]);
    expect(screen.queryByRole('row', { name: /bob@example\.com/ })).not.toBeInTheDocument();
  });

  it('does not offer the last owner to leave', async () => {
    signIn('ada@example.com');
    renderApp('/admin/team');
    const members = await screen.findByRole('table', { name: 'Members' });
    expect(within(members).queryByRole('button', { name: 'Leave the workspace' })).not.toBeInTheDocument();
    const note = within(members).getByText('You are the only owner: make someone else an owner to leave.');
    expect(note).toBeVisible();
    // Under the role's badge, in the Role column (no headerless column of its own).
    expect(note.closest('td')).toHaveTextContent(/^Owner/);
  });

  it('lists each member by name with the address under it, or by the address alone', async () => {
    const { account } = signIn('ada@example.com');
    server.use(
      http.post('/jira/getTeam', () =>
        HttpResponse.json({
          data: {
            workspace: { id: 'ws-team', name: 'Acme Studio', named: true, logoUpdatedAt: null },
            role: 'owner',
            members: [
              { userId: account.id, email: 'ada@example.com', name: 'Ada Lovelace', role: 'owner' },
              { userId: 'user-bob', email: 'bob@example.com', name: '', role: 'member' },
            ],
            invites: [],
          },
        }),
      ),
    );
    const { user } = renderApp('/admin/team');
    const table = await screen.findByRole('table', { name: 'Members' });
    const [ada, bob] = within(table).getAllByRole('rowheader');
    expect(ada).toHaveTextContent('Ada Lovelace (you)ada@example.com');
    expect(bob).toHaveTextContent(/^bob@example\.com$/);
    // A named workspace's name is in its field.
    expect(screen.getByRole('textbox', { name: 'Workspace name' })).toHaveValue('Acme Studio');
    expect(within(table).getByRole('button', { name: 'Make owner: bob@example.com' })).toBeVisible();
  });

  it('offers Leave to an owner when another owner remains', async () => {
    const { account } = signIn('ada@example.com');
    server.use(
      http.post('/jira/getTeam', () =>
        HttpResponse.json({
          data: {
            workspace: { id: 'ws-team', name: 'Acme Studio', logoUpdatedAt: null },
            role: 'owner',
            members: [
              { userId: account.id, email: 'ada@example.com', role: 'owner' },
              { userId: 'user-bob', email: 'bob@example.com', role: 'owner' },
            ],
            invites: [],
          },
        }),
      ),
    );
    renderApp('/admin/team');
    expect(await screen.findByRole('button', { name: 'Leave the workspace' })).toBeVisible();
  });

  it('lets an owner rename the workspace, and the top bar shows the new name in full', async () => {
    const { account } = signIn('ada@example.com');
    const { user } = renderApp('/admin/team');
    const name = await screen.findByRole('textbox', { name: 'Workspace name' });
    // Never named: the field is empty (clients see the domain, not the default name).
    expect(name).toHaveValue('');
    await user.clear(name);
    await user.type(name, 'Acme Studio and Partners Digital');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'The workspace is now called Acme Studio and Partners Digital.',
      }),
    ).toBeVisible();
    expect(callsTo('/jira/renameWorkspace')).toEqual([
      { userId: account.id, name: 'Acme Studio and Partners Digital' },
    ]);
    const select = screen.getByRole('combobox', { name: 'Workspace' });
    await waitFor(() => expect(select).toHaveDisplayValue('Acme Studio and Partners Digital'));
    expect(select).toHaveAttribute('title', 'Acme Studio and Partners Digital');
  });

  it('shows a member the name and logo without the controls to change them', async () => {
    signIn('bob@example.com');
    server.use(
      http.post('/jira/getTeam', () =>
        HttpResponse.json({
          data: {
            workspace: { id: 'ws-team', name: 'Agency', logoUpdatedAt: null },
            role: 'member',
            members: [{ userId: 'user-1', email: 'bob@example.com', role: 'member' }],
            invites: [],
          },
        }),
      ),
    );
    renderApp('/admin/team');
    const panel = await screen.findByRole('region', { name: 'Workspace' });
    expect(within(panel).getByText('Agency')).toBeVisible();
    expect(within(panel).getByText('This workspace has no logo.')).toBeVisible();
    // Only an owner is told what clients see until the workspace is named.
    expect(within(panel).queryByText(/Until you save a name here/)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Workspace name' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Logo')).not.toBeInTheDocument();
  });

  it('lets an owner upload a logo (PNG, JPEG or WebP up to 200 kB), shows it, and remove it', async () => {
    const { account } = signIn('ada@example.com');
    const { user } = renderApp('/admin/team');
    const input = await screen.findByLabelText('Logo');
    // Without a logo, its place shows the initial that stands in for it, and says there is none yet.
    expect(input).toHaveAccessibleDescription(
      'No logo yet: clients see the initial. PNG, JPEG or WebP, at most 200\u00a0kB.',
    );
    expect(screen.getByText('Upload logo')).toBeVisible();
    await user.upload(input, new File([new Uint8Array(200 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(
      await screen.findByRole('dialog', { name: 'The logo is larger than 200 kB. Choose a smaller image.' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    expect(callsTo('/jira/setWorkspaceLogo')).toEqual([]);

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await user.upload(input, new File([png], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('dialog', { name: 'The logo has been saved.' })).toBeVisible();
    expect(callsTo('/jira/setWorkspaceLogo')).toEqual([{ userId: account.id, image: 'iVBORw0KGgoBAgM=' }]);
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    const image = await screen.findByRole('img', { name: "Logo of ada's team" });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    await user.click(screen.getByRole('button', { name: 'Remove the logo' }));
    expect(await screen.findByRole('dialog', { name: 'The logo has been removed.' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('img', { name: /^Logo of/ })).not.toBeInTheDocument());
  });

  it('refuses a file of another type before uploading it', async () => {
    signIn('ada@example.com');
    const { user } = renderApp('/admin/team');
    const input = await screen.findByLabelText('Logo');
    // Past the file picker's filter (a drop, or "All files"): refused before it is uploaded.
    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    expect(
      await screen.findByRole('dialog', { name: 'The logo must be a PNG, JPEG or WebP image.' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    expect(callsTo('/jira/setWorkspaceLogo')).toEqual([]);
  });
});

describe('the Workspace select', () => {
  it('shows an unnamed workspace as clients see it: the e-mail domain, tagged "Unnamed"', async () => {
    signIn('ada@example.com');
    renderApp('/admin/index');
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    expect(select).toHaveDisplayValue('example.com (unnamed)');
    expect(screen.getByText('Unnamed')).toBeVisible();
    expect(screen.queryByText("ada's team")).not.toBeInTheDocument();
  });

  it('shows a named workspace by its name, with no tag', async () => {
    const { account } = signIn('ada@example.com');
    db.workspaceNames.set(`ws-${account.id}`, 'Acme Studio');
    renderApp('/admin/index');
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    expect(select).toHaveDisplayValue('Acme Studio');
    expect(screen.queryByText('Unnamed')).not.toBeInTheDocument();
  });
});

describe('the hint to name the workspace', () => {
  it('invites an owner on the projects list to name a workspace that has its first name, in place, until dismissed', async () => {
    signIn('ada@example.com');
    const first = renderApp('/admin/index');
    const hint = await screen.findByRole('complementary', { name: 'Name your workspace' });
    // The same words and actions as on the send screen and the Team screen.
    expect(hint).toHaveTextContent('Clients see your company as example.com until you name your workspace.');
    await first.user.click(within(hint).getByRole('button', { name: 'Name workspace' }));
    expect(within(hint).getByLabelText('Workspace name')).toHaveFocus();
    await first.user.click(within(hint).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary', { name: 'Name your workspace' })).not.toBeInTheDocument();
    first.unmount();

    renderApp('/admin/index');
    await screen.findByRole('combobox', { name: 'Workspace' });
    expect(screen.queryByRole('complementary', { name: 'Name your workspace' })).not.toBeInTheDocument();
  });

  it("says in the Team screen's Workspace panel what clients see, with an empty name field and no band over it", async () => {
    signIn('ada@example.com');
    renderApp('/admin/team');
    const panel = await screen.findByRole('region', { name: 'Workspace' });
    expect(await within(panel).findByText(/Until you name the workspace/)).toHaveTextContent(
      'Your clients see this name and logo at the top of their review page. Until you name the workspace, they see example.com.',
    );
    const name = within(panel).getByRole('textbox', { name: 'Workspace name' });
    expect(name).toHaveValue('');
    expect(name).toHaveAttribute('placeholder', 'e.g. Acme Studio');
    expect(screen.queryByRole('complementary', { name: 'Name your workspace' })).not.toBeInTheDocument();
  });

  it('is not shown once the workspace has a name of its own', async () => {
    const { account } = signIn('ada@example.com');
    db.workspaceNames.set(`ws-${account.id}`, 'Acme Studio');
    renderApp('/admin/index');
    await screen.findByRole('combobox', { name: 'Workspace' });
    expect(screen.queryByRole('complementary', { name: 'Name your workspace' })).not.toBeInTheDocument();
  });
});

describe("a member's project list", () => {
  it("offers sending but not adding, editing or deleting, which are the owners'", async () => {
    const { account } = signIn('bob@example.com');
    createProject(account.id, { projectKey: 'SHOP' });
    server.use(
      http.post('/jira/getWorkspaces', () =>
        HttpResponse.json({
          data: {
            current: 'ws-team',
            workspaces: [{ id: 'ws-team', name: 'Agency', named: true, role: 'member' }],
          },
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
  it('signed out: names the workspace, the inviter and the address, makes Register primary for a new address, and remembers the link', async () => {
    const { router } = renderApp('/join/valid-token');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Join Acme Studio' });
    // The lead under it: who invited you, by name; then, labelled, the address the invitation is for.
    expect(heading.nextElementSibling).toHaveTextContent(
      'Olivia Owner invited you to this Handoff workspace.',
    );
    expect(screen.getByText('Invitation for:').parentElement).toHaveTextContent(
      'Invitation for: new@example.com',
    );
    expect(screen.getByRole('link', { name: 'Register' })).toHaveClass('button--primary');
    expect(screen.getByRole('link', { name: 'Login' })).not.toHaveClass('button--primary');
    expect(screen.getAllByRole('link').filter((link) => link.matches('.button--primary'))).toHaveLength(1);
    expect(
      screen.getByText('Register with this address. You join the workspace as soon as you sign in.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(window.localStorage.getItem(storageKeys.pendingJoin)).toBe('/admin/join?token=valid-token'),
    );
    expect(router.state.location.pathname).toBe('/join/valid-token');
  });

  it('signed out: makes Login primary for an address with an account', async () => {
    renderApp('/join/someone-elses');
    expect(await screen.findByText('Sign in with this address and you join the workspace.')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Join Acme Studio' }).nextElementSibling,
    ).toHaveTextContent('Olivia Owner invited you to this Handoff workspace.');
    expect(screen.getByText('Invitation for:').parentElement).toHaveTextContent(
      'Invitation for: bea@example.com',
    );
    expect(screen.getByRole('link', { name: 'Login' })).toHaveClass('button--primary');
    // The address has an account: registering again leads nowhere.
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('signed out: a used link is a warning, and is not remembered', async () => {
    renderApp('/join/used-token');
    expect(await screen.findByRole('heading', { name: 'Invitation no longer valid' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This invitation was already used. Ask Olivia Owner for a new one.',
    );
    expect(window.localStorage.getItem(storageKeys.pendingJoin)).toBeNull();
  });

  it('signed in: joins once and goes on to the projects', async () => {
    signIn('ada@example.com');
    const { router } = renderApp('/join/valid-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/index'));
    expect(await screen.findByRole('combobox', { name: 'Workspace' })).toBeInTheDocument();
    expect(callsTo('/jira/joinWorkspace')).toHaveLength(1);
  });

  it('signed in with another account: says who is signed in and offers to sign out and continue as the invited address', async () => {
    signIn('ada@example.com');
    const { user, router } = renderApp('/join/someone-elses');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are signed in as ada@example.com, not with the invited address.To accept it, sign out and continue as bea@example.com.',
    );
    expect(screen.getByRole('alert')).toHaveClass('callout--warning');
    // It leads with what the invitation is, as the signed-out page does.
    expect(screen.getByRole('heading', { level: 1, name: 'Join Acme Studio' })).toBeInTheDocument();
    expect(screen.getByText(/invited you/)).toHaveTextContent(
      'Olivia Owner invited you to this Handoff workspace.',
    );
    expect(screen.getByText('Invitation for:').parentElement).toHaveTextContent(
      'Invitation for: bea@example.com',
    );
    // The primary button says what it does; the other way on stays signed in.
    const switchAccount = screen.getByRole('button', { name: 'Sign out and continue as bea@example.com' });
    expect(switchAccount).toHaveClass('button--primary');
    expect(screen.getByRole('link', { name: /^Stay signed in as / })).toHaveAttribute('href', '/admin/index');
    await user.click(switchAccount);
    expect(await screen.findByRole('heading', { name: 'Join Acme Studio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/join/someone-elses');
    expect(window.localStorage.getItem('auth-token')).toBeNull();
  });
});

describe('naming the workspace before the first notice', () => {
  it('says on the send screen which company clients see until it is named, and names it in place', async () => {
    const { account } = signIn('ada@acme-studio.test');
    createProject(account.id, { projectKey: 'SHOP' });
    const { user } = renderApp('/admin/send-stories?key=SHOP');
    const hint = await screen.findByRole('complementary', { name: 'Name your workspace' });
    // The Team screen shows the default name ("ada's team"), so the notice says what clients see instead.
    expect(hint).toHaveTextContent(
      'Clients see your company as acme-studio.test until you name your workspace.',
    );
    // Sending does not wait for it: the send screen is all there, the notice under its title and tabs.
    const getStories = screen.getByRole('button', { name: 'Get User Stories' });
    expect(screen.getByRole('tablist').compareDocumentPosition(hint)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(hint.compareDocumentPosition(getStories)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await user.click(within(hint).getByRole('button', { name: 'Name workspace' }));
    await user.type(within(hint).getByLabelText('Workspace name'), 'Acme Studio');
    await user.click(within(hint).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Name your workspace' })).not.toBeInTheDocument(),
    );
    expect(callsTo('/jira/renameWorkspace')).toEqual([{ userId: account.id, name: 'Acme Studio' }]);
    expect(await screen.findByRole('option', { name: 'Acme Studio' })).toBeInTheDocument();
  });
});
