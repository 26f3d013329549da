// The team calls (not in docs/product.md; Handoff's own): the caller's workspaces and the switch between them,
// the current workspace's members and invitations, joining by an invitation link.
import { z } from 'zod';
import { isValidEmailEntry } from '../email-entry.ts';

const WORKSPACE_ROLES = ['owner', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** The header that names the workspace a call acts in, instead of the caller's current one. */
export const WORKSPACE_HEADER = 'X-Workspace-Id';

const userId = z.string().min(1, 'userId is required.').max(200);
const memberId = z.uuid('memberId is not a member of this workspace.');

const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Whether an owner named it (until then clients see the sender's e-mail domain as the company). */
  named: z.boolean(),
  role: z.enum(WORKSPACE_ROLES),
});

export const workspacesAnswer = z.object({
  data: z.object({
    /** The workspace the calls that name none act in (null when the caller was removed from it). */
    current: z.string().nullable(),
    workspaces: z.array(workspaceSchema),
  }),
});
export type WorkspacesAnswer = z.infer<typeof workspacesAnswer>;

export const switchWorkspaceBody = z.object({ userId, workspaceId: z.string().min(1).max(200) });
export type SwitchWorkspaceBody = z.input<typeof switchWorkspaceBody>;

const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** The name the member goes by; empty: none given (show the address). */
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamAnswer = z.object({
  data: z.object({
    workspace: z.object({
      id: z.string(),
      name: z.string(),
      /**
       * Whether an owner named it: until then its name is the first owner's default one, and clients see
       * the sender's e-mail domain as the company.
       */
      named: z.boolean(),
      /** When its logo was last uploaded (getWorkspaceLogo gives the image); null: none. */
      logoUpdatedAt: z.string().nullable(),
    }),
    /** The caller's role in it. */
    role: z.enum(WORKSPACE_ROLES),
    members: z.array(teamMemberSchema),
    /** Invitations not used, revoked or expired. */
    invites: z.array(z.object({ id: z.string(), email: z.string(), expiresAt: z.string() })),
  }),
});
export type TeamAnswer = z.infer<typeof teamAnswer>;

export const inviteMemberBody = z.object({
  userId,
  email: z
    .string()
    .trim()
    .min(1, 'Enter the e-mail address to invite.')
    .max(320)
    .refine(isValidEmailEntry, 'Enter a valid e-mail address to invite.'),
});
export type InviteMemberBody = z.input<typeof inviteMemberBody>;

export const revokeInvitationBody = z.object({
  userId,
  inviteId: z.string().trim().min(1, 'inviteId is required.').max(200),
});
export type RevokeInvitationBody = z.input<typeof revokeInvitationBody>;

export const removeMemberBody = z.object({ userId, memberId });
export type RemoveMemberBody = z.input<typeof removeMemberBody>;

export const setMemberRoleBody = z.object({ userId, memberId, role: z.enum(WORKSPACE_ROLES) });
export type SetMemberRoleBody = z.input<typeof setMemberRoleBody>;

export const joinWorkspaceBody = z.object({ userId, token: z.string().trim().min(1).max(200) });
export type JoinWorkspaceBody = z.input<typeof joinWorkspaceBody>;

/** The invitation page's question (no account needed: the link's token is the key). */
export const invitationBody = z.strictObject({ token: z.string().trim().min(1).max(200) });
export type InvitationBody = z.input<typeof invitationBody>;
const INVITATION_STATES = ['open', 'used', 'expired', 'unknown'] as const;
export const invitationAnswer = z.object({
  data: z.object({
    /** 'open': it can be accepted; 'used', 'expired': no longer; 'unknown': no such invitation. */
    state: z.enum(INVITATION_STATES),
    /** Null for an unknown link, as are the two addresses. */
    workspaceName: z.string().nullable(),
    inviterEmail: z.string().nullable(),
    /** The inviter's display name; null: none given (or an unknown link). */
    inviterName: z.string().nullable(),
    /** The invited address: the account that may accept it. */
    email: z.string().nullable(),
    /** Whether an account uses the invited address (then sign in, else register). */
    hasAccount: z.boolean(),
  }),
});
export type InvitationAnswer = z.infer<typeof invitationAnswer>;

export const teamChangeAnswer = z.object({ status: z.literal(200), message: z.string() });
export type TeamChangeAnswer = z.infer<typeof teamChangeAnswer>;

export const joinWorkspaceAnswer = z.object({
  status: z.literal(200),
  message: z.string(),
  data: z.object({ workspaceId: z.string(), name: z.string() }),
});
export type JoinWorkspaceAnswer = z.infer<typeof joinWorkspaceAnswer>;

/** The longest workspace name: room for a team's name, not for a paragraph. */
const MAX_WORKSPACE_NAME = 80;

export const renameWorkspaceBody = z.object({
  userId,
  name: z
    .string()
    .trim()
    .min(1, 'Give the workspace a name.')
    .max(MAX_WORKSPACE_NAME, `A workspace name has at most ${MAX_WORKSPACE_NAME} characters.`),
});
export type RenameWorkspaceBody = z.input<typeof renameWorkspaceBody>;

/** The largest logo: 200 kB. */
export const MAX_LOGO_BYTES = 200 * 1024;

export const setWorkspaceLogoBody = z.object({
  userId,
  /** The image file (PNG, JPEG or WebP, at most 200 kB), base64-encoded. */
  image: z
    .string()
    .max(Math.ceil(MAX_LOGO_BYTES / 3) * 4, 'The logo is larger than 200 kB.')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The logo must be sent base64-encoded.'),
});
export type SetWorkspaceLogoBody = z.input<typeof setWorkspaceLogoBody>;
