import { useSearchParams } from 'react-router';
import { ApplyActionCode } from '@/features/verify-email/components/apply-action-code';

export function Component() {
  const [params] = useSearchParams();
  return <ApplyActionCode mode={params.get('mode')} oobCode={params.get('oobCode')} />;
}
