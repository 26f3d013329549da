// What the browser tests read back from the demo tracker.
import type { Page } from '@playwright/test';
import { expect } from './test.ts';

interface AdfNode {
  text?: string;
  content?: AdfNode[];
}

/** The plain text of an ADF document (Jira's comment bodies), one line per block. */
const adfText = (node: AdfNode): string =>
  (node.text ?? '') + (node.content ?? []).map((child) => adfText(child)).join(node.content ? '\n' : '');

/** The comments of an issue as the demo tracker lists them (GET /rest/api/3/issue/{key}/comment). */
export async function jiraComments(
  page: Page,
  key: string,
  email: string,
  apikey: string,
): Promise<string[]> {
  const response = await page.request.get(`/rest/api/3/issue/${key}/comment`, {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${apikey}`).toString('base64')}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { comments: { body: AdfNode }[] };
  return body.comments.map((comment) => adfText(comment.body));
}
