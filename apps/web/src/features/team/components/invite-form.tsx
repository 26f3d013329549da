// The Team screen's invitation, for owners: an e-mail address (a text box labelled "Email") and "Invite".
import { type FormEvent, useState } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { TextField } from '@/components/ui/form-field';

export function InviteForm({
  busy,
  onInvite,
}: {
  busy: boolean;
  /** Sends the invitation; resolves true once it was sent (the box is then emptied). */
  onInvite: (address: string) => Promise<boolean>;
}) {
  const [email, setEmail] = useState('');
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await onInvite(email.trim())) setEmail('');
  };
  return (
    <section className="page__section" aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="section-title">
        Invite a colleague
      </h2>
      <form className="form-panel" onSubmit={onSubmit} noValidate aria-labelledby="invite-heading">
        <p className="form-panel__status">
          They get an e-mail with a link to join, valid for 7 days. Members can fetch, send and switch
          auto-send; owners also add, change and delete projects and manage the team.
        </p>
        <div className="inline-form">
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <BusyButton type="submit" busy={busy}>
            Invite
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
