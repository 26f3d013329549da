import type { Migration } from 'kysely';
import * as accountsAndProjects from './2026-11-22T1600-accounts-and-projects.ts';
import * as sends from './2026-11-22T1700-sends.ts';
import * as autosend from './2026-11-22T1800-autosend.ts';
import * as projectListVersion from './2026-11-23T1900-project-list-version.ts';
import * as openSends from './2026-11-23T2000-open-sends.ts';
import * as workspaces from './2026-11-23T2100-workspaces.ts';
import * as reviews from './2026-11-23T2200-reviews.ts';
import * as listVersionAutoSends from './2026-11-24T0100-list-version-auto-sends.ts';
import * as verifiedAddresses from './2026-11-25T0900-verified-addresses.ts';
import * as deliveryEvidence from './2026-11-26T0900-delivery-evidence.ts';
import * as reviewRounds from './2026-11-26T0900-review-rounds.ts';
import * as trackerSites from './2026-11-26T0900-tracker-sites.ts';
import * as demoTrackerWorkspaces from './2026-11-26T0910-demo-tracker-workspaces.ts';
import * as reminders from './2026-11-26T0930-reminders.ts';
import * as demoChangelogWorkspaces from './2026-11-26T0940-demo-changelog-workspaces.ts';
import * as noticeTestEnvironment from './2026-11-26T1100-notice-test-environment.ts';
import * as workspaceNamesAndNotifications from './2026-11-26T1100-workspace-names-and-notifications.ts';
import * as reviewLinkSealed from './2026-11-26T1230-review-link-sealed.ts';
import * as storyStatuses from './2026-11-26T1500-story-statuses.ts';
import * as storyStatusLinkMarks from './2026-11-27T2300-story-status-link-marks.ts';
import * as trackerKinds from './2026-11-28T1840-tracker-kinds.ts';
import * as writeBackQuiet from './2026-11-28T1900-write-back-quiet.ts';
import * as clientLanguage from './2026-11-28T1910-client-language.ts';
import * as sendRelease from './2026-11-28T2300-send-release.ts';
import * as sentListsAndAutosendSchedules from './2026-11-28T2310-sent-lists-and-autosend-schedules.ts';
import * as groupStoriesBy from './2026-11-28T2320-group-stories-by.ts';
import * as displayNames from './2026-11-29T0800-display-names.ts';
import * as storyLastVerdict from './2026-11-29T0800-story-last-verdict.ts';

/** Every migration, by name; names sort in the order they run. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T1600-accounts-and-projects': accountsAndProjects,
  '2026-11-22T1700-sends': sends,
  '2026-11-22T1800-autosend': autosend,
  '2026-11-23T1900-project-list-version': projectListVersion,
  '2026-11-23T2000-open-sends': openSends,
  '2026-11-23T2100-workspaces': workspaces,
  '2026-11-23T2200-reviews': reviews,
  '2026-11-24T0100-list-version-auto-sends': listVersionAutoSends,
  '2026-11-25T0900-verified-addresses': verifiedAddresses,
  '2026-11-26T0900-delivery-evidence': deliveryEvidence,
  '2026-11-26T0900-review-rounds': reviewRounds,
  '2026-11-26T0900-tracker-sites': trackerSites,
  '2026-11-26T0910-demo-tracker-workspaces': demoTrackerWorkspaces,
  '2026-11-26T0930-reminders': reminders,
  '2026-11-26T0940-demo-changelog-workspaces': demoChangelogWorkspaces,
  '2026-11-26T1100-notice-test-environment': noticeTestEnvironment,
  '2026-11-26T1100-workspace-names-and-notifications': workspaceNamesAndNotifications,
  '2026-11-26T1230-review-link-sealed': reviewLinkSealed,
  '2026-11-26T1500-story-statuses': storyStatuses,
  '2026-11-27T2300-story-status-link-marks': storyStatusLinkMarks,
  '2026-11-28T1840-tracker-kinds': trackerKinds,
  '2026-11-28T1900-write-back-quiet': writeBackQuiet,
  '2026-11-28T1910-client-language': clientLanguage,
  '2026-11-28T2300-send-release': sendRelease,
  '2026-11-28T2310-sent-lists-and-autosend-schedules': sentListsAndAutosendSchedules,
  '2026-11-28T2320-group-stories-by': groupStoriesBy,
  '2026-11-29T0800-display-names': displayNames,
  '2026-11-29T0800-story-last-verdict': storyLastVerdict,
};
