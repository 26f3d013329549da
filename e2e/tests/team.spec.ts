import { apiCall, currentUser } from '../support/api.ts';
import { fillRegistration, logIn, newAccount, registerAndLogIn, verifyAddress } from '../support/auth.ts';
import { mailbox } from '../support/mailbox.ts';
import { E2E_BASE_URL } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

test('an owner invites a colleague, who registers through the link, sends a notice, and is removed', async ({
  page,
  browser,
}) => {
  // The owner links a project and invites from the Team screen.
  const owner = await registerAndLogIn(page);
  const ownerUser = await currentUser(page);
  await apiCall(page, '/jira/addProject', {
    userId: ownerUser.id,
    projectKey: 'DEMO',
    projectName: 'Demo Web Shop',
    clientEmails: ['team-client@example.test'],
    clientCC: [],
  });
  const invitee = newAccount();
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  await page.getByLabel('Email').fill(invitee.email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('dialog')).toContainText(`An invitation has been sent to ${invitee.email}.`);
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  const invitation = await mailbox.waitFor(invitee.email);
  const link = new RegExp(`${E2E_BASE_URL}/join/[\\w-]+`).exec(invitation.text ?? '')?.[0];
  expect(link).toBeDefined();

  // The invitee, in a browser of their own, opens the link, registers with the invited address, signs in.
  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto(link ?? '');
  const workspace = `${owner.email.split('@')[0]}'s team`;
  await expect(colleague.getByRole('heading', { name: `Join ${workspace}` })).toBeVisible();
  await expect(colleague.getByText(`${owner.email} invited you to this Handoff workspace.`)).toBeVisible();
  await expect(colleague.getByText(`Invitation for: ${invitee.email}`)).toBeVisible();
  // A new address: Register first.
  await expect(colleague.getByRole('link', { name: 'Register' })).toHaveClass(/button--primary/);
  await fillRegistration(colleague, invitee);
  await colleague.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await verifyAddress(colleague, invitee.email);
  await logIn(colleague, invitee.email, invitee.password);
  await expect(colleague).toHaveURL(/\/admin\/index$/);
  await expect(colleague.getByRole('combobox', { name: 'Workspace' })).toHaveAccessibleName('Workspace');
  // Not named yet: the switcher shows what clients see (the e-mail domain), tagged as unnamed.
  await expect(colleague.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText(
    `${invitee.email.split('@')[1]} (unnamed)`,
  );
  await expect(colleague.locator('.workspace-select__tag')).toHaveText('Unnamed');
  await expect(colleague.getByRole('cell', { name: 'Demo Web Shop' })).toBeVisible();

  // The colleague sends the Done stories of the shared project.
  await colleague.getByRole('button', { name: 'Actions for DEMO' }).click();
  await colleague.getByRole('menuitem', { name: 'Send stories to client' }).click();
  await colleague.getByLabel(/^Issue Status/).selectOption('Done');
  await colleague.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(colleague.getByLabel('Subject')).toHaveValue('Request for Testing: User Stories for Review');
  await colleague.getByRole('button', { name: 'Send Email' }).click();
  await expect(colleague.getByRole('dialog')).toContainText('Email sent to the client.');
  await colleague.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await mailbox.waitFor('team-client@example.test');

  // The owner sees it in the project's history, sent by the colleague.
  await page.goto('/admin/send-stories?key=DEMO&tab=sent');
  await expect(
    page
      .getByRole('region', { name: 'Sent' })
      .getByText(`by ${invitee.name || invitee.email}`)
      .first(),
  ).toBeVisible();

  // The owner removes the colleague; the colleague's very next call is refused.
  await page.goto('/admin/team');
  await page.getByRole('button', { name: `Remove ${invitee.email}` }).click();
  await expect(page.getByRole('dialog')).toContainText('The member has been removed.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await expect(page.getByRole('row', { name: new RegExp(invitee.email) })).toHaveCount(0);

  const alerts: string[] = [];
  colleague.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await colleague.goto('/admin/index');
  await expect
    .poll(() => alerts)
    .toContain('You are no longer a member of this workspace. Choose another one in the Workspace list.');
  await expect(colleague.getByRole('cell', { name: 'Demo Web Shop' })).toHaveCount(0);
});

test('an owner revokes an open invitation from the Team screen', async ({ page }) => {
  await registerAndLogIn(page);
  const invitee = newAccount();
  await page.getByRole('link', { name: 'Team' }).click();
  await page.getByLabel('Email').fill(invitee.email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  const open = page
    .getByRole('table', { name: 'Invitations not yet accepted' })
    .getByRole('row', { name: new RegExp(invitee.email) });
  await expect(open).toBeVisible();
  await open.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('alertdialog', { name: `Revoke the invitation for ${invitee.email}?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByRole('dialog')).toContainText('The invitation has been revoked.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await expect(open).toHaveCount(0);
});
