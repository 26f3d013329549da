import { z } from 'zod';

/** The product API's error answer (errors.ts ErrorBody). */
export const errorBody = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
});

export const registerBody = z.object({
  email: z.string({ error: 'Enter your e-mail address.' }),
  password: z.string({ error: 'Enter a password.' }),
  apikey: z
    .string({ error: 'Enter your Jira API key.' })
    .trim()
    .min(1, { error: 'Enter your Jira API key.' })
    .describe("The user's Jira API token; stored encrypted."),
});

export const registerAnswer = z.object({
  status: z.literal(200),
  message: z.string(),
});

export const getUserByEmailBody = z.object({
  email: z.string({ error: 'Enter an e-mail address.' }).min(1, { error: 'Enter an e-mail address.' }),
});

export const getUserByEmailAnswer = z.object({
  data: z.object({
    id: z.string(),
    email: z.string(),
    apikey: z.string().describe("The user's Jira API token."),
  }),
});
