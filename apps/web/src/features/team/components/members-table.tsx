// The team screen's "Members" table: e-mail and role, with the buttons the caller's role offers (owners change
// roles and remove others; anyone but the last owner leaves), and the invitations not yet accepted (owners
// revoke them).
import type { TeamAnswer, TeamMember } from '@handoff/core/api';
import { formatDateTime } from '@/lib/format';

export function MembersTable({
  members,
  userId,
  isOwner,
  busy,
  onToggleRole,
  onRemove,
}: {
  members: readonly TeamMember[];
  userId: string | undefined;
  isOwner: boolean;
  busy: boolean;
  onToggleRole: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}) {
  return (
    <div className="table-wrap">
      <table className="table" aria-labelledby="members-heading">
        <caption id="members-heading" className="section-title">
          Members
        </caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId}>
              <td>{member.email}</td>
              <td>{member.role}</td>
              <td className="table__actions">
                {isOwner && member.userId !== userId ? (
                  <button
                    type="button"
                    className="button button--outline"
                    disabled={busy}
                    onClick={() => onToggleRole(member)}
                  >
                    {member.role === 'owner'
                      ? `Make ${member.email} a member`
                      : `Make ${member.email} an owner`}
                  </button>
                ) : null}{' '}
                {member.userId === userId && isLastOwner(members, member) ? (
                  <span className="members__note">
                    You are the only owner: make someone else an owner to leave.
                  </span>
                ) : isOwner || member.userId === userId ? (
                  <button
                    type="button"
                    className="button button--outline"
                    disabled={busy}
                    onClick={() => onRemove(member)}
                  >
                    {member.userId === userId ? 'Leave the workspace' : `Remove ${member.email}`}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A workspace needs an owner: its only one is not offered to leave. */
function isLastOwner(members: readonly TeamMember[], member: TeamMember): boolean {
  return member.role === 'owner' && members.filter((m) => m.role === 'owner').length === 1;
}

type OpenInvite = TeamAnswer['data']['invites'][number];

/** The open invitations; owners may revoke each (its link then answers as a used one). */
export function OpenInvites({
  invites,
  isOwner,
  busy,
  onRevoke,
}: {
  invites: readonly OpenInvite[];
  isOwner: boolean;
  busy: boolean;
  onRevoke: (invite: OpenInvite) => void;
}) {
  if (invites.length === 0) return null;
  return (
    <div className="panel">
      <h2 className="section-title">Invitations not yet accepted</h2>
      <ul>
        {invites.map((invite) => (
          <li key={invite.id}>
            {invite.email} (valid until {formatDateTime(invite.expiresAt)}){' '}
            {isOwner ? (
              <button
                type="button"
                className="button button--outline"
                disabled={busy}
                title={`Revoke the invitation of ${invite.email}`}
                onClick={() => onRevoke(invite)}
              >
                Revoke
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
