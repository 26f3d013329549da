// The edit screen's Client review card (where and when the client tests: test environment, reminders,
// language) and its E-mail template card (the notice template and its preview). Both come with the review
// settings; meanwhile each shows as a skeleton of its own size, so nothing under it moves.
import type { ProjectSettings } from '../hooks/use-project-settings';
import { ClientLanguageSelect, ClientLanguageSkeleton } from './client-language-select';
import { NoticeTemplateFields, NoticeTemplateSkeleton } from './notice-template-fields';
import { ReminderSelect, ReminderSelectSkeleton } from './reminder-select';
import { TestEnvironmentField, TestEnvironmentSkeleton } from './test-environment-field';

export function ClientReviewFields({ settings }: { settings: ProjectSettings }) {
  const { savedSettings, settingsError } = settings;
  if (settingsError && !savedSettings) return <SettingsError error={settingsError} />;
  if (!savedSettings) return <ClientReviewSkeleton />;
  return (
    <>
      <TestEnvironmentField value={settings.testEnvironment} onChange={settings.setTestEnvironment} />
      <div className="form-panel__row">
        <ReminderSelect value={settings.reminderDays} onChange={settings.setReminderDays} />
        <ClientLanguageSelect value={settings.clientLanguage} onChange={settings.setClientLanguage} />
      </div>
    </>
  );
}

export function EmailTemplateFields({
  settings,
  projectName,
}: {
  settings: ProjectSettings;
  projectName: string;
}) {
  const { savedSettings, settingsError } = settings;
  if (settingsError && !savedSettings) return <SettingsError error={settingsError} />;
  if (!savedSettings) return <EmailTemplateSkeleton projectName={projectName} />;
  return (
    <NoticeTemplateFields
      value={settings.noticeTemplate}
      onChange={settings.setNoticeTemplate}
      language={settings.clientLanguage}
      projectName={projectName}
      testEnvironment={settings.testEnvironment}
    />
  );
}

function SettingsError({ error }: { error: string }) {
  return (
    <p className="review-transitions__note review-transitions__note--error">
      The review settings could not be loaded, so they are left as they are: {error}
    </p>
  );
}

/** The test environment, reminders and language, while they load. */
export function ClientReviewSkeleton() {
  return (
    <>
      <p className="visually-hidden">Loading the client review settings...</p>
      <TestEnvironmentSkeleton />
      <div className="form-panel__row">
        <ReminderSelectSkeleton />
        <ClientLanguageSkeleton />
      </div>
    </>
  );
}

/** The notice template and its preview, while they load. */
export function EmailTemplateSkeleton({ projectName }: { projectName: string }) {
  return <NoticeTemplateSkeleton projectName={projectName} />;
}
