// /admin/user-profile (SPEC §2: content not shown). For now: the signed-in e-mail.
import { useAppState } from '@/stores/app-store';

export function UserProfile() {
  const { user } = useAppState();
  return (
    <section className="page" aria-labelledby="profile-heading">
      <div className="page__header">
        <h1 id="profile-heading" className="page__title">
          User Profile
        </h1>
      </div>
      <div className="panel">
        <dl className="details">
          <dt>Email</dt>
          <dd>{user?.email}</dd>
        </dl>
      </div>
    </section>
  );
}
