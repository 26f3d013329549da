// Who the e-mail goes to, shown beside "Send Email": the project's client addresses (To) and its CC list,
// each address whole (a line breaks between addresses, not inside one).
import type { Project } from '@handoff/core/api';
import { Fragment } from 'react';

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

function AddressList({ addresses }: { addresses: readonly string[] }) {
  return (
    <span className="send-recipients__list">
      {addresses.map((address, index) => (
        // The space between addresses is text, for screen readers and copying; the gap lays them out.
        <Fragment key={address}>
          {index > 0 ? ' ' : null}
          <span className="send-recipients__address">
            {address}
            {index < addresses.length - 1 ? ',' : ''}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
