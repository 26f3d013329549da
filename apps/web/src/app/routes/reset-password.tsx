import { useSearchParams } from 'react-router';
import { ResetPassword } from '@/features/auth/components/reset-password-form';

export function Component() {
  const [params] = useSearchParams();
  return <ResetPassword oobCode={params.get('oobCode')} />;
}
