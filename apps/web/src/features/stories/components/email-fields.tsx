// The e-mail on the send screen: who receives it, and its subject, message and optional attachment.
import type { Project } from '@handoff/core/api';
import { type RefObject, useId } from 'react';
import { TextField } from '@/components/ui/form-field';

export function RecipientSummary({ project }: { project: Project }) {
  return (
    <div className="panel send-summary">
      <dl className="details">
        <dt>Project</dt>
        <dd>
          {project.projectName} ({project.projectKey})
        </dd>
        <dt>To</dt>
        <dd>{project.clientEmails.join(', ') || 'None'}</dd>
        <dt>CC</dt>
        <dd>{project.clientCC.join(', ') || 'None'}</dd>
      </dl>
    </div>
  );
}

export function EmailFields({
  subject,
  onSubject,
  text,
  onText,
  fileInputRef,
  onFile,
}: {
  subject: string;
  onSubject: (subject: string) => void;
  text: string;
  onText: (text: string) => void;
  fileInputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File | null) => void;
}) {
  const messageId = useId();
  const fileId = useId();
  return (
    <>
      <TextField label="Subject" name="subject" value={subject} onChange={(e) => onSubject(e.target.value)} />
      <div className="field">
        <label className="field__label" htmlFor={messageId}>
          Email message *
        </label>
        <textarea
          id={messageId}
          className="field__input stories-message"
          rows={14}
          required
          value={text}
          onChange={(e) => onText(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          Attachment
        </label>
        <input
          ref={fileInputRef}
          id={fileId}
          type="file"
          className="field__file"
          aria-describedby={`${fileId}-hint`}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
        <p id={`${fileId}-hint`} className="form-panel__status">
          Optional: one file sent with the e-mail.
        </p>
      </div>
    </>
  );
}
