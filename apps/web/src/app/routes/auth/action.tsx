import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ApplyActionCode } from '@/features/verify-email/components/apply-action-code';

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Verify your e-mail address">
      <ApplyActionCode mode={params.get('mode')} oobCode={params.get('oobCode')} />
    </AuthLayout>
  );
}
