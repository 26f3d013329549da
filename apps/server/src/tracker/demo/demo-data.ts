// The demo tracker's seed: a few projects with stories in Atlassian Document Format (ADF), covering
// the shapes real descriptions take: a `#test#` marker followed by paragraphs or list items, a marker
// split across text nodes, rich inline nodes, no marker, an empty document and no description at all.
import type { AdfNodeShape } from '../jira.schemas.ts';

export interface DemoStatus {
  id: string;
  name: string;
  category: { id: number; key: 'new' | 'indeterminate' | 'done'; name: string; colorName: string };
}

interface DemoIssueType {
  id: string;
  name: string;
  description: string;
  hierarchyLevel: number;
}

export interface DemoProject {
  id: string;
  key: string;
  name: string;
}

/** An epic a demo story belongs to (Jira's `parent` field of the story). */
export interface DemoEpic {
  id: string;
  key: string;
  summary: string;
}

export interface DemoIssue {
  id: string;
  key: string;
  projectKey: string;
  summary: string;
  status: DemoStatus;
  issueType: DemoIssueType;
  /** The story's epic; null: none. */
  epic: DemoEpic | null;
  description: { type: 'doc'; version: 1; content: AdfNodeShape[] } | null;
  created: string;
  /** The ids of its fix versions (DEMO_VERSIONS). */
  fixVersions: string[];
}

/** A version of a demo project (Jira's Version): one released, one to come, each with stories. */
export interface DemoVersion {
  id: string;
  projectKey: string;
  name: string;
  released: boolean;
  releaseDate: string;
  /** The issues it holds, by key. */
  issues: string[];
}

export const DEMO_VERSIONS: readonly DemoVersion[] = [
  {
    id: '10200',
    projectKey: 'DEMO',
    name: 'Autumn release',
    released: true,
    releaseDate: '2026-11-02',
    issues: ['DEMO-1', 'DEMO-2', 'DEMO-3'],
  },
  {
    id: '10201',
    projectKey: 'DEMO',
    name: 'Winter release',
    released: false,
    releaseDate: '2026-12-15',
    issues: ['DEMO-6', 'DEMO-7', 'DEMO-8', 'DEMO-9', 'DEMO-10'],
  },
];

const CATEGORY = {
  new: { id: 2, key: 'new', name: 'To Do', colorName: 'blue-gray' },
  indeterminate: { id: 4, key: 'indeterminate', name: 'In Progress', colorName: 'yellow' },
  done: { id: 3, key: 'done', name: 'Done', colorName: 'green' },
} as const;

export const DEMO_STATUSES: readonly DemoStatus[] = [
  { id: '10000', name: 'To Do', category: CATEGORY.new },
  { id: '3', name: 'In Progress', category: CATEGORY.indeterminate },
  { id: '10001', name: 'Testing', category: CATEGORY.indeterminate },
  { id: '10002', name: 'Done', category: CATEGORY.done },
];

export const DEMO_ISSUE_TYPES: readonly DemoIssueType[] = [
  {
    id: '10001',
    name: 'Story',
    description: 'Functionality or a feature expressed as a user goal.',
    hierarchyLevel: 0,
  },
  { id: '10004', name: 'Bug', description: 'A problem or error.', hierarchyLevel: 0 },
  { id: '10002', name: 'Task', description: 'A small, distinct piece of work.', hierarchyLevel: 0 },
  {
    id: '10000',
    name: 'Epic',
    description: 'A big user story that needs to be broken down.',
    hierarchyLevel: 1,
  },
];

export const DEMO_PROJECTS: readonly DemoProject[] = [
  { id: '10000', key: 'DEMO', name: 'Demo Web Shop' },
  { id: '10001', key: 'MOB', name: 'Mobile App' },
  { id: '10002', key: 'OPS', name: 'Operations Portal' },
];

// ADF builders.
const text = (value: string, marks?: object[]): AdfNodeShape =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: AdfNodeShape[]): AdfNodeShape => ({ type: 'paragraph', content });
const p = (value: string) => paragraph(text(value));
const heading = (level: number, value: string): AdfNodeShape => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});
const bullets = (...items: (string | AdfNodeShape)[]): AdfNodeShape => ({
  type: 'bulletList',
  content: items.map((item) => ({
    type: 'listItem',
    content: [typeof item === 'string' ? p(item) : item],
  })),
});
const numbered = (...items: string[]): AdfNodeShape => ({
  type: 'orderedList',
  attrs: { order: 1 },
  content: items.map((item) => ({ type: 'listItem', content: [p(item)] })),
});
const doc = (...content: AdfNodeShape[]) => ({ type: 'doc' as const, version: 1 as const, content });
const marker = p('#test#');

const status = (name: string): DemoStatus => DEMO_STATUSES.find((s) => s.name === name) as DemoStatus;
const type = (name: string): DemoIssueType => DEMO_ISSUE_TYPES.find((t) => t.name === name) as DemoIssueType;

type Seed = [summary: string, status: string, type: string, description: DemoIssue['description']];

const SEEDS: Record<string, Seed[]> = {
  DEMO: [
    [
      'Guest checkout',
      'Done',
      'Story',
      doc(
        p('As a shopper I want to buy without creating an account, so that checkout is quicker.'),
        marker,
        bullets(
          'Add any product to the cart and open the cart',
          'Choose "Check out as guest"',
          'Enter a delivery address and pay with the test card 4242 4242 4242 4242',
          'Expect the order confirmation page with an order number',
        ),
      ),
    ],
    [
      'Product search with filters',
      'Done',
      'Story',
      doc(
        p('Shoppers can narrow search results by price, brand and rating.'),
        // The marker split across text nodes, as Jira's editor does when marks change.
        paragraph(text('#te'), text('st#', [{ type: 'strong' }])),
        p('Search for "lamp"'),
        p('Filter by a price range of 20 to 50'),
        p('Expect only lamps within that range, sorted by relevance'),
      ),
    ],
    [
      'Wish list',
      'Done',
      'Story',
      doc(
        p('Signed-in shoppers can keep a wish list of products for later.'),
        p('Design: see the Figma board.'),
      ),
    ],
    ['Order confirmation e-mail', 'Done', 'Story', null],
    [
      'Cart total rounds prices wrongly',
      'Done',
      'Bug',
      doc(
        p('Totals were off by one cent for some baskets.'),
        marker,
        bullets('Add three items at 0.10 each', 'Expect a total of 0.30'),
      ),
    ],
    [
      'Saved payment cards',
      'Testing',
      'Story',
      doc(
        p('Returning shoppers can pay with a card saved earlier.'),
        heading(3, 'How to test'),
        marker,
        numbered(
          'Sign in and open Account > Payment methods',
          'Add the test card',
          'Check out and choose the saved card',
        ),
      ),
    ],
    ['Coupon codes', 'Testing', 'Story', doc()],
    ['Gift cards', 'To Do', 'Story', doc(p('Sell and redeem gift cards.'))],
    ['Returns portal', 'In Progress', 'Story', doc(p('Shoppers can start a return online.'))],
    [
      'Password reset',
      'Done',
      'Story',
      doc(
        p('As a registered user I want to reset my password so that I can regain access.'),
        heading(3, 'Acceptance criteria'),
        marker,
        bullets(
          paragraph(
            text('Open '),
            text('https://shop.example.com/login', [
              { type: 'link', attrs: { href: 'https://shop.example.com/login' } },
            ]),
          ),
          paragraph(
            text('Click '),
            text('Forgot password', [{ type: 'strong' }]),
            text(' and enter '),
            text('qa+1@example.com', [{ type: 'code' }]),
          ),
          paragraph(
            text('Check the inbox'),
            { type: 'hardBreak' },
            text('Expected: reset e-mail arrives within 1 minute '),
            { type: 'emoji', attrs: { shortName: ':white_check_mark:', id: '2705', text: '✅' } },
          ),
          paragraph(
            text('Ask '),
            {
              type: 'mention',
              attrs: { id: '5b10a2844c20165700ede21g', text: '@Mia Krystof', accessLevel: '' },
            },
            text(' to verify; see '),
            { type: 'inlineCard', attrs: { url: 'https://shop.example.com/browse/DEMO-2' } },
            text(' '),
            {
              type: 'status',
              attrs: { text: 'READY', color: 'green', localId: '8f1c2d3e-0000-4000-8000-000000000001' },
            },
          ),
        ),
      ),
    ],
  ],
  MOB: [
    [
      'Push notifications for order updates',
      'Done',
      'Story',
      doc(
        p('The app notifies shoppers when an order ships.'),
        marker,
        bullets(
          'Place an order on a test device',
          'Mark it as shipped in the back office',
          'Expect a notification within a minute',
        ),
      ),
    ],
    [
      'Dark mode',
      'Done',
      'Story',
      doc(
        p('The app follows the system appearance.'),
        p('#TEST#'),
        p('Switch the phone to dark mode'),
        p('Expect every screen to be readable'),
      ),
    ],
    ['Offline mode', 'Testing', 'Story', null],
    [
      'Crash when rotating the product page',
      'Testing',
      'Bug',
      doc(p('Fixed a crash on rotation.'), marker, p('Rotate the phone on a product page')),
    ],
    ['Biometric sign-in', 'To Do', 'Story', doc(p('Sign in with a fingerprint or face.'))],
  ],
  OPS: [
    [
      'Audit log export',
      'Done',
      'Story',
      doc(
        p('Administrators can export the audit log as CSV.'),
        marker,
        bullets('Open Admin > Audit log', 'Press Export', 'Expect a CSV file with one row per event'),
      ),
    ],
    [
      'Role-based access',
      'Testing',
      'Story',
      doc(
        p('Access is granted by role.'),
        marker,
        bullets('Sign in as a viewer', 'Expect the settings page to be read-only'),
      ),
    ],
    [
      'Nightly backup report',
      'Done',
      'Story',
      doc(p('A report of the nightly backups is e-mailed to operations at 07:00.')),
    ],
    ['Service health dashboard', 'To Do', 'Story', null],
  ],
};

/**
 * The demo's epics, by the summaries of their stories, so `Group stories by` has something to show. The
 * epics are named through their stories' `parent` field only: the demo's searches are of stories, so it
 * lists no epic issues of its own (their ids and keys are apart from the stories').
 */
const EPICS: ReadonlyArray<DemoEpic & { stories: readonly string[] }> = [
  {
    id: '10090',
    key: 'DEMO-90',
    summary: 'Checkout',
    stories: [
      'Guest checkout',
      'Order confirmation e-mail',
      'Cart total rounds prices wrongly',
      'Saved payment cards',
      'Coupon codes',
      'Gift cards',
    ],
  },
  {
    id: '10091',
    key: 'DEMO-91',
    summary: 'Discovery',
    stories: ['Product search with filters', 'Wish list'],
  },
  { id: '10092', key: 'MOB-90', summary: 'Notifications', stories: ['Push notifications for order updates'] },
];

function epicOf(projectKey: string, summary: string): DemoEpic | null {
  const epic = EPICS.find(
    (candidate) => candidate.key.startsWith(`${projectKey}-`) && candidate.stories.includes(summary),
  );
  return epic ? { id: epic.id, key: epic.key, summary: epic.summary } : null;
}

export const DEMO_ISSUES: readonly DemoIssue[] = (() => {
  const issues: DemoIssue[] = [];
  let id = 10_100;
  const start = Date.UTC(2026, 9, 1, 9, 0, 0);
  for (const project of DEMO_PROJECTS) {
    (SEEDS[project.key] ?? []).forEach(([summary, statusName, typeName, description], index) => {
      const key = `${project.key}-${index + 1}`;
      issues.push({
        id: String(id),
        key,
        fixVersions: DEMO_VERSIONS.filter((v) => v.issues.includes(key)).map((v) => v.id),
        projectKey: project.key,
        summary,
        status: status(statusName),
        issueType: type(typeName),
        epic: epicOf(project.key, summary),
        description,
        created: new Date(start + id * 3_600_000).toISOString().replace('Z', '+0000'),
      });
      id++;
    });
  }
  return issues;
})();
