import { apiCall, currentUser } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { expect, type Page, test } from '../support/test.ts';

async function addChip(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel(label, { exact: true }).press('Enter');
}

test('add a project, see it listed, toggle auto-send, reload, edit it, delete it', async ({ page }) => {
  await registerAndLogIn(page);
  await page
    .getByRole('link', { name: 'Add new' })
    .or(page.getByRole('button', { name: 'Add new' }))
    .click();
  await expect(page).toHaveURL(/\/admin\/add-project$/);

  // Validation before anything is chosen.
  await page.getByRole('button', { name: 'Add Project' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select a Jira project.' })).toBeVisible();

  await page.getByLabel('Project Name').selectOption({ label: 'Demo Web Shop' });
  // The key shows as read-only text once a project is chosen.
  await expect(page.getByLabel('Project Key')).toHaveText('DEMO');
  await expect(page.getByRole('textbox', { name: 'Project Key' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Project' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please add client email to save.' })).toBeVisible();

  await addChip(page, 'Client Emails', 'not an email');
  await addChip(page, 'Client Emails', 'client@example.test');
  await page.getByLabel('Cc', { exact: true }).fill('pm@example.test');
  await page.getByRole('button', { name: 'Add cc' }).click();
  await expect(page.getByText('not an email')).toHaveCount(0);
  await expect(page.getByText('client@example.test')).toBeVisible();
  await expect(page.getByText('pm@example.test')).toBeVisible();

  await page.getByRole('button', { name: 'Add Project' }).click();
  await expect(page.getByRole('dialog')).toContainText('Project has been added successfully.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(/\/admin\/index$/);

  const row = page.getByRole('row', { name: /DEMO/ });
  await expect(row).toContainText('Demo Web Shop');
  const toggle = page.getByRole('switch', { name: 'Auto send email for DEMO' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Auto send email for DEMO' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await page.getByRole('button', { name: 'Actions for DEMO' }).click();
  await page.getByRole('menuitem', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin\/edit-project\?key=DEMO$/);
  await expect(page.getByLabel('Project Name')).toHaveValue('Demo Web Shop');
  await expect(page.getByLabel('Project Name')).not.toBeEditable();
  await page.getByRole('button', { name: 'Remove client@example.test' }).click();
  await page.getByRole('button', { name: 'Update Project' }).click();
  await expect(page.getByRole('dialog')).toContainText('Please add a client email to save.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await addChip(page, 'Client Emails', 'new-client@example.test');
  await page.getByRole('button', { name: 'Update Project' }).click();
  await expect(page.getByRole('dialog')).toContainText('Project has been successfully updated.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(/\/admin\/index$/);

  const user = await currentUser(page);
  const stored = await apiCall<{ data: { clientEmails: string[]; clientCC: string[]; autosend: boolean } }>(
    page,
    '/jira/getFirebaseProjectByKey',
    { userId: user.id, projectKey: 'DEMO' },
  );
  expect(stored.data).toMatchObject({
    clientEmails: ['new-client@example.test'],
    clientCC: ['pm@example.test'],
    autosend: true,
  });

  await page.getByRole('button', { name: 'Actions for DEMO' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this project?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: /DEMO/ })).toBeVisible();
  await page.getByRole('button', { name: 'Actions for DEMO' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/admin\/index$/);
  await expect(page.getByRole('row', { name: /DEMO/ })).toHaveCount(0);
});

test('25 projects are shown 10 to a page with the specified pager', async ({ page }) => {
  await registerAndLogIn(page);
  const user = await currentUser(page);
  for (let i = 1; i <= 25; i++) {
    const key = `P${String(i).padStart(2, '0')}`;
    await apiCall(page, '/jira/addProject', {
      userId: user.id,
      projectKey: key,
      projectName: `Project ${i}`,
      clientEmails: ['client@example.test'],
      clientCC: [],
    });
  }
  await page.reload();
  const bodyRows = page.locator('tbody tr');
  await expect(bodyRows).toHaveCount(10);
  const pager = page.getByRole('navigation', { name: /pagination|pages/i });
  await expect(
    pager.getByRole('button', { name: /^(Page )?1$/ }).or(pager.getByRole('link', { name: /^(Page )?1$/ })),
  ).toBeVisible();
  await pager.getByText('3', { exact: true }).click();
  await expect(bodyRows).toHaveCount(5);
  await pager.getByText('2', { exact: true }).click();
  await expect(bodyRows).toHaveCount(10);
});
