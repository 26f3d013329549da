// POST /jira/register, /jira/get-user-by-email and /jira/updateApiKey (docs/product.md §7).
import { z } from 'zod';

/** The longest display name: room for a person's full name. */
const MAX_DISPLAY_NAME = 80;

/** A person's display name ("Dana Reyes"); empty: none (their address stands for them). */
const displayNameSchema = z
  .string()
  .trim()
  .max(MAX_DISPLAY_NAME, `A name has at most ${MAX_DISPLAY_NAME} characters.`)
  .refine(
    (name) => ![...name].some((char) => char < ' ' || char === '\u007f'),
    'A name is one line of text.',
  );

export const registerBody = z.object({
  email: z.string({ error: 'Enter your e-mail address.' }),
  password: z.string({ error: 'Enter a password.' }),
  apikey: z
    .string({ error: 'Enter your Jira API token.' })
    .trim()
    .min(1, { error: 'Enter your Jira API token.' })
    .describe("The user's Jira API token; stored encrypted."),
  name: displayNameSchema
    .optional()
    .describe('The name the user goes by (optional; the profile changes it).'),
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
  name: z.string().describe('The name the user goes by; empty: none given.'),
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

/** POST /jira/updateName {name}: the signed-in user's display name (empty clears it). */
export const updateNameBody = z.object({ name: displayNameSchema });
export type UpdateNameBody = z.input<typeof updateNameBody>;

export const updateNameAnswer = z.object({
  status: z.literal(200),
  message: z.string(),
  data: z.object({ name: z.string() }),
});
export type UpdateNameAnswer = z.infer<typeof updateNameAnswer>;

/** POST /jira/logout: the session of this refresh token ends on the server (the Logout button). */
export const logoutBody = z.object({
  refreshToken: z
    .string({ error: 'Send the refresh token of the session to end.' })
    .min(1, { error: 'Send the refresh token of the session to end.' })
    .max(512, { error: 'The refresh token is too long.' }),
});

export const logoutAnswer = z.object({ status: z.literal(200), message: z.string() });
