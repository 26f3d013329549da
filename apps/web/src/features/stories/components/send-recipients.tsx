// Who the e-mail goes to, shown beside "Send Email": the project's client addresses (To) and its CC list.
// A line breaks between addresses, or between the parts of one too long for the line, never mid-word.
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

/** Addresses separated by ", ", each breakable only at its parts (see BreakableAddress). */
export function AddressList({ addresses }: { addresses: readonly string[] }) {
  return (
    <span className="address-list">
      {addresses.map((address, index) => (
        <Fragment key={address}>
          {index > 0 ? ', ' : null}
          <BreakableAddress address={address} />
        </Fragment>
      ))}
    </span>
  );
}

/**
 * An address that may wrap after its "@" and before each ".", so one too long for a phone's line breaks
 * between its parts ("client.with.a.long.address@" / "customer.example"), never inside a word: the
 * address is nowrap (no break at a hyphen, as in "acme-studio"), and browsers still break at a <wbr>.
 * Its text stays one element's own text, so it reads, copies and is found as one address.
 */
function BreakableAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <span className="address">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed address, in order.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
