// Which module may import which: the one list, each allowed pair with its reason. scripts/check-boundaries.mjs
// reads every import of the server's and the web app's code (tests aside) and fails on a pair not
// listed here, on a folder with no line here (deny by default: a new folder declares what it may import),
// on a listed pair no file uses any more, and on any cycle between modules.
//
// A server module is a top-level folder of apps/server/src (its subfolders belong to it) or a top-level
// file; a web module is a top-level folder of apps/web/src, each feature folder (features/<name>/) or a
// top-level file. A folder listed as a module of its own inside another (tracker/cloud/) has its own line.
// Adding a module is one line: `'<folder>/': { '<module it imports>/': '<why>' }`.
// '*' means "every module": only the composition roots and the test helpers, which nothing imports.

export const server = {
  folder: 'apps/server/src',
  // The layers under every module, each importing only the ones before it; every module may import them.
  foundations: {
    'errors.ts': 'AppError: how every module tells the caller what went wrong',
    'db/': 'the database, its schema and the pool (db/ may import errors.ts)',
    'common/': 'the secret box and rate limits every module shares (common/ may import db/, errors.ts)',
  },
  // Layers inside every module, whatever module the imported file is in: one way from a route to the data.
  layers: [
    {
      files: '.routes.ts',
      mayNotImport: '.repository.ts',
      why: 'a route calls a service (its module’s, or the owning module’s), and services call the repositories',
    },
  ],
  modules: {
    'accounts/': {
      'identity/': 'register creates the sign-in account (the own workspace comes from app.ts)',
    },
    'auth/': {
      'accounts/': 'loads the caller’s Handoff user',
      'identity/': 'the token verifier the caller check calls',
      'workspaces/': 'admits the caller to a workspace',
    },
    'autosend/': {
      'accounts/': 'whose Jira token a round uses',
      'ledger/': 'sends through the ledger',
      'review/': 'gives the review page its stories',
      'stories/': 'fetches the stories',
    },
    'http/': {},
    'identity/': {
      'mail/': 'how a delivery failed',
      'messages/': 'password-reset and verification e-mails',
    },
    'jobs/': {},
    'ledger/': {
      'mail/': 'how a hand-over ended',
      'messages/': 'hands each notice to the mailer',
      'projects/': 'a manual send finds its project by key in the caller’s workspace, and locks it',
    },
    'mail/': {},
    'messages/': {
      'mail/': 'the channel every message is handed to; a message is composed from what its caller passes in',
    },
    'notifications/': {
      'ledger/': 'failed sends and auto-send runs',
      'review/': 'client verdicts and sign-offs',
    },
    'projects/': {
      'auth/': 'the caller',
      'http/': 'answers written as JSON text',
      'tracker/': 'checks the Jira token when auto-send is switched on',
      'workspaces/': 'the owner check',
    },
    'review/': {
      'accounts/': 'whose Jira token writes back',
      'jobs/': 'write-back and story fetches are jobs',
      'ledger/': 'the notices and re-test offers the review status reads; the ledger never imports review',
      'mail/': 'how a delivery failed',
      'messages/': 'notices, reminders, the Failed-verdict and sign-off e-mails',
      'projects/': 'the notice’s project',
      'sites/': 'the project’s site and the credentials for it',
      'tracker/': 'comments and transitions in the tracker',
      'workspaces/': 'the owners’ tokens',
    },
    'sends/': {
      'http/': 'the bounded send form',
      'ledger/': 'every send goes through the ledger',
      'mail/': 'how a delivery failed',
      'messages/': 'a plain e-mail that names no project',
      'projects/': 'a send names its project',
      'review/': 'the history shows each notice’s review',
      'tracker/': 'a story key’s project is read by its site’s adapter (the send guard)',
    },
    'sites/': {
      'accounts/': 'the site default’s credential is the registration API key',
      'auth/': 'the caller, whose cached profile a new key replaces',
      'tracker/': 'each site’s tracker, the kind and credential checks',
      'workspaces/': 'admits an account-level call that names a site to that site’s workspace',
    },
    'stories/': {
      'ledger/': 'a re-test is an offer the next send uses',
      'projects/': 'the project names its site and its statuses offered',
      'review/': 'which stories the client failed',
      'tracker/': 'stories come from the tracker',
    },
    'tracker/': {
      'accounts/': 'stores the user’s Jira token',
      'auth/': 'the caller and the sealed token',
      'http/': 'answers written as JSON text',
    },
    // Nothing outside tracker/ knows a tracker's URLs or comment format, and an adapter knows nothing of
    // the product: it implements the seam (the rest of tracker/) over the tracker's HTTP API.
    'tracker/cloud/': {},
    'tracker/datacenter/': {},
    'web/': {},
    'workspaces/': {
      'accounts/': 'the member’s current workspace',
      'mail/': 'how a delivery failed',
      'messages/': 'invitation e-mails (a removed member’s auto-sends stop through app.ts’s hook)',
    },
    'testing/': { '*': 'test helpers start the whole app and fake what is outside' },
    'app.ts': { '*': 'the composition root: builds the app from every module' },
    'main.ts': { '*': 'the process: reads the configuration, opens the database, starts the app' },
    'backup-cli.ts': {
      'backup.ts': 'the command line of npm run backup/restore',
      'config.ts': 'the data folder',
    },
    'backup.ts': { 'data-dir-lock.ts': 'a backup holds the data folder’s lock' },
    'config.ts': {
      'tracker/': 'the allowed tracker hosts, parsed as the outbound guard (tracker/outbound.ts) reads them',
    },
    'data-dir-lock.ts': {},
    'log-destination.ts': {},
    'secrets.ts': {
      'config.ts': 'where the secrets file lives',
      'data-dir-lock.ts': 'written under the lock',
    },
  },
};

export const web = {
  folder: 'apps/web/src',
  alias: '@/',
  foundations: {},
  // A group a rule may name as one target: the shared code of the admin app, which every feature imports
  // (and which imports no feature). A group's members are not required to be used by each rule naming it.
  groups: {
    'shared code': {
      'api/': 'the product API’s calls and their cache',
      'components/': 'the design system’s components',
      'config/': 'paths, texts and settings',
      'lib/': 'services, sessions, helpers',
      'stores/': 'the app’s state',
      'styles/': 'the design tokens',
    },
  },
  modules: {
    'config/': {},
    'styles/': {},
    'lib/': { 'config/': 'paths and storage keys' },
    'stores/': { 'config/': 'storage keys' },
    'components/': { 'config/': 'the paths a shared link points to' },
    'api/': {
      'components/': 'the project-from-URL hook shows the not-found state',
      'lib/': 'the fetch client',
      'stores/': 'the signed-in session',
    },
    // Features stay independent: a feature imports shared code only; app/routes/ composes features.
    'features/auth/': { 'shared code': 'sign-in, registration, password reset' },
    'features/projects/': { 'shared code': 'the project list and the project form' },
    'features/review-status/': { 'shared code': 'the review status screen' },
    'features/shell/': { 'shared code': 'the admin frame: sidebar, menus, notifications' },
    'features/sites/': { 'shared code': 'the tracker sites screen' },
    'features/stories/': { 'shared code': 'fetching stories and sending them' },
    'features/team/': { 'shared code': 'members, invitations, the workspace' },
    'features/user-profile/': { 'shared code': 'the profile and site credentials' },
    'features/verify-email/': { 'shared code': 'e-mail address verification' },
    'app/': { '*': 'the routes compose features and shared code; only main.tsx and prerender/ import app/' },
    'main.tsx': {
      'app/': 'the app it mounts',
      'lib/': 'the services it creates',
      'styles/': 'the global styles',
    },
    'prerender/': {
      'app/': 'renders the app’s own routes to HTML at build time, as main.tsx mounts them',
      'config/': 'the paths it renders and the storage keys its start script reads',
      'lib/': 'the services the app needs to render',
      'stores/': 'the empty state the pages render from',
    },
    // The review page (review.html) is its own entry of plain DOM code, a few kB (npm run size): nothing
    // of the React admin app (biome.json keeps React itself out); its texts come with its notice.
    'review/': {},
    'testing/': { '*': 'test helpers render the app and mock the API' },
  },
};
