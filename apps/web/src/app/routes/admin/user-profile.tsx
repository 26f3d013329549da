import { UserProfile } from '@/features/user-profile/components/user-profile';

export function Component() {
  return <UserProfile />;
}
