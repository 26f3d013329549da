// Who the e-mail goes to, shown beside "Send Email": the project's client addresses (To) and its CC list.
// A line breaks between addresses, or between the parts of one too long for the line, never mid-word.
import type { Project } from '@handoff/core/api';
import { AddressList } from '@/components/ui/breakable-text';

export function SendRecipients({ id, project }: { id: string; project: Project }) {
  return (
    <div id={id} className="send-recipients">
      <p className="send-recipients__row">
        <span className="send-recipients__label">To:</span>{' '}
        {project.clientEmails.length > 0 ? (
          <AddressList addresses={project.clientEmails} />
        ) : (
          <span>no client address yet: add one on the project's edit screen.</span>
        )}
      </p>
      <p className="send-recipients__row">
        <span className="send-recipients__label">CC:</span>{' '}
        {project.clientCC.length > 0 ? <AddressList addresses={project.clientCC} /> : <span>none</span>}
      </p>
    </div>
  );
}
