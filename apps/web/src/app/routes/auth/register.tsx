import { AuthLayout } from '@/components/layouts/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

export function Component() {
  return (
    <AuthLayout title="Register" subtitle="Enter your details and let's get you in.">
      <RegisterForm />
    </AuthLayout>
  );
}
