import { fillRegistration, logIn, newAccount, register, registerAndLogIn } from '../support/auth.ts';
import { expect, test } from '../support/test.ts';

test('register, log in, reach the projects page, log out', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/admin\/index$/);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user-email'))).toBe(account.email);
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  await page.getByRole('button', { name: account.email }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('user-email'))).toBeNull();
});

test('registration errors: passwords differ, e-mail already registered', async ({ page }) => {
  const account = newAccount();
  await fillRegistration(page, account, `${account.password}-other`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Password and confirm password does not match.');
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);

  await register(page, account);
  await fillRegistration(page, account);
  await expect(page.getByRole('dialog')).toContainText('You are already registered in our system.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
});

test('login with wrong credentials shows the error dialog', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await logIn(page, account.email, 'not-the-password');
  await expect(page.getByRole('dialog')).toContainText('Please check your login credentials');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('forgot password with an empty e-mail asks for one', async ({ page }) => {
  await page.goto('/auth/login');
  await page
    .getByRole('button', { name: 'Forgot Password?' })
    .or(page.getByRole('link', { name: 'Forgot Password?' }))
    .click();
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();
});

test('gating: signed out goes to login, signed in leaves the auth area', async ({ page }) => {
  await page.goto('/admin/index');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/some/unknown/path');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/auth/nowhere');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await registerAndLogIn(page);
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/admin\/index$/);
  await page.goto('/auth/register');
  await expect(page).toHaveURL(/\/admin\/index$/);
  await page.goto('/admin/not-a-page');
  await expect(page).toHaveURL(/\/admin\/index$/);
  await page.goto('/elsewhere');
  await expect(page).toHaveURL(/\/admin\/index$/);
});
