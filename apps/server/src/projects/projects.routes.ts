// POST /jira/getFirebaseProjects, addProject, getFirebaseProjectByKey, updateFirebaseProject,
// deleteFirebaseProject (docs/product.md §7). Every query is scoped by the workspace the caller was admitted to
// (request.membership); a body naming another user is refused with 403 before anything is read or changed.
// Members list, fetch, send and toggle auto-send; only owners add, delete or change client addresses.
import { texts } from '@handoff/core';
import {
  addProjectBody,
  projectAnswer,
  projectChangeAnswer,
  projectDeleteAnswer,
  projectListAnswer,
  projectRefBody,
  updateProjectBody,
  userIdBody,
} from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendJsonText } from '../http/json-text.ts';
import {
  addProject,
  changeProject,
  projectByKey,
  projectListText,
  removeProject,
} from './projects.service.ts';

const tags = ['projects'];

export async function projectsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/jira/getFirebaseProjects',
    {
      schema: {
        tags,
        description: "The projects of the caller's current workspace (or X-Workspace-Id's), oldest first.",
        body: userIdBody,
        response: { 200: projectListAnswer },
      },
    },
    async (request, reply) => {
      // Compressed once per answer.
      return sendJsonText(request, reply, await projectListText(app, request.membership));
    },
  );

  app.post(
    '/jira/addProject',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description:
          'Links a tracker project (owners only); 409 when the workspace already has a project with this key.',
        body: addProjectBody,
        response: { 200: projectChangeAnswer },
      },
    },
    async (request) => ({
      status: 200 as const,
      message: texts.addProject.success,
      data: await addProject(app, request.productUser, request.membership, request.body),
    }),
  );

  app.post(
    '/jira/getFirebaseProjectByKey',
    {
      schema: {
        tags,
        description: 'One of the workspace’s projects by its tracker key.',
        body: projectRefBody,
        response: { 200: projectAnswer },
      },
    },
    async (request) => ({ data: await projectByKey(app, request.membership, request.body) }),
  );

  app.post(
    '/jira/updateFirebaseProject',
    {
      schema: {
        tags,
        description:
          'Changes the client and CC addresses, the auto-send flag, and adds to the sent issue keys ' +
          '(keys are only ever added; the list stays free of duplicates). The key cannot change (400); a ' +
          'different projectName is ignored. Only owners may change the addresses (403).',
        body: updateProjectBody,
        response: { 200: projectChangeAnswer },
      },
    },
    async (request) => {
      const { projectKey, siteId, updatedProject: changes } = request.body;
      const ref = { projectKey, siteId };
      return {
        status: 200 as const,
        message: texts.editProject.success,
        data: await changeProject(app, request.productUser, request.membership, ref, changes),
      };
    },
  );

  app.post(
    '/jira/deleteFirebaseProject',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description: 'Deletes one of the workspace’s projects (owners only).',
        body: projectRefBody,
        response: { 200: projectDeleteAnswer },
      },
    },
    async (request) => {
      await removeProject(app, request.membership, request.body);
      return {
        status: 200 as const,
        message: 'Project has been deleted successfully.',
        data: { projectKey: request.body.projectKey },
      };
    },
  );
}
