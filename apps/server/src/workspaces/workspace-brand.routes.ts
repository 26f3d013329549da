// The workspace's name and logo on the Team screen: renaming and the logo's upload and removal (owners),
// and the logo's image for the members who see it there.
import { renameWorkspaceBody, setWorkspaceLogoBody, teamChangeAnswer, userIdBody } from '@handoff/core/api';
import { removeWorkspaceLogo, renameWorkspace, setWorkspaceLogo, workspaceLogo } from './workspace-brand.ts';
import type { App } from './workspaces.routes.ts';

const tags = ['team'];

export function workspaceBrandRoutes(app: App): void {
  app.post(
    '/jira/renameWorkspace',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description: 'Renames the current workspace (owners only): 1 to 80 characters.',
        body: renameWorkspaceBody,
        response: { 200: teamChangeAnswer },
      },
    },
    async (request) => {
      await renameWorkspace(app.db, request.membership.workspaceId, request.body.name);
      return { status: 200 as const, message: `The workspace is now called ${request.body.name}.` };
    },
  );

  app.post(
    '/jira/setWorkspaceLogo',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description:
          "Sets the workspace's logo (owners only), shown at the top of its clients' review pages: a PNG, JPEG " +
          'or WebP image of at most 200 kB, base64-encoded; the type is read from the first bytes (400 otherwise).',
        body: setWorkspaceLogoBody,
        response: { 200: teamChangeAnswer },
      },
    },
    async (request) => {
      await setWorkspaceLogo(app.db, request.membership.workspaceId, request.body.image, new Date());
      return { status: 200 as const, message: 'The logo has been saved.' };
    },
  );

  app.post(
    '/jira/removeWorkspaceLogo',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description: "Removes the workspace's logo (owners only); 404 when it has none.",
        body: userIdBody,
        response: { 200: teamChangeAnswer },
      },
    },
    async (request) => {
      await removeWorkspaceLogo(app.db, request.membership.workspaceId);
      return { status: 200 as const, message: 'The logo has been removed.' };
    },
  );

  app.post(
    '/jira/getWorkspaceLogo',
    {
      schema: {
        tags,
        description:
          "The workspace's logo image (image/png, image/jpeg or image/webp, never sniffed); 404 when it has none.",
        body: userIdBody,
      },
    },
    async (request, reply) => {
      const logo = await workspaceLogo(app.db, request.membership.workspaceId);
      return reply
        .type(logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline; filename="logo"')
        .send(logo.image);
    },
  );
}
