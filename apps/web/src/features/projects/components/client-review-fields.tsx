// The edit screen's Client review card, in three parts divided by a line: where and when the client tests
// (test environment, reminders, language), the notice template, and what a verdict does in the tracker.
// Each part loads on its own; meanwhile it shows as a skeleton of its own size, so nothing under it moves.
import type { ProjectSettings } from '../hooks/use-project-settings';
import { ClientLanguageSelect, ClientLanguageSkeleton } from './client-language-select';
import { NoticeTemplateFields, NoticeTemplateSkeleton } from './notice-template-fields';
import { ReminderSelect, ReminderSelectSkeleton } from './reminder-select';
import { ReviewTransitionFields, ReviewTransitionsSkeleton } from './review-transitions';
import { TestEnvironmentField, TestEnvironmentSkeleton } from './test-environment-field';

export function ClientReviewFields({
  settings,
  tracker,
  projectName,
}: {
  settings: ProjectSettings;
  /** How the project's tracker is named ("Jira", "GitHub"…). */
  tracker: string;
  projectName: string;
}) {
  const { savedSettings, settingsError } = settings;
  return (
    <>
      {savedSettings ? (
        <>
          <div className="form-section__part">
            <TestEnvironmentField value={settings.testEnvironment} onChange={settings.setTestEnvironment} />
            <div className="form-panel__row">
              <ReminderSelect value={settings.reminderDays} onChange={settings.setReminderDays} />
              <ClientLanguageSelect value={settings.clientLanguage} onChange={settings.setClientLanguage} />
            </div>
          </div>
          <div className="form-section__part">
            <NoticeTemplateFields
              value={settings.noticeTemplate}
              onChange={settings.setNoticeTemplate}
              language={settings.clientLanguage}
              projectName={projectName}
              testEnvironment={settings.testEnvironment}
            />
          </div>
        </>
      ) : settingsError ? (
        <div className="form-section__part">
          <p className="review-transitions__note review-transitions__note--error">
            The review settings could not be loaded, so they are left as they are: {settingsError}
          </p>
        </div>
      ) : (
        <ReviewSettingsSkeleton projectName={projectName} />
      )}
      <div className="form-section__part">
        <ReviewTransitionFields
          tracker={tracker}
          load={settings.transitions}
          onChange={(value) => settings.setTransitions({ state: 'loaded', value })}
        />
      </div>
    </>
  );
}

/** The test environment, reminders, language and notice template, while they load. */
function ReviewSettingsSkeleton({ projectName }: { projectName: string }) {
  return (
    <>
      <div className="form-section__part">
        <p className="visually-hidden">Loading the client review settings...</p>
        <TestEnvironmentSkeleton />
        <div className="form-panel__row">
          <ReminderSelectSkeleton />
          <ClientLanguageSkeleton />
        </div>
      </div>
      <div className="form-section__part">
        <NoticeTemplateSkeleton projectName={projectName} />
      </div>
    </>
  );
}

/** The whole card while the project itself loads. */
export function ClientReviewSkeleton() {
  return (
    <>
      <ReviewSettingsSkeleton projectName="" />
      <div className="form-section__part">
        <ReviewTransitionsSkeleton />
      </div>
    </>
  );
}
