import type { Page } from '@playwright/test';

/** Calls the product API from the page, with the signed-in user's token, as the web app does. */
export async function apiCall<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('auth-token')}`,
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
    { path, body },
  ) as Promise<T>;
}

export async function currentUser(page: Page): Promise<{ id: string; email: string; apikey: string }> {
  const email = await page.evaluate(() => localStorage.getItem('user-email'));
  const answer = await apiCall<{ data: { id: string; email: string; apikey: string } }>(
    page,
    '/jira/get-user-by-email',
    {
      email,
    },
  );
  return answer.data;
}

/** Adds the demo tracker's DEMO project ("Demo Web Shop") for the signed-in user; returns that user. */
export async function addDemoProject(page: Page, clientEmails: string[], clientCC: string[] = []) {
  const user = await currentUser(page);
  await apiCall(page, '/jira/addProject', {
    userId: user.id,
    projectKey: 'DEMO',
    projectName: 'Demo Web Shop',
    clientEmails,
    clientCC,
  });
  return user;
}
