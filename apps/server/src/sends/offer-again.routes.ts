// POST /jira/offerAgain: the Sent history's (and the review status screen's) "Offer again" control.
// Members and owners; the offer itself is the ledger's (ledger/offer-again.ts).
import { OFFERED_AGAIN, offerAgainAnswer, offerAgainBody } from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../errors.ts';
import { projectForCaller } from '../projects/projects.service.ts';

export function offerAgainRoutes(root: FastifyInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/jira/offerAgain',
    {
      schema: {
        description:
          "Offers a story of the project's sent list again: the next fetch drafts it as a re-test (retest: true), whatever its verdict, and the first send that carries it uses the offer.",
        body: offerAgainBody,
        response: { 200: offerAgainAnswer },
      },
    },
    async (request) => {
      const { projectKey, issueKey } = request.body;
      const project = await projectForCaller(app.db, request.membership, { projectKey });
      const outcome = await app.ledger.offerAgain(project.id, issueKey, request.productUser.id);
      if (outcome === 'not-sent') throw notFound(`${issueKey} was never sent in this project.`);
      return { status: 200 as const, message: OFFERED_AGAIN as typeof OFFERED_AGAIN };
    },
  );
}
