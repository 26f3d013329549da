// The e-mail on the send screen: its subject, message and optional attachment (who receives
// it is shown beside "Send Email"). Every required field is marked the same way, with a "*" the spec's
// labels "Issue Status *" and "Email message *" already carry (the screen's note says what it means).
import { type RefObject, useId } from 'react';
import { AttachmentField } from './attachment-field';

export function EmailFields({
  subject,
  onSubject,
  text,
  onText,
  file,
  fileInputRef,
  onFile,
}: {
  subject: string;
  onSubject: (subject: string) => void;
  text: string;
  onText: (text: string) => void;
  file: File | null;
  fileInputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File | null) => void;
}) {
  const subjectId = useId();
  const messageId = useId();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={subjectId}>
          Subject
          {/* Its name stays "Subject"; the required attribute tells assistive technology. */}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={subjectId}
          name="subject"
          type="text"
          className="field__input"
          required
          value={subject}
          onChange={(e) => onSubject(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={messageId}>
          Email message *
        </label>
        <textarea
          id={messageId}
          className="field__input stories-message"
          rows={14}
          required
          aria-describedby={`${messageId}-hint`}
          value={text}
          onChange={(e) => onText(e.target.value)}
        />
        <p id={`${messageId}-hint`} className="field__hint">
          The client's review link, to mark each story passed or failed, is added below.
        </p>
      </div>
      <AttachmentField file={file} onFile={onFile} inputRef={fileInputRef} />
    </>
  );
}
