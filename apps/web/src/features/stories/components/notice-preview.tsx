// The send screen's "Preview" (README, "What and where to test"): the e-mail's HTML part as the client will see it, made by
// the very template the server sends (@handoff/core/notice-mail) from the draft on screen, the project's
// test environment and the answer-by date. It is shown in a sandboxed iframe (srcdoc, no scripts). The app's
// Content-Security-Policy (no inline styles) also governs a srcdoc document, so the template's style
// attributes travel as data-style and are applied through the CSSOM, which the policy allows.
import { clientTexts } from '@handoff/core/catalogues/index';
import type { ClientLanguage } from '@handoff/core/client-language';
import { reviewNoticeHtml } from '@handoff/core/notice-mail';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { getReviewSettings } from '@/api/review';
import { useModal } from '@/components/ui/use-modal';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import './notice-preview.css';

/** The review link is made when the e-mail is sent: the preview links to a stand-in. */
const previewLink = () => new URL('/review/preview', window.location.href).href;
/** What the preview shows where the e-mail will spell the client's own link out. */
const LINK_STAND_IN = '(the client’s review link, made when the e-mail is sent)';

/**
 * The template's output with each `style="…"` renamed (the template escapes every `"` a user typed), and
 * the stand-in link spelled out as what it stands for rather than as this server's address.
 */
export function previewDocument(html: string, link = previewLink()): string {
  const spelledOut = new RegExp(`(?<!href=")${link.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![?"])`, 'g');
  return html.replaceAll(' style="', ' data-style="').replace(spelledOut, LINK_STAND_IN);
}

function applyStyles(frame: HTMLIFrameElement): void {
  const document = frame.contentDocument;
  if (!document) return;
  for (const element of document.querySelectorAll<HTMLElement>('[data-style]')) {
    element.style.cssText = element.dataset.style ?? '';
  }
}

interface NoticePreviewProps {
  userId: string;
  projectKey: string;
  /** The draft as it stands, and the keys of its stories (for the Passed / Failed links). */
  text: string;
  issueKeys: readonly string[];
  answerBy: string;
  /** The release the notice is of ('' for none): its `Release:` line. */
  release?: string;
}

export function NoticePreview({
  userId,
  projectKey,
  text,
  issueKeys,
  answerBy,
  release,
}: NoticePreviewProps) {
  const { api } = useServices();
  const [html, setHtml] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);

  const open = async () => {
    if (opening) return;
    setOpening(true);
    let testEnvironment: string | null = null;
    let language: ClientLanguage = 'en';
    let problem: string | null = null;
    try {
      ({ testEnvironment, clientLanguage: language } = await getReviewSettings(api, userId, projectKey));
    } catch (error) {
      if (isSessionEnded(error)) {
        setOpening(false);
        return;
      }
      problem = `The project's review settings could not be loaded (${errorMessage(error)}); the test environment is left out here, and the e-mail's own lines are in English.`;
    }
    setNote(problem);
    setHtml(
      reviewNoticeHtml(
        text,
        previewLink(),
        issueKeys,
        { release: release || null, testEnvironment, answerBy: answerBy || null },
        { language, t: clientTexts(language) },
      ),
    );
    setOpening(false);
  };

  return (
    <>
      <button
        type="button"
        className="button button--outline"
        onClick={open}
        aria-disabled={opening}
        disabled={text.trim() === ''}
      >
        Preview
      </button>
      {html !== null
        ? createPortal(<PreviewDialog html={html} note={note} onClose={() => setHtml(null)} />, document.body)
        : null}
    </>
  );
}

function PreviewDialog({ html, note, onClose }: { html: string; note: string | null; onClose: () => void }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useModal(rootRef, closeRef);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <div className="dialog-backdrop" ref={rootRef}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="notice-preview"
        onKeyDown={onKeyDown}
      >
        <div className="notice-preview__header">
          <h2 id={titleId} className="notice-preview__title">
            Preview of the e-mail
          </h2>
          <button ref={closeRef} type="button" className="button button--outline" onClick={onClose}>
            Close
          </button>
        </div>
        <p className="notice-preview__note">
          As the client's mail program shows it. The review link is made when the e-mail is sent.
        </p>
        {note ? <p className="notice-preview__note notice-preview__note--error">{note}</p> : null}
        <iframe
          className="notice-preview__frame"
          title="The e-mail as the client will see it"
          sandbox="allow-same-origin"
          srcDoc={previewDocument(html)}
          onLoad={(event) => applyStyles(event.currentTarget)}
        />
      </div>
    </div>
  );
}
