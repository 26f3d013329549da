// The one registry of tracker kinds (docs/architecture.md, "Add a tracker adapter"): what a site of each
// kind is called, the credential it takes and where to get one, its usual base URL, and what its story keys
// look like. The server (site checks, key checks, the adapters' map), the migrations (they are given the
// ids) and the web (the Sites screen's Kind select, the profile's credential form) all read it, so adding a
// kind is one entry here plus the adapter's own folder. Plain data, no zod: the web imports it at run time.

interface TrackerCredentialKind {
  /** What the token is called on the profile's credential form. */
  tokenLabel: string;
  /** Whether the credential also names the account's e-mail (Jira Cloud's Basic e-mail:token). */
  needsEmail: boolean;
  /** One sentence telling a member how to get a token (a public help page of the tracker). */
  howToGet: string;
}

export interface TrackerKindDefinition {
  /** The label the screens show. */
  label: string;
  /** How messages name the tracker itself ("Jira refused …"). */
  trackerName: string;
  credential: TrackerCredentialKind;
  /**
   * The Base URL of the tracker's hosted service, which the Sites screen uses unless the owner gives another;
   * '' when every site has its own (Jira).
   */
  baseUrlDefault: string;
  /** An example of the Base URL, the field's placeholder. */
  baseUrlExample: string;
  /** What to enter as the Base URL, in one sentence under the field (another address, for a hosted one). */
  baseUrlHint: string;
  /**
   * A story key as the ledger stores it (`^…$`, a RegExp source: one pattern for server and web), checked
   * before anything else is done with a key a client sent: a value such as `DEMO-3 OR project = MOB` is no
   * key, even though every value an adapter puts into a query is quoted. Within a project the screens may
   * show it shorter (GitHub: `{repo}#{number}`).
   */
  keyPattern: string;
  /** An example key, for messages. */
  keyExample: string;
  /** Whether an owner may add a site of this kind on the Sites screen (the demo tracker is built in). */
  addable: boolean;
  /**
   * The `Statuses offered` a new project of this kind starts with, when its finished stories are not in
   * Done or Testing (the first is auto-send's); absent: Done and Testing.
   */
  finishedStates?: readonly string[];
}

/**
 * A Jira key (and the demo tracker's): a project key (an upper-case letter, then upper-case letters, digits
 * or `_`), a dash and the issue number
 * (https://support.atlassian.com/jira-cloud-administration/docs/edit-a-projects-details/).
 */
const JIRA_KEY_PATTERN = '^[A-Z][A-Z0-9_]+-[1-9][0-9]*$';

export const TRACKER_KINDS = {
  'jira-cloud': {
    label: 'Jira Cloud',
    trackerName: 'Jira',
    credential: {
      tokenLabel: 'Jira API token',
      needsEmail: true,
      howToGet:
        'Create an API token at https://id.atlassian.com/manage-profile/security/api-tokens and give it with the e-mail of your Atlassian account.',
    },
    baseUrlDefault: '',
    baseUrlExample: 'https://your-team.atlassian.net',
    baseUrlHint: 'The address you open Jira at in your browser.',
    keyPattern: JIRA_KEY_PATTERN,
    keyExample: 'ABC-123',
    addable: true,
  },
  'jira-datacenter': {
    label: 'Jira Data Center',
    trackerName: 'Jira',
    credential: {
      tokenLabel: 'Personal access token',
      needsEmail: false,
      howToGet: 'Create a personal access token in Jira: your profile → Personal Access Tokens.',
    },
    baseUrlDefault: '',
    baseUrlExample: 'https://jira.example.com/jira',
    baseUrlHint: 'The address you open Jira at, with its context path if it has one (such as /jira).',
    keyPattern: JIRA_KEY_PATTERN,
    keyExample: 'ABC-123',
    addable: true,
  },
  github: {
    label: 'GitHub',
    trackerName: 'GitHub',
    credential: {
      tokenLabel: 'Personal access token',
      needsEmail: false,
      howToGet:
        'Create a personal access token (fine-grained with read and write access to issues, or classic with the repo scope) at https://github.com/settings/tokens.',
    },
    baseUrlDefault: 'https://api.github.com',
    baseUrlExample: 'https://github.example.com/api/v3',
    baseUrlHint:
      "For GitHub Enterprise Server: your server's API address, such as https://github.example.com/api/v3.",
    // owner/repo#number: GitHub's owner and repository names (letters, digits, '-', '_', '.').
    keyPattern: '^[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+#[1-9][0-9]*$',
    keyExample: 'acme/shop#42',
    addable: true,
    // Closed as completed; a team that marks "ready for testing" with a label chooses that label.
    finishedStates: ['Closed'],
  },
  linear: {
    label: 'Linear',
    trackerName: 'Linear',
    credential: {
      tokenLabel: 'Personal API key',
      needsEmail: false,
      howToGet: 'Create a personal API key in Linear: Settings → Security & access → Personal API keys.',
    },
    baseUrlDefault: 'https://api.linear.app/graphql',
    baseUrlExample: 'https://api.linear.app/graphql',
    baseUrlHint: 'Only needed when Handoff reaches Linear through a proxy.',
    keyPattern: '^[A-Z][A-Z0-9]*-[1-9][0-9]*$',
    keyExample: 'ENG-123',
    addable: true,
  },
  demo: {
    label: 'Demo tracker',
    trackerName: 'Jira',
    credential: {
      tokenLabel: 'API token',
      needsEmail: false,
      howToGet: 'The built-in demo tracker takes any token.',
    },
    baseUrlDefault: '',
    baseUrlExample: '',
    baseUrlHint: '',
    keyPattern: JIRA_KEY_PATTERN,
    keyExample: 'DEMO-1',
    addable: false,
  },
} as const satisfies Record<string, TrackerKindDefinition>;

export type TrackerKindId = keyof typeof TRACKER_KINDS;

/** Every kind's id, in the registry's order. */
export const TRACKER_KIND_IDS = Object.keys(TRACKER_KINDS) as TrackerKindId[];

/** The kinds an owner may add on the Sites screen. */
export const ADDABLE_TRACKER_KINDS = TRACKER_KIND_IDS.filter((id) => TRACKER_KINDS[id].addable);

export function isTrackerKind(value: unknown): value is TrackerKindId {
  return typeof value === 'string' && Object.hasOwn(TRACKER_KINDS, value);
}

const keyPatterns = new Map<TrackerKindId, RegExp>(
  TRACKER_KIND_IDS.map((id) => [id, new RegExp(TRACKER_KINDS[id].keyPattern)]),
);

/** How messages name a site's tracker. */
export const trackerNameOf = (kind: TrackerKindId): string => TRACKER_KINDS[kind].trackerName;

/** Whether a story key has the form its kind's keys have (the ledger's form). */
export function isStoryKeyOf(kind: TrackerKindId, key: string): boolean {
  return keyPatterns.get(kind)?.test(key) ?? false;
}

/** The `Statuses offered` a new project of this kind starts with; undefined: Done and Testing. */
export function finishedStatesOf(kind: TrackerKindId): readonly string[] | undefined {
  return (TRACKER_KINDS[kind] as TrackerKindDefinition).finishedStates;
}
