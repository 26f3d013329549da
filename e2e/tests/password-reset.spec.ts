import { logIn, newAccount, register } from '../support/auth.ts';
import { mailbox } from '../support/mailbox.ts';
import { expect, test } from '../support/test.ts';

test('forgot password: the e-mail arrives, its link sets a new password, the old one stops working', async ({
  page,
}) => {
  const account = newAccount();
  await register(page, account);

  await page.getByLabel('Email').fill(account.email);
  await page
    .getByRole('button', { name: 'Forgot Password?' })
    .or(page.getByRole('link', { name: 'Forgot Password?' }))
    .click();
  await expect(page.getByRole('dialog')).toContainText(
    'An email has been sent successfully to reset password.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  const mail = await mailbox.waitFor(
    account.email,
    (m) => m.text?.includes('/reset-password?oobCode=') === true,
  );
  const link = /(https?:\/\/\S+\/reset-password\?oobCode=[\w-]+)/.exec(mail.text ?? '')?.[1];
  expect(link).toBeTruthy();

  const newPassword = `${account.password}-new`;
  const resetPath = new URL(link!).pathname + new URL(link!).search;
  await page.goto(resetPath);
  // Checked before the form shows: it names the account.
  await expect(page.getByText(`Choose a new password for ${account.email}.`)).toBeVisible();
  // Two passwords that differ are refused on the page, and the link still works.
  await page.getByLabel('Password', { exact: true }).fill(`${newPassword}-1`);
  await page.getByLabel('Confirm Password').fill(`${newPassword}-2`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('dialog')).toContainText('Password and confirm password are not equal.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password has been updated successfully')).toBeVisible();

  // Used, the link says so before anyone types a password, and offers a new one.
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset link no longer valid' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link has expired or was already used.');
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();

  await logIn(page, account.email, account.password);
  await expect(page.getByRole('dialog')).toContainText('Please check your login credentials');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  await logIn(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/admin\/index$/);
});
