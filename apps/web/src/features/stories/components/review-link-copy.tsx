// A history entry's review link with a Copy button, so it can be passed on (chat, another e-mail). The server
// answers the link while it is active (kept sealed under SECRET_KEY); links made before it was kept are only
// in the e-mail.
import { useEffect, useId, useRef, useState } from 'react';

/** A review link at the end of a line of a message (the outbox copy keeps it without a mail server). */
export const REVIEW_LINK = /(https?:\/\/[^\s]+\/review\/[A-Za-z0-9_-]+)(?=\s|$)/g;

const COPIED_FOR_MS = 4000;

export function ReviewLinkCopy({ url }: { url: string | null }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!announcement) return;
    const timer = window.setTimeout(() => setAnnouncement(''), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [announcement]);

  if (!url) {
    return (
      <p className="review-link__unknown">
        The link itself is only in the e-mail the client received: ask them to forward it if they lost it.
      </p>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setAnnouncement('Copied');
    } catch {
      // No clipboard permission (or an insecure page): select the link for a manual copy.
      inputRef.current?.select();
      setAnnouncement('Could not copy: the link is selected, press Ctrl+C (⌘C) to copy it.');
    }
  };

  return (
    <div className="review-link">
      <label className="visually-hidden" htmlFor={inputId}>
        Review link
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="field__input review-link__url"
        type="text"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
      />
      {/* Before the button, so that "Copied" appearing moves no button (the link's field gives way). */}
      <span className="review-link__status" aria-live="polite">
        {announcement}
      </span>
      <button type="button" className="button button--secondary button--small" onClick={copy}>
        Copy link
      </button>
    </div>
  );
}

/**
 * Copy link on a folded Sent row, for a link that still opens: the common action without unfolding the
 * e-mail. Its text says "Copied" for a moment; without clipboard access it unfolds the row (`onFallback`),
 * whose link field then takes the manual copy.
 */
export function QuickCopyLink({
  url,
  describedBy,
  onFallback,
}: {
  url: string;
  /** The id of the row's title, so each row's button is told apart ("Copy link, 29 Nov, 09:49 …"). */
  describedBy: string;
  onFallback: () => void;
}) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      onFallback();
    }
  };

  return (
    <span className="send__quick-copy">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-describedby={describedBy}
        onClick={copy}
      >
        {copied ? 'Copied' : 'Copy link'}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </span>
  );
}
