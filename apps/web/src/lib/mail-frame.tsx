// A notice's HTML part shown as the client's mail program shows it (the send screen's Preview, the edit
// screen's template preview): in a sandboxed iframe (srcdoc, no scripts), as tall as its content, so the page
// or dialog around it scrolls as one. The app's Content-Security-Policy (no inline styles) also governs a
// srcdoc document, so the template's style attributes travel as data-style and are applied through the
// CSSOM, which the policy allows. The review link is made when the e-mail is sent: a preview links to a
// stand-in, its private code masked (dots) and said to be made when sending, in the line's own calm grey.

/** The stand-in review link of a preview. */
export const previewLink = () => new URL('/review/preview', window.location.href).href;
/** Where the client's own link will have its private code, which sending makes. */
export const LINK_CODE_STAND_IN = '•••••• (made when you send)';

/**
 * The template's output with each `style="…"` renamed (the template escapes every `"` a user typed), and
 * the stand-in link spelled out as the client will get it: this server's review address, its private code
 * masked as made when sending.
 */
export function previewDocument(html: string, link = previewLink()): string {
  const spelledOut = new RegExp(`(?<!href=")${link.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![?"])`, 'g');
  // Plain text in the line's own style: a stand-in, not a highlighted chip that reads as part of the link.
  const code = `<span>${LINK_CODE_STAND_IN}</span>`;
  return html
    .replaceAll(' style="', ' data-style="')
    .replace(spelledOut, `${link.slice(0, link.lastIndexOf('/') + 1)}${code}`);
}

/** Styles the e-mail's elements, then (`fit`) makes the frame as tall as the e-mail. */
function showMessage(frame: HTMLIFrameElement, fit: boolean): void {
  const document = frame.contentDocument;
  if (!document) return;
  for (const element of document.querySelectorAll<HTMLElement>('[data-style]')) {
    element.style.cssText = element.dataset.style ?? '';
  }
  const height = document.documentElement.scrollHeight;
  if (fit && height > 0) frame.style.height = `${height}px`;
}

/**
 * The e-mail's HTML (from @handoff/core/notice-mail, made with `previewLink()`) in its frame. `fit`: as tall
 * as the e-mail, so what is around it scrolls; otherwise the frame keeps its stylesheet's height and scrolls.
 */
export function MailFrame({
  html,
  title,
  className,
  fit = true,
}: {
  html: string;
  title: string;
  className?: string;
  fit?: boolean;
}) {
  return (
    <iframe
      className={className}
      title={title}
      sandbox="allow-same-origin"
      srcDoc={previewDocument(html)}
      onLoad={(event) => showMessage(event.currentTarget, fit)}
    />
  );
}
