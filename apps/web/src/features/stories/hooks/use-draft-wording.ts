// The words the send screen's draft starts from: the project's notice template in the team's words, or the
// client language's default, with {project}, {release}, {count} and {answerBy} filled in. Read
// once per project from its review settings; English defaults when they cannot be read.
import { clientTexts } from '@handoff/core/catalogues/index';
import { type ClientLanguage, formatClientDay } from '@handoff/core/client-language';
import { calendarDay } from '@handoff/core/dates';
import { type DraftGrouping, type DraftWording, draftWording } from '@handoff/core/draft';
import { type NoticeTemplate, templateWording } from '@handoff/core/notice-template';
import type { GroupBy } from '@handoff/core/story-groups';
import { useMemo, useRef, useState } from 'react';
import { getReviewSettings } from '@/api/review';
import { useServices } from '@/lib/services';

/** The draft's words for a draft listing `count` stories. */
export type Wording = (count: number) => DraftWording;

/** What a project's words are made of: its client's language and its template (null: the default). */
export interface WordingSource {
  language: ClientLanguage;
  template: NoticeTemplate | null;
}

const ENGLISH_DEFAULT: WordingSource = { language: 'en', template: null };

/**
 * The words of `source` for the project named `projectName`, the answer-by date (`YYYY-MM-DD` or '') and the
 * release ('' for none) filled in; the default subject of a release's notice is `Request for Testing: {release}`.
 */
function wordingOf(source: WordingSource, projectName: string, answerBy: string, release: string): Wording {
  const t = clientTexts(source.language);
  const languageDefault = draftWording(t);
  if (release) languageDefault.subject = t('draft.subjectWithRelease', { release });
  const day = calendarDay(answerBy);
  const answerByText = day ? formatClientDay(source.language, day) : '';
  return (count) =>
    templateWording(source.template, languageDefault, {
      project: projectName,
      release,
      count,
      answerBy: answerByText,
    });
}

/** How the draft groups its stories: the project's `Group stories by`, `Other` in the client's language. */
export function draftGrouping(source: WordingSource, by: GroupBy | undefined): DraftGrouping {
  return { by: by ?? 'nothing', other: clientTexts(source.language)('group.other') };
}

/** The project's wording source, asked for once per project. */
function useWordingSource(userId: string | undefined) {
  const { api } = useServices();
  const asked = useRef<{ projectKey: string; source: Promise<WordingSource> } | null>(null);
  return (projectKey: string): Promise<WordingSource> => {
    if (!userId) return Promise.resolve(ENGLISH_DEFAULT);
    if (asked.current?.projectKey !== projectKey) {
      const source = getReviewSettings(api, userId, projectKey).then(
        (settings) => ({ language: settings.clientLanguage, template: settings.noticeTemplate }),
        () => ENGLISH_DEFAULT,
      );
      asked.current = { projectKey, source };
    }
    return asked.current.source;
  };
}

/**
 * The send screen's words: the project's source (template and language) of the last fetch, the answer-by
 * date chosen, the subject as last drafted, and the words they make for the project named `projectName`.
 */
export function useWording(userId: string | undefined, projectName: string) {
  const [source, setSource] = useState<WordingSource>(ENGLISH_DEFAULT);
  const [answerBy, setAnswerBy] = useState('');
  /** The release of the last fetch ('' for none): the template's {release}, and the default subject. */
  const [release, setRelease] = useState('');
  const [draftedSubject, setDraftedSubject] = useState('');
  const sourceOf = useWordingSource(userId);
  const wording = useMemo(
    () => wordingOf(source, projectName, answerBy, release),
    [source, projectName, answerBy, release],
  );
  /** The words of `from` with `date` and `of` (defaults: the current answer-by date and release). */
  const of = (from: WordingSource, date = answerBy, ofRelease = release) =>
    wordingOf(from, projectName, date, ofRelease);
  return {
    source,
    setSource,
    setAnswerBy,
    release,
    setRelease,
    draftedSubject,
    setDraftedSubject,
    sourceOf,
    wording,
    of,
  };
}
