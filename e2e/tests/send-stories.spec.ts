import { draftEmail, type Issue } from '../../packages/core/src/index.ts';
import { addDemoProject, apiCall, currentUser } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { axeViolations } from '../support/axe.ts';
import { mailbox } from '../support/mailbox.ts';
import { reviewLinkOf } from '../support/review.ts';
import { expect, test } from '../support/test.ts';

test('fetch Done stories, send the drafted e-mail with an attachment, and never offer them again', async ({
  page,
}) => {
  await registerAndLogIn(page);
  // An address of this test's own: other spec files send mail to the same mailbox meanwhile.
  const client = `attachment-${Date.now()}@example.test`;
  const user = await addDemoProject(page, [client], ['pm@example.test']);
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

  // Done is chosen when the screen opens; with "Choose one" instead, the browser alert.
  await expect(page.getByLabel(/^Issue Status/)).toHaveValue('Done');
  await page.getByLabel(/^Issue Status/).selectOption('');
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

  const mail = await mailbox.waitFor(client);
  expect(mail.subject).toBe('Request for Testing: User Stories for Review');
  // The text part is the draft exactly as left, then the review link (README, "The client's review").
  expect(mail.text?.trimEnd()).toBe(`${expected.text}\n\nReview and report results: ${reviewLinkOf(mail)}`);
  expect(JSON.stringify(mail.cc)).toContain('pm@example.test');
  expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
    ['release-notes.txt', 'Release 1.4: guest checkout'],
  ]);
  // Okay leads to the Sent tab, the e-mail at the head of the history.
  await expect(page.getByRole('tab', { name: 'Sent', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'New e-mail' }).click();
  // The e-mail's fields (the attachment with them) wait for the next fetch.
  await expect(page.getByLabel('Attachment')).toHaveCount(0);
  await expect(page.getByText('Fetch stories to draft the e-mail.')).toBeVisible();

  const project = await apiCall<{ data: { sentProjectIssuesList: string[] } }>(
    page,
    '/jira/getFirebaseProjectByKey',
    {
      userId: user.id,
      projectKey: 'DEMO',
    },
  );
  expect(project.data.sentProjectIssuesList).toEqual(expected.includedKeys);

  // Fetch again: everything Done was sent, so nothing is offered, and no empty form invites a send.
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByText('All of these stories were already sent.')).toBeVisible();
  await expect(page.getByLabel(/^Email message/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Email' })).toHaveCount(0);
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
  const mail = await mailbox.waitFor(client, undefined, 30_000);
  expect(mail.subject).toBe('Request for Testing: User Stories for Review');
  await page.waitForTimeout(7_000);
  expect(await mailbox.to(client)).toHaveLength(1);

  await page.goto('/admin/send-stories?key=MOB&tab=sent');
  await expect(page.getByText('Auto-send').first()).toBeVisible();
});

test('a draft whose story was sent from another tab meanwhile is refused with 409, e-mails nothing, and is drafted again', async ({
  page,
}) => {
  await registerAndLogIn(page);
  const client = `tabs-${Date.now()}@example.test`;
  const user = await addDemoProject(page, [client]);
  await page.goto('/admin/send-stories?key=DEMO');
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  const stories = page.getByRole('list', { name: /^Stories in this e-mail/ });
  await expect(stories).toBeVisible();
  const first = (await stories.getByRole('listitem').first().textContent()) ?? '';
  const firstKey = first.split(' ')[0]!;

  // Another tab sends the first story: its project update, then its e-mail naming that key.
  await apiCall(page, '/jira/updateFirebaseProject', {
    userId: user.id,
    projectKey: 'DEMO',
    updatedProject: {
      projectKey: 'DEMO',
      projectName: 'Demo Web Shop',
      clientEmails: [client],
      clientCC: [],
      sentProjectIssuesList: [firstKey],
    },
  });
  const otherTab = await page.evaluate(
    async (fields) => {
      const form = new FormData();
      for (const [name, value] of fields) form.append(name, value);
      const response = await fetch('/jira/sendDownloadedIssues', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('auth-token')}` },
        body: form,
      });
      return response.status;
    },
    [
      ['subject', 'From the other tab'],
      ['text', 'One story'],
      ['to', client],
      ['projectKey', 'DEMO'],
      ['issueKeys', firstKey],
    ] as Array<[string, string]>,
  );
  expect(otherTab).toBe(200);

  await page.getByRole('button', { name: 'Send Email' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Nothing was e-mailed: ${firstKey} was sent meanwhile`);
  await dialog.getByRole('button', { name: 'Okay' }).click();
  // Drafted again, without the story the other tab sent.
  await expect(stories.getByRole('listitem').first()).not.toHaveText(first);
  await expect(page.getByRole('list', { name: /^Already sent, left out/ })).toContainText(firstKey);

  await page.waitForTimeout(1_000);
  const toClient = await mailbox.to(client);
  expect(toClient.map((m) => m.subject)).toEqual(['From the other tab']);
});

test('the send screen guides: a story unticked stays unsent, who receives it, the drop zone; axe finds nothing at 1280 and 390 px', async ({
  page,
}) => {
  await registerAndLogIn(page);
  const client = `guided-${Date.now()}@example.test`;
  const user = await addDemoProject(page, [client], ['pm@example.test']);
  await page.goto('/admin/send-stories?key=DEMO');
  // The e-mail's fields and who receives it appear once stories are fetched.
  await expect(page.getByText('Fetch stories to draft the e-mail.')).toBeVisible();
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByRole('button', { name: 'Send Email' })).toHaveAccessibleDescription(
    `To: ${client} Cc: pm@example.test`,
  );
  const boxes = page.getByRole('list', { name: /^Stories in this e-mail/ }).getByRole('checkbox');
  await expect(boxes.first()).toBeChecked();
  expect(await boxes.count()).toBeGreaterThan(1);
  const leftOut = ((await page.locator('.story-check__label').first().textContent()) ?? '').trim();
  const [leftOutKey, ...title] = leftOut.split(' ');
  await boxes.first().uncheck();
  await expect(page.getByLabel(/^Email message/)).not.toHaveValue(new RegExp(`- ${title.join(' ')}\\n`));

  await page.getByLabel('Attachment').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Release notes'),
  });
  await expect(page.getByRole('button', { name: 'Remove notes.txt' })).toBeVisible();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
  }

  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');
  const mail = await mailbox.waitFor(client);
  expect(mail.attachments.map((a) => a.filename)).toEqual(['notes.txt']);
  const project = await apiCall<{ data: { sentProjectIssuesList: string[] } }>(
    page,
    '/jira/getFirebaseProjectByKey',
    { userId: user.id, projectKey: 'DEMO' },
  );
  expect(project.data.sentProjectIssuesList.length).toBeGreaterThan(0);
  expect(project.data.sentProjectIssuesList).not.toContain(leftOutKey);
});
