// POST /jira/register, /jira/get-user-by-email and /jira/updateApiKey (docs/product.md §7).
import { z } from 'zod';

export const registerBody = z.object({
  email: z.string({ error: 'Enter your e-mail address.' }),
  password: z.string({ error: 'Enter a password.' }),
  apikey: z
    .string({ error: 'Enter your Jira API token.' })
    .trim()
    .min(1, { error: 'Enter your Jira API token.' })
    .describe("The user's Jira API token; stored encrypted."),
});
export type RegisterBody = z.input<typeof registerBody>;

export const registerAnswer = z.object({
  status: z.literal(200),
  message: z.string(),
});
export type RegisterAnswer = z.infer<typeof registerAnswer>;

/** A Handoff user as the calls answer it (docs/product.md §3 "User"). */
const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  apikey: z.string().describe("The user's Jira API token."),
});
export type User = z.infer<typeof userSchema>;

export const getUserByEmailBody = z.object({
  email: z.string({ error: 'Enter an e-mail address.' }).min(1, { error: 'Enter an e-mail address.' }),
});
export type GetUserByEmailBody = z.input<typeof getUserByEmailBody>;

export const getUserByEmailAnswer = z.object({ data: userSchema });
export type GetUserByEmailAnswer = z.infer<typeof getUserByEmailAnswer>;

export const apiKeySchema = z
  .string()
  .trim()
  .min(1, 'Enter your API key or token.')
  .max(2048, 'The API key is too long.')
  .refine((key) => !/\s/.test(key), 'The API key may not contain spaces.');

export const updateApiKeyBody = z.object({ apikey: apiKeySchema });
export type UpdateApiKeyBody = z.input<typeof updateApiKeyBody>;

export const updateApiKeyAnswer = z.object({ status: z.literal(200), message: z.string() });
export type UpdateApiKeyAnswer = z.infer<typeof updateApiKeyAnswer>;

/** POST /jira/logout: the session of this refresh token ends on the server (the Logout button). */
export const logoutBody = z.object({
  refreshToken: z
    .string({ error: 'Send the refresh token of the session to end.' })
    .min(1, { error: 'Send the refresh token of the session to end.' })
    .max(512, { error: 'The refresh token is too long.' }),
});

export const logoutAnswer = z.object({ status: z.literal(200), message: z.string() });
