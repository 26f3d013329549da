// The edit screen's notice template (main README, "In the client's language, in the team's own words"): the subject, greeting, intro and
// closing every notice's draft starts from, with the placeholders {project}, {release}, {count} and
// {answerBy}; a placeholder of none of these is named at once (the server refuses it too). A live preview
// under the fields (behind "Show preview" on a phone) shows the e-mail the client receives, its HTML part as sent, of two
// example stories with test steps; `Reset to default` puts back the client language's own words.
import { draftEmail, type Issue } from '@handoff/core';
import { clientTexts } from '@handoff/core/catalogues/index';
import { type ClientLanguage, formatClientDay } from '@handoff/core/client-language';
import { descriptionDocument, draftWording } from '@handoff/core/draft';
import { reviewNoticeHtml, subjectLine } from '@handoff/core/notice-mail';
import {
  type NoticeTemplate,
  TEMPLATE_FIELDS,
  templateWording,
  unknownPlaceholders,
  unknownPlaceholdersMessage,
} from '@handoff/core/notice-template';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { FieldSkeleton } from '@/components/ui/form-section';
import { MailFrame, previewLink } from '@/lib/mail-frame';

/** The client language's own words: the template of a project that has none. */
export function defaultTemplate(language: ClientLanguage): NoticeTemplate {
  const { subject, greeting, intro, closing } = draftWording(clientTexts(language));
  return { subject, greeting, intro, closing };
}

export const sameTemplate = (a: NoticeTemplate, b: NoticeTemplate) =>
  TEMPLATE_FIELDS.every((field) => a[field] === b[field]);

/** The refusal of the template on screen, naming its unknown placeholders; null when it has none. */
export function templateProblem(template: NoticeTemplate): string | null {
  const unknown = unknownPlaceholders(Object.values(template));
  return unknown.length > 0 ? unknownPlaceholdersMessage(unknown) : null;
}

const LABELS: Record<(typeof TEMPLATE_FIELDS)[number], string> = {
  subject: 'Subject',
  greeting: 'Greeting',
  intro: 'Intro',
  closing: 'Closing',
};

// Both with test steps, as the stories a team sends usually have, so the preview's test-steps part shows what
// a real draft puts under its heading (the same draftEmail writes it) instead of blank lines.
const EXAMPLE_STORIES: Issue[] = [
  {
    key: 'EX-1',
    issueHeader: 'First example story',
    description: descriptionDocument({ text: '', testSteps: ['First test step', 'Second test step'] }),
  },
  {
    key: 'EX-2',
    issueHeader: 'Second example story',
    description: descriptionDocument({ text: '', testSteps: ['Its test step'] }),
  },
];

/** The draft of two example stories as a notice of this template would start, answer by a week from today. */
function previewOf(template: NoticeTemplate, language: ClientLanguage, projectName: string) {
  const inAWeek = new Date(Date.now() + 7 * 86_400_000);
  const answerBy = formatClientDay(language, new Date(`${inAWeek.toISOString().slice(0, 10)}T00:00:00Z`));
  const languageDefault = draftWording(clientTexts(language));
  return draftEmail(EXAMPLE_STORIES, [], (count) =>
    templateWording(template, languageDefault, { project: projectName, release: '', count, answerBy }),
  );
}

const HINT = 'Placeholders: {project}, {release}, {count}, {answerBy}.';

export function NoticeTemplateFields({
  value,
  onChange,
  language,
  projectName,
  testEnvironment,
}: {
  value: NoticeTemplate;
  onChange: (template: NoticeTemplate) => void;
  language: ClientLanguage;
  projectName: string;
  /** The project's test environment as typed: the notice names it above the review button. */
  testEnvironment: string;
}) {
  const id = useId();
  const problem = templateProblem(value);
  return (
    <div className="notice-template">
      <div className="notice-template__head">
        <p id={`${id}-hint`} className="field__hint notice-template__hint">
          {HINT}
        </p>
        <button
          type="button"
          className="notice-template__reset"
          onClick={() => onChange(defaultTemplate(language))}
        >
          Reset to default
        </button>
      </div>
      <div className="notice-template__columns">
        <div className="notice-template__fields">
          {TEMPLATE_FIELDS.map((field) => {
            const Control = field === 'intro' ? 'textarea' : 'input';
            return (
              <div className="field" key={field}>
                <label className="field__label" htmlFor={`${id}-${field}`}>
                  {LABELS[field]}
                </label>
                <Control
                  id={`${id}-${field}`}
                  className="field__input"
                  value={value[field]}
                  maxLength={field === 'subject' ? 255 : 2000}
                  aria-describedby={`${id}-hint`}
                  aria-invalid={problem !== null && unknownPlaceholders([value[field]]).length > 0}
                  onChange={(event) => onChange({ ...value, [field]: event.target.value })}
                />
              </div>
            );
          })}
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <PreviewDisclosure>
          <NoticePreview
            template={value}
            language={language}
            projectName={projectName}
            testEnvironment={testEnvironment}
          />
        </PreviewDisclosure>
      </div>
    </div>
  );
}

/** Wider than a phone (the width at which the fields and the preview stand side by side). */
const WIDE = '(min-width: 37.5rem)';

const isWide = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches;

/**
 * The preview behind a disclosure, "Show preview": closed on a phone, where it would double the page's length,
 * open on a wider screen (which hides the toggle, and opens it when a phone's window grows that wide).
 */
function PreviewDisclosure({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(isWide);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE);
    const onChange = () => query.matches && setOpen(true);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return (
    <details
      className="notice-template__disclosure"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="notice-template__toggle">{open ? 'Hide preview' : 'Show preview'}</summary>
      {children}
    </details>
  );
}

/** Its example stories' keys, for the e-mail's Passed / Failed links. */
const EXAMPLE_KEYS = EXAMPLE_STORIES.map((story) => story.key);

/**
 * A notice of this template as the client receives it: its subject, then its HTML part made by the very
 * template the server sends (@handoff/core/notice-mail), with the project's test environment and the
 * review button, in the client's language.
 */
function NoticePreview({
  template,
  language,
  projectName,
  testEnvironment,
}: {
  template: NoticeTemplate;
  language: ClientLanguage;
  projectName: string;
  testEnvironment: string;
}) {
  const windowRef = useRef<HTMLDivElement>(null);
  const more = useMoreBelow(windowRef);
  const preview = previewOf(template, language, projectName);
  const html = reviewNoticeHtml(
    preview.text,
    previewLink(),
    EXAMPLE_KEYS,
    { testEnvironment: testEnvironment.trim() || null },
    { language, t: clientTexts(language) },
  );
  return (
    <section className="notice-template__preview" aria-label="Preview of the template" lang={language}>
      <p className="notice-template__caption" aria-hidden="true">
        Preview
      </p>
      <p className="notice-template__subject">{subjectLine(preview.subject)}</p>
      <div
        ref={windowRef}
        className={more ? 'notice-template__window notice-template__window--more' : 'notice-template__window'}
      >
        <MailFrame
          className="notice-template__frame"
          title="The notice as the client receives it"
          html={html}
          fit={false}
        />
      </div>
    </section>
  );
}

/**
 * Whether the e-mail in the frame inside `box` goes on below what the frame shows: then a fade at its
 * bottom edge says there is more to scroll to, and it goes once the end is in sight. Read again each time
 * the frame loads (every change of the template).
 */
function useMoreBelow(box: RefObject<HTMLDivElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let stop = () => {};
    const onLoad = () => {
      stop();
      const frame = element.querySelector('iframe');
      const view = frame?.contentWindow;
      const document = frame?.contentDocument;
      if (!frame || !view || !document) return;
      const update = () =>
        setMore(document.documentElement.scrollHeight - view.scrollY - frame.clientHeight > 4);
      // After the frame's own load handler has styled the e-mail.
      requestAnimationFrame(update);
      view.addEventListener('scroll', update, { passive: true });
      stop = () => view.removeEventListener('scroll', update);
    };
    // A frame's load does not bubble: heard on the way down.
    element.addEventListener('load', onLoad, true);
    return () => {
      element.removeEventListener('load', onLoad, true);
      stop();
    };
  }, [box]);
  return more;
}

/** The preview while the template loads: the same frame (of a fixed height), the default's lines as grey bars. */
function NoticePreviewSkeleton({ projectName }: { projectName: string }) {
  const preview = previewOf(defaultTemplate('en'), 'en', projectName);
  return (
    <div className="notice-template__preview" aria-hidden="true">
      <p className="notice-template__caption">Preview</p>
      <p className="notice-template__subject">
        <span className="skeleton-text">{preview.subject}</span>
      </p>
      <div className="notice-template__frame notice-template__frame--loading">
        <pre className="notice-template__text">
          <span className="skeleton-text">{preview.text}</span>
        </pre>
      </div>
    </div>
  );
}

/**
 * The template while the project's settings load: the same frame, grey shapes for the fields, and the
 * English default's preview as grey lines, so the card keeps its height when the template comes.
 */
export function NoticeTemplateSkeleton({ projectName }: { projectName: string }) {
  return (
    <div className="notice-template" aria-hidden="true">
      <div className="notice-template__head">
        <p className="field__hint notice-template__hint">{HINT}</p>
        <span className="notice-template__reset">Reset to default</span>
      </div>
      <div className="notice-template__columns">
        <div className="notice-template__fields">
          {TEMPLATE_FIELDS.map((field) => (
            <FieldSkeleton
              key={field}
              label={LABELS[field]}
              control={field === 'intro' ? 'textarea' : 'input'}
            />
          ))}
        </div>
        <PreviewDisclosure>
          <NoticePreviewSkeleton projectName={projectName} />
        </PreviewDisclosure>
      </div>
    </div>
  );
}
