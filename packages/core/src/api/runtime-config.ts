// GET /config.json: what the web app needs to know at run time, so one build serves every deployment.
import { z } from 'zod';

const AUTH_MODES = ['builtin', 'firebase'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string().describe("Base URL of the product API; '' means the page's own origin."),
  identityToolkitUrl: z
    .string()
    .describe(
      "Identity Toolkit base: Google's, or the built-in provider's '/identitytoolkit.googleapis.com' on the page's own origin (or PUBLIC_URL's, when set).",
    ),
  secureTokenUrl: z.string().describe('Secure Token base, likewise.'),
  identityApiKey: z.string().describe('The public API key the web app sends as `?key=`.'),
  authMode: z.enum(AUTH_MODES),
  demoTracker: z.boolean().describe('True while the built-in demo tracker answers instead of a real Jira.'),
  maxAttachmentBytes: z
    .number()
    .int()
    .positive()
    .describe(
      'The largest attachment a send accepts (MAX_ATTACHMENT_MB), so the send screen says so before sending.',
    ),
  inviteOnly: z
    .boolean()
    .describe(
      'True when registering needs an invitation (REGISTRATION=invite, once the installation has its first account), so the register screen says so before anyone types.',
    ),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
