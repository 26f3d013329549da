import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  return (
    <AuthLayout title="Login" subtitle="Login to access your account.">
      <LoginForm />
    </AuthLayout>
  );
}
