import { type FakeJira, sendJson, startFakeJira } from './fake-jira.ts';

export interface Story {
  key: string;
  summary: string;
  steps?: string[];
  /** The story's parent epic (Jira's `parent` field); left out: none. */
  epic?: { id: string; summary: string };
}

/**
 * A fake Jira site whose Done stories the test changes as it goes, answering the project search,
 * `myself` and the enhanced JQL search in one page. `state.refuse` makes it answer 401 to everything.
 */
export async function startStoryTracker(): Promise<
  FakeJira & { state: { stories: Story[]; refuse: boolean; statusMovedAt: Map<string, Date> } }
> {
  // When each story's status last changed (moved away and back to Done), answered by the changelog.
  const state = { stories: [] as Story[], refuse: false, statusMovedAt: new Map<string, Date>() };
  const jira = await startFakeJira((request, response) => {
    if (state.refuse) return sendJson(response, 401, { errorMessages: ['Unauthorized'], errors: {} });
    if (request.path === '/rest/api/3/myself') {
      return sendJson(response, 200, {
        accountId: 'a1',
        emailAddress: 'x@example.test',
        displayName: 'X',
        active: true,
      });
    }
    if (request.path === '/rest/api/3/search/jql') {
      return sendJson(response, 200, {
        isLast: true,
        issues: state.stories.map((story, index) => ({
          id: String(10_000 + index),
          key: story.key,
          fields: {
            summary: story.summary,
            description: story.steps ? descriptionOf(story.steps) : null,
            ...(story.epic ? { parent: { id: story.epic.id, fields: { summary: story.epic.summary } } } : {}),
          },
        })),
      });
    }
    const changelog = /^\/rest\/api\/3\/issue\/([^/]+)\/changelog$/.exec(request.path);
    if (changelog) {
      const key = decodeURIComponent(changelog[1] ?? '');
      const index = state.stories.findIndex((story) => story.key === key);
      if (index < 0) return sendJson(response, 404, { errorMessages: ['Issue does not exist'], errors: {} });
      const at = state.statusMovedAt.get(key);
      const item = { field: 'status', fieldId: 'status', fromString: 'In Progress', toString: 'Done' };
      const values = at ? [{ id: `c${10_000 + index}`, created: at.toISOString(), items: [item] }] : [];
      return sendJson(response, 200, {
        startAt: 0,
        maxResults: 100,
        total: values.length,
        isLast: true,
        values,
      });
    }
    return sendJson(response, 404, { errorMessages: ['null for uri'], errors: {} });
  });
  return { ...jira, state };
}

function descriptionOf(steps: string[]) {
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  return {
    type: 'doc',
    version: 1,
    content: [paragraph('What it does.'), paragraph('#test#'), ...steps.map(paragraph)],
  };
}
