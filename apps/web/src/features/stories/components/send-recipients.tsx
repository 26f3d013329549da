// Who the e-mail goes to, shown beside "Send Email": the project's client addresses (To) and its Cc list,
// with a link to change them on the project's edit screen (its Recipients section).
// A line breaks between addresses, or between the parts of one too long for the line, never mid-word.
import type { Project } from '@handoff/core/api';
import { Link } from 'react-router';
import { AddressList } from '@/components/ui/breakable-text';
import { paths, projectHref } from '@/config/paths';

export function SendRecipients({ id, project }: { id: string; project: Project }) {
  return (
    <div className="send-recipients">
      <div id={id} className="send-recipients__rows">
        <p className="send-recipients__row">
          <span className="send-recipients__label">To:</span>{' '}
          {project.clientEmails.length > 0 ? (
            <AddressList addresses={project.clientEmails} />
          ) : (
            <span>no client address yet: add one on the project's edit screen.</span>
          )}
        </p>
        <p className="send-recipients__row">
          <span className="send-recipients__label">Cc:</span>{' '}
          {project.clientCC.length > 0 ? <AddressList addresses={project.clientCC} /> : <span>none</span>}
        </p>
      </div>
      <Link
        className="send-recipients__edit"
        to={projectHref(paths.admin.editProject, project.projectKey, project.siteId)}
      >
        Edit recipients
      </Link>
    </div>
  );
}
