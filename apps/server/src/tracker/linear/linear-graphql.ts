// One Linear GraphQL call: a POST of the document and its variables to the site's endpoint, through
// jira-http.ts (its retry policy, time-outs and the outbound rules), with the personal API key alone in
// `Authorization` (Linear wants no `Bearer` before a personal key). A RATELIMITED error is waited out as a
// 429 is; any other error becomes a TrackerError (linear-errors.ts); `data` is parsed with a schema.
import { z } from 'zod';
import { type JiraClientOptions, JiraHttp, withDefaults } from '../jira-http.ts';
import type { TrackerCredentials } from '../tracker.ts';
import { TrackerError } from '../tracker-errors.ts';
import { linearFailure, linearRateLimit, linearUnanswered } from './linear-errors.ts';

/** Nodes asked for per page of a connection (Linear answers at most 250). */
const LINEAR_PAGE_SIZE = 100;

const answerSchema = z.object({ data: z.unknown().optional(), errors: z.array(z.unknown()).optional() });

const pageInfoSchema = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });

/** A Relay connection of the node schema, as Linear pages every list. */
export const connectionSchema = <T extends z.ZodType>(node: T) =>
  z.object({ nodes: z.array(node), pageInfo: pageInfoSchema });

type Variables = Record<string, unknown>;

export class LinearGraphql {
  readonly http: JiraHttp;

  constructor(options: JiraClientOptions) {
    this.http = new JiraHttp(
      withDefaults({
        ...options,
        auth: 'plain',
        failure: linearFailure,
        rateLimit: (answer) => linearRateLimit(answer, (options.now ?? Date.now)()),
      }),
    );
  }

  /** The document's `data`, parsed with the schema; `what` names the call in messages and the log. */
  async run<T extends z.ZodType>(
    credentials: TrackerCredentials,
    document: string,
    variables: Variables,
    schema: T,
    what: string,
  ): Promise<z.infer<T>> {
    let answered: Awaited<ReturnType<JiraHttp['request']>>;
    try {
      answered = await this.http.request({
        path: '',
        method: 'POST',
        credentials,
        // No key (the site check): no Authorization header at all, rather than an empty one.
        anonymous: credentials.apiToken === '',
        body: { query: document, variables },
      });
    } catch (error) {
      // Linear's own answers are worded already (linear-errors.ts); no answer at all is the client's.
      const unanswered = error instanceof TrackerError && error.trackerStatus === undefined;
      throw unanswered ? linearUnanswered(error) : error;
    }
    const { status, json, headers } = answered;
    const answer = this.parse(answerSchema, json, what);
    // Errors beside data on a 200 (a field Linear could not resolve): the call failed all the same.
    if (answer.errors?.length) {
      throw linearFailure({
        status,
        text: JSON.stringify(answer),
        headers: headers ?? new Headers(),
        credentials,
        retryAfterMs: undefined,
      });
    }
    return this.parse(schema, answer.data, what);
  }

  /** The answer checked against its schema; one that does not fit is Linear's unexpected answer. */
  private parse<T extends z.ZodType>(schema: T, json: unknown, what: string): z.infer<T> {
    try {
      return this.http.parse(schema, json, what);
    } catch (error) {
      throw error instanceof TrackerError ? linearUnanswered(error) : error;
    }
  }

  /**
   * Every node of a paged connection: the document is run with `first` and `after` until its page says
   * there is no next one. `connectionOf` picks the connection out of `data`.
   */
  async all<N>(
    credentials: TrackerCredentials,
    request: { document: string; variables: Variables; what: string },
    schema: z.ZodType<{ connection: { nodes: N[]; pageInfo: z.infer<typeof pageInfoSchema> } }>,
  ): Promise<N[]> {
    const nodes: N[] = [];
    let after: string | null = null;
    for (let page = 0; page < this.http.options.maxPages; page++) {
      const variables: Variables = { ...request.variables, first: LINEAR_PAGE_SIZE, after };
      const { connection }: z.infer<typeof schema> = await this.run(
        credentials,
        request.document,
        variables,
        schema,
        request.what,
      );
      nodes.push(...connection.nodes);
      if (!connection.pageInfo.hasNextPage || !connection.pageInfo.endCursor) return nodes;
      after = connection.pageInfo.endCursor;
    }
    throw linearUnanswered(this.http.tooManyPages());
  }
}
