import { Team } from '@/features/team/components/team';

export function Component() {
  return <Team />;
}
