// What the edit screen loads beside the project: its review settings (reminders, test environment, the
// client's language), the
// Jira project's statuses (for "Statuses offered") and Jira's transitions (for a verdict's move). Each is
// optional: without it, its fields are left out (or say why) and nothing of it is saved.
import type { Project, ReviewSettings } from '@handoff/core/api';
import type { ClientLanguage } from '@handoff/core/client-language';
import type { NoticeTemplate } from '@handoff/core/notice-template';
import { useEffect, useState } from 'react';
import { getReviewSettings, getReviewTransitions } from '@/api/review';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { getProjectStatuses } from '../api/project-statuses';
import { defaultTemplate, sameTemplate } from '../components/notice-template-fields';
import type { TransitionsLoad } from '../components/review-transitions';

export function useProjectSettings(userId: string | undefined, project: Project) {
  const { api } = useServices();
  const [transitions, setTransitions] = useState<TransitionsLoad>({ state: 'loading' });
  const [availableStatuses, setAvailableStatuses] = useState<string[] | null>(null);
  // The review settings as saved, and as on screen; their fields show once they are loaded.
  const [savedSettings, setSavedSettings] = useState<ReviewSettings | null>(null);
  /** Why the review settings could not be read (their fields are then left out), or null. */
  const [settingsError, setSettingsError] = useState<string | null>(null);
  const [reminderDays, setReminderDays] = useState<number | null>(null);
  const [testEnvironment, setTestEnvironment] = useState('');
  const [clientLanguage, setChosenLanguage] = useState<ClientLanguage>('en');
  /** The notice template on screen: the saved one, or the client language's default words. */
  const [noticeTemplate, setNoticeTemplate] = useState<NoticeTemplate>(() => defaultTemplate('en'));

  useEffect(() => {
    if (!userId) return;
    let active = true;
    getReviewSettings(api, userId, project.projectKey).then(
      (value) => {
        if (!active) return;
        setSavedSettings(value);
        setReminderDays(value.reminderDays);
        setTestEnvironment(value.testEnvironment ?? '');
        setChosenLanguage(value.clientLanguage);
        setNoticeTemplate(value.noticeTemplate ?? defaultTemplate(value.clientLanguage));
      },
      (error: unknown) => {
        // Without them, their fields are left out and nothing about reminders is saved.
        if (active && !isSessionEnded(error)) setSettingsError(errorMessage(error));
      },
    );
    return () => {
      active = false;
    };
  }, [api, userId, project.projectKey]);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    getProjectStatuses(api, userId, project.projectKey, project.siteId).then(
      (value) => {
        if (active) setAvailableStatuses(value.available);
      },
      () => {
        // Without Jira's list, the statuses chosen before are still shown and kept.
        if (active) setAvailableStatuses([]);
      },
    );
    return () => {
      active = false;
    };
  }, [api, userId, project.projectKey, project.siteId]);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    getReviewTransitions(api, userId, project.projectKey).then(
      (value) => {
        if (active) setTransitions({ state: 'loaded', value });
      },
      (error: unknown) => {
        if (active && !isSessionEnded(error))
          setTransitions({ state: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [api, userId, project.projectKey]);

  return {
    transitions,
    setTransitions,
    availableStatuses,
    savedSettings,
    settingsError,
    reminderDays,
    setReminderDays,
    testEnvironment,
    setTestEnvironment,
    clientLanguage,
    /** A new language: a template still the old language's default words becomes the new one's. */
    setClientLanguage(language: ClientLanguage) {
      if (sameTemplate(noticeTemplate, defaultTemplate(clientLanguage))) {
        setNoticeTemplate(defaultTemplate(language));
      }
      setChosenLanguage(language);
    },
    noticeTemplate,
    setNoticeTemplate,
  };
}

export type ProjectSettings = ReturnType<typeof useProjectSettings>;
