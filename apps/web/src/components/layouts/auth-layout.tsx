// The frame of the auth pages: the brand above one centred card with a heading and a subtitle (and, above the
// heading, a `mark` such as the invitation's workspace initial).
import type { ReactNode } from 'react';
import { LogoIcon } from '@/components/ui/icons';

export function AuthLayout({
  title,
  subtitle,
  mark,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  mark?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <header className="auth-page__brand">
        <LogoIcon className="auth-page__logo" />
        <span>Handoff</span>
      </header>
      <main className="auth-card">
        {mark}
        <h1 className="auth-card__title">{title}</h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
      </main>
    </div>
  );
}
