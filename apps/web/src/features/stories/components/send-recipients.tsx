// Who the e-mail goes to, shown beside "Send Email": the project's client addresses (To) and its CC list.
// A line breaks between addresses, or between the parts of one too long for the line, never mid-word.
import type { Project } from '@handoff/core/api';
import { Fragment } from 'react';
import { BreakableText } from '@/components/ui/breakable-text';

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

/**
 * Addresses separated by ", ", each breakable only after its "@" and dots (BreakableText), so one too long
 * for a phone's line breaks between its parts, never inside a word: the address is nowrap (no break at a
 * hyphen, as in "acme-studio"), and browsers still break at a <wbr>.
 */
export function AddressList({ addresses }: { addresses: readonly string[] }) {
  return (
    <span className="address-list">
      {addresses.map((address, index) => (
        <Fragment key={address}>
          {index > 0 ? ', ' : null}
          <span className="address">
            <BreakableText text={address} />
          </span>
        </Fragment>
      ))}
    </span>
  );
}
