import { z } from 'zod';

/** Every product API error answer: the HTTP status again, a stable code, and a message to show. */
export const errorAnswer = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
});
