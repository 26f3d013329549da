import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Reset Password" subtitle="Choose a new password for your account.">
      <ResetPasswordForm oobCode={params.get('oobCode')} />
    </AuthLayout>
  );
}
