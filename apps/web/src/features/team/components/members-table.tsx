// The team screen's "Members" table: each member by name (their address under it; the address alone when
// they gave no name) and role (a badge, "Owner" or "Member"), with the buttons the caller's role offers (owners change
// roles and remove others; anyone but the last owner leaves), and the invitations not yet accepted (owners
// revoke them). Both are DataTables: cards below 600 px.
import type { TeamAnswer, TeamMember, WorkspaceRole } from '@handoff/core/api';
import { Badge } from '@/components/ui/badge';
import { AddressList } from '@/components/ui/breakable-text';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { ShortDate } from '@/lib/format';

/** A role as the screen names it (the API's are lower case). */
const ROLE_NAMES: Record<WorkspaceRole, string> = { owner: 'Owner', member: 'Member' };

/** What the caller may do to a member, and the handlers of its buttons. */
interface MemberControls {
  userId: string | undefined;
  isOwner: boolean;
  busy: boolean;
  onToggleRole: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

export function MembersTable({ members, ...controls }: { members: readonly TeamMember[] } & MemberControls) {
  return (
    <section className="page__section" aria-labelledby="members-heading">
      <h2 id="members-heading" className="section-title">
        Members
      </h2>
      <DataTable
        labelledBy="members-heading"
        rows={members}
        rowKey={(member) => member.userId}
        columns={[
          {
            header: 'Member',
            rowHeader: true,
            cell: (member) => <MemberName member={member} you={controls.userId} />,
          },
          {
            header: 'Role',
            cell: (member) => (
              <span className="members__role">
                <Badge tone={member.role === 'owner' ? 'info' : 'neutral'}>{ROLE_NAMES[member.role]}</Badge>
                {/* Why the only owner has no way to leave: under their role, which is the reason. */}
                {member.userId === controls.userId && isLastOwner(members, member) ? (
                  <span className="members__note">
                    You are the only owner: make someone else an owner to leave.
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            header: 'Actions',
            hideHeader: true,
            className: 'data-table__actions',
            cell: (member) => <MemberActions member={member} members={members} {...controls} />,
          },
        ]}
      />
    </section>
  );
}

/** The member's name with their address under it, or the address alone; "(you)" marks the caller. */
function MemberName({ member, you }: { member: TeamMember; you: string | undefined }) {
  const mark = member.userId === you ? <span className="members__you"> (you)</span> : null;
  if (!member.name) {
    return (
      <>
        <AddressList addresses={[member.email]} />
        {mark}
      </>
    );
  }
  return (
    <span className="members__person">
      <span className="members__name">
        {member.name}
        {mark}
      </span>
      <span className="members__email">
        <AddressList addresses={[member.email]} />
      </span>
    </span>
  );
}

function MemberActions({
  member,
  members,
  userId,
  isOwner,
  busy,
  onToggleRole,
  onRemove,
}: { member: TeamMember; members: readonly TeamMember[] } & MemberControls) {
  const canToggle = isOwner && member.userId !== userId;
  const canLeave =
    !(member.userId === userId && isLastOwner(members, member)) && (isOwner || member.userId === userId);
  // Nothing to offer (the only owner's own row): an empty cell, which a phone's card leaves out.
  if (!canToggle && !canLeave) return null;
  return (
    <>
      {isOwner && member.userId !== userId ? (
        <Button variant="outline" size="small" disabled={busy} onClick={() => onToggleRole(member)}>
          {member.role === 'owner' ? 'Make member' : 'Make owner'}
          <span className="visually-hidden">: {member.name || member.email}</span>
        </Button>
      ) : null}{' '}
      {member.userId === userId && isLastOwner(members, member) ? null : isOwner ||
        member.userId === userId ? (
        <Button variant="outline" size="small" disabled={busy} onClick={() => onRemove(member)}>
          {member.userId === userId ? (
            'Leave the workspace'
          ) : (
            <>
              Remove <span className="visually-hidden">{member.name || member.email}</span>
            </>
          )}
        </Button>
      ) : null}
    </>
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
    <section className="page__section team__invites" aria-labelledby="invites-heading">
      <h2 id="invites-heading" className="section-title">
        Invitations not yet accepted
      </h2>
      <DataTable
        labelledBy="invites-heading"
        rows={invites}
        rowKey={(invite) => invite.id}
        columns={[
          { header: 'Email', rowHeader: true, cell: (invite) => <AddressList addresses={[invite.email]} /> },
          { header: 'Valid until', cell: (invite) => <ShortDate iso={invite.expiresAt} /> },
          ...(isOwner
            ? [
                {
                  header: 'Actions',
                  hideHeader: true,
                  className: 'data-table__actions',
                  cell: (invite: OpenInvite) => (
                    <Button
                      variant="danger-outline"
                      disabled={busy}
                      title={`Revoke the invitation for ${invite.email}`}
                      onClick={() => onRevoke(invite)}
                    >
                      Revoke
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
