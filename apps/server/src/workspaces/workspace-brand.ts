// A workspace's name and optional logo: the name starts as "{the first owner's display name}'s team" (without
// one: the part of their e-mail before the @) and owners change it; the logo (PNG, JPEG or WebP up to 200 kB, recognised by its first
// bytes, never by what the uploader claims) is shown at the top of the clients' review pages.
import { MAX_LOGO_BYTES } from '@handoff/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import {
  deleteLogo,
  findLogo,
  type LogoType,
  updateWorkspaceName,
  upsertLogo,
} from './workspace-logos.repository.ts';
import { findWorkspace } from './workspaces.repository.ts';

type Executor = Kysely<Database>;

/**
 * The name a new account's workspace gets: "Dana Reyes" → "Dana Reyes's team"; without a display name
 * "dana@acme.test" → "dana's team".
 */
export function defaultWorkspaceName(email: string, displayName = ''): string {
  const local = email.split('@')[0]?.trim();
  return `${displayName.trim() || local || email}'s team`;
}

export async function renameWorkspace(db: Executor, workspaceId: string, name: string): Promise<void> {
  await updateWorkspaceName(db, workspaceId, name);
}

/** The image type its first bytes prove, or null: PNG's signature, JPEG's SOI marker, WebP's RIFF header. */
function logoTypeOf(image: Buffer): LogoType | null {
  const startsWith = (bytes: number[], offset = 0) => bytes.every((byte, i) => image[offset + i] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    image.length >= 12 &&
    image.toString('latin1', 0, 4) === 'RIFF' &&
    image.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Stores the workspace's logo (replacing any), or refuses an image that is too large or of another type. */
export async function setWorkspaceLogo(db: Executor, workspaceId: string, base64: string, now: Date) {
  const image = Buffer.from(base64, 'base64');
  if (image.length === 0) throw badRequest('Choose an image file for the logo.');
  if (image.length > MAX_LOGO_BYTES)
    throw badRequest('The logo is larger than 200 kB. Choose a smaller image.');
  const contentType = logoTypeOf(image);
  if (!contentType) throw badRequest('The logo must be a PNG, JPEG or WebP image.');
  await upsertLogo(db, { workspaceId, contentType, image, now });
}

export async function removeWorkspaceLogo(db: Executor, workspaceId: string): Promise<void> {
  if (!(await deleteLogo(db, workspaceId))) throw notFound('This workspace has no logo.');
}

/** The workspace's logo image with its type; 404 when it has none. */
export async function workspaceLogo(db: Executor, workspaceId: string) {
  const logo = await findLogo(db, workspaceId);
  if (!logo) throw notFound('This workspace has no logo.');
  return { contentType: logo.content_type, image: logo.image, updatedAt: logo.updated_at };
}

/**
 * What a client sees of the workspace that sent a notice: its name, and when its logo changed (null: none).
 * A client never sees "{e-mail}'s team": until an owner names the workspace (its name is still the default
 * name of one of its members), the company is the sender's e-mail domain ("acme-studio.test").
 */
export async function workspaceBrand(db: Executor, workspaceId: string, senderEmail: string | null) {
  const workspace = await findWorkspace(db, workspaceId);
  const domain = senderEmail?.split('@')[1];
  return {
    name: workspace.named || !domain ? workspace.name : domain,
    logoUpdatedAt: workspace.logo_updated_at,
  };
}
