import { addDemoProject, apiCall, currentUser } from '../support/api.ts';
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
  // Read-only: the name shows as text, no input to type in.
  await expect(page.getByLabel('Project Name')).toHaveText('Demo Web Shop');
  await expect(page.getByRole('textbox', { name: 'Project Name' })).toHaveCount(0);
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

/** Holds every request to the API paths `paths` back until the returned function is called. */
async function holdRequests(page: Page, paths: string[]): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const path of paths) {
    await page.route(`**${path}`, async (route) => {
      await released;
      await route.continue();
    });
  }
  return release;
}

/** Where each section of the edit screen starts and ends on the page, and where Update Project is. */
async function editScreenLayout(page: Page) {
  const sections = await page
    .getByRole('region')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .evaluateAll((regions) =>
      regions.map((region) => {
        const box = region.getBoundingClientRect();
        return {
          name: region.querySelector('h2')?.textContent ?? '',
          top: box.top + window.scrollY,
          bottom: box.bottom + window.scrollY,
        };
      }),
    );
  const button = await page.getByRole('button', { name: 'Update Project' }).boundingBox();
  return { sections, button };
}

/**
 * The layout has not moved: every section and the button within a pixel of where they were. Less is no move
 * a user sees (a field and its placeholder may differ by hundredths of a pixel), and rounding each position
 * would turn such a hundredth at a half pixel into a whole one.
 */
function expectSameLayout(
  now: Awaited<ReturnType<typeof editScreenLayout>>,
  before: Awaited<ReturnType<typeof editScreenLayout>>,
) {
  const positions = (layout: typeof now) => [
    ...layout.sections.flatMap(({ name, top, bottom }) => [
      [`${name} top`, top] as const,
      [`${name} bottom`, bottom] as const,
    ]),
    ['Update Project x', layout.button?.x ?? Number.NaN] as const,
    ['Update Project y', layout.button?.y ?? Number.NaN] as const,
  ];
  const moved = positions(now)
    .map(([name, at], i) => ({ name, at, was: positions(before)[i]?.[1] ?? Number.NaN }))
    .filter(({ at, was }) => !(Math.abs(at - was) < 1))
    .map(({ name, at, was }) => `${name}: ${was.toFixed(2)} -> ${at.toFixed(2)}`);
  expect(now.sections.map((section) => section.name)).toEqual(before.sections.map((section) => section.name));
  expect(moved).toEqual([]);
}

for (const device of [
  { name: '1280 px', viewport: { width: 1280, height: 800 } },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
]) {
  test.describe(`the edit screen at ${device.name}`, () => {
    test.use({
      viewport: device.viewport,
      isMobile: device.isMobile ?? false,
      hasTouch: device.hasTouch ?? false,
    });

    test('holds its layout from the first paint while its sections load, and keeps what was typed', async ({
      page,
    }) => {
      await registerAndLogIn(page);
      await addDemoProject(page, ['client@example.test'], ['pm@example.test']);
      const releaseProject = await holdRequests(page, ['/jira/getFirebaseProjectByKey']);
      const releaseSections = await holdRequests(page, [
        '/jira/getProjectStatuses',
        '/jira/review/getSettings',
        '/jira/review/getTransitions',
      ]);
      await page.goto('/admin/edit-project?key=DEMO');
      await expect(page.getByRole('progressbar', { name: 'Loading the project' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Update Project' })).toBeDisabled();
      const firstPaint = await editScreenLayout(page);

      releaseProject();
      await expect(page.getByLabel('Project Name')).toHaveText('Demo Web Shop');
      expectSameLayout(await editScreenLayout(page), firstPaint);
      // Typed while the other sections still load.
      await page.getByLabel('Cc', { exact: true }).fill('qa@example.test');

      releaseSections();
      await expect(page.getByRole('checkbox', { name: 'Done' })).toBeVisible();
      await expect(page.getByLabel('Client language')).toBeVisible();
      await expect(page.getByLabel('Move a failed story through')).toBeVisible();
      expectSameLayout(await editScreenLayout(page), firstPaint);
      await expect(page.getByLabel('Cc', { exact: true })).toHaveValue('qa@example.test');
      await expect(page.getByRole('button', { name: 'Update Project' })).toBeEnabled();
    });
  });
}
