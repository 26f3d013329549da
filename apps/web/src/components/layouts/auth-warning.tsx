// A link that no longer works (expired, used, unknown) on an auth page: a warning card, under a page heading
// that says the same, before the way on. Its own module and stylesheet: the login page never shows one, and
// its chunk counts against the login budget. Its stylesheet also balances those pages' long headings.
import type { ReactNode } from 'react';
import './auth-warning.css';

export function AuthWarning({ children }: { children: ReactNode }) {
  return (
    <div className="auth-warning" role="alert">
      {children}
    </div>
  );
}
