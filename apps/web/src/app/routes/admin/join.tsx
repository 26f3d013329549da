import { useSearchParams } from 'react-router';
import { JoinWorkspace } from '@/features/team/components/join-workspace';

export function Component() {
  const [params] = useSearchParams();
  return <JoinWorkspace token={params.get('token') ?? ''} />;
}
