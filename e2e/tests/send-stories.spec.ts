import { expect, test } from '@playwright/test';
import { Mailbox } from '../../apps/server/src/testing/mailbox.ts';
import { draftEmail, type Issue } from '../../packages/core/src/index.ts';
import { apiCall, currentUser } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { E2E_SMTP_PORT } from '../support/ports.ts';

const mailbox = new Mailbox();
test.beforeAll(async () => {
  await mailbox.listen(E2E_SMTP_PORT);
});
test.afterAll(() => mailbox.close());

test('fetch Done stories, send the drafted e-mail with an attachment, and never offer them again', async ({
  page,
}) => {
  await registerAndLogIn(page);
  const user = await currentUser(page);
  await apiCall(page, '/jira/addProject', {
    userId: user.id,
    projectKey: 'DEMO',
    projectName: 'Demo Web Shop',
    clientEmails: ['client@example.test'],
    clientCC: ['pm@example.test'],
  });
  const issues = await page.evaluate(async (apikey) => {
    const response = await fetch('/jira/getProjectIssues?projectKey=DEMO&status=Done', {
      headers: {
        authorization: `Bearer ${localStorage.getItem('auth-token')}`,
        email: localStorage.getItem('user-email') ?? '',
        api: apikey,
      },
    });
    return ((await response.json()) as { data: Issue[] }).data;
  }, user.apikey);
  expect(issues.length).toBeGreaterThan(0);
  const expected = draftEmail(issues, []);

  await page.goto('/admin/index');
  await page.getByRole('button', { name: 'Actions for DEMO' }).click();
  await page.getByRole('menuitem', { name: 'Send stories to client' }).click();
  await expect(page).toHaveURL(/\/admin\/send-stories\?key=DEMO$/);

  // No status chosen: the browser alert.
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect.poll(() => alerts).toEqual(['Please select a status to get issues.']);

  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue('Request for Testing: User Stories for Review');
  await expect(page.getByLabel(/^Email message/)).toHaveValue(expected.text);

  await page.getByLabel('Attachment').setInputFiles({
    name: 'release-notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Release 1.4: guest checkout'),
  });
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  const mail = await mailbox.waitFor((m) => m.subject === 'Request for Testing: User Stories for Review');
  expect(mail.text?.trim()).toBe(expected.text.trim());
  expect(JSON.stringify(mail.to)).toContain('client@example.test');
  expect(JSON.stringify(mail.cc)).toContain('pm@example.test');
  expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
    ['release-notes.txt', 'Release 1.4: guest checkout'],
  ]);
  await expect(page.getByLabel('Attachment')).toHaveValue('');

  const project = await apiCall<{ data: { sentProjectIssuesList: string[] } }>(
    page,
    '/jira/getFirebaseProjectByKey',
    {
      userId: user.id,
      projectKey: 'DEMO',
    },
  );
  expect(project.data.sentProjectIssuesList).toEqual(expected.includedKeys);

  // Fetch again: everything Done was sent, so nothing is offered.
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByLabel(/^Email message/)).toHaveValue('');
  await expect(page.getByLabel('Subject')).toHaveValue('');
});

test('auto-send e-mails the Done stories of a project on its own, once, and the history shows it', async ({
  page,
}) => {
  await registerAndLogIn(page);
  const user = await currentUser(page);
  const client = `auto-${Date.now()}@example.test`;
  await apiCall(page, '/jira/addProject', {
    userId: user.id,
    projectKey: 'MOB',
    projectName: 'Mobile App',
    clientEmails: [client],
    clientCC: [],
  });
  await page.reload();
  await page.getByRole('switch', { name: 'Auto send email for MOB' }).click();

  // The e2e server runs auto-send every 3 seconds.
  const mail = await mailbox.waitFor((m) => JSON.stringify(m.to).includes(client), 30_000);
  expect(mail.subject).toBe('Request for Testing: User Stories for Review');
  await page.waitForTimeout(7_000);
  expect(mailbox.messages.filter((m) => JSON.stringify(m.to).includes(client))).toHaveLength(1);

  await page.goto('/admin/send-stories?key=MOB');
  await expect(page.getByText(/automatic/i).first()).toBeVisible();
});
