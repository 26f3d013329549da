import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { mailbox } from './mailbox.ts';

export interface Account {
  email: string;
  password: string;
  apikey: string;
  /** The display name given at registration (optional; none when absent). */
  name?: string;
}

/** A new account's details, unique per call. */
export function newAccount(): Account {
  const id = randomBytes(4).toString('hex');
  return { email: `user-${id}@example.test`, password: `pw-${id}-secret`, apikey: `jira-token-${id}` };
}

export async function fillRegistration(page: Page, account: Account, confirmPassword = account.password) {
  await page.goto('/auth/register');
  if (account.name) await page.getByLabel('Your name (optional)').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(confirmPassword);
  await page.getByLabel('API Key').fill(account.apikey);
  await page.getByRole('button', { name: 'Register' }).click();
}

/**
 * Registers through the screen and closes the success dialog (which leads to /auth/login), then verifies
 * the address with the link e-mailed to it (the server has SMTP_URL set) and comes back to /auth/login.
 */
export async function register(page: Page, account: Account) {
  await fillRegistration(page, account);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('You have been registered successfully.');
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await verifyAddress(page, account.email);
  await page.goto('/auth/login');
}

/** Opens the verification link e-mailed to `email`. */
export async function verifyAddress(page: Page, email: string) {
  const mail = await mailbox.waitFor(
    email,
    (m) => m.text?.includes('/auth/action?mode=verifyEmail') === true,
  );
  const link = new URL(/(https?:\/\/\S+\/auth\/action\?\S+)/.exec(mail.text ?? '')?.[1] ?? '');
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Your e-mail address is verified. You can use Handoff now.')).toBeVisible();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A signed-in session on /admin/index for a new account. */
export async function registerAndLogIn(page: Page, name?: string): Promise<Account> {
  const account = { ...newAccount(), ...(name ? { name } : {}) };
  await register(page, account);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/admin\/index$/);
  return account;
}
