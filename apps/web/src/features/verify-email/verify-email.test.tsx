import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { testConfig } from '@/testing/mocks/test-config';
import { renderApp, signIn } from '@/testing/test-utils';

/** Answers one Identity Toolkit operation; the others go on to the default handlers. */
const identity = (operation: string, answer: (body: Record<string, unknown>) => Response) =>
  http.post(`${testConfig.identityToolkitUrl}/v1/:operation`, async ({ request, params }) => {
    if (params.operation !== `accounts:${operation}`) return undefined;
    return answer((await request.clone().json()) as Record<string, unknown>);
  });

describe('/auth/action?mode=verifyEmail', () => {
  it('applies the code from the link and says so', async () => {
    const applied: unknown[] = [];
    server.use(
      identity('update', (body) => {
        applied.push(body.oobCode);
        return HttpResponse.json({ kind: 'k', localId: 'u', email: 'ada@example.com', emailVerified: true });
      }),
    );
    renderApp('/auth/action?mode=verifyEmail&oobCode=code-1');
    expect(
      await screen.findByText('Your e-mail address is verified. You can use Handoff now.'),
    ).toBeVisible();
    expect(applied).toEqual(['code-1']);
  });

  it('says when the code is used or expired, signed in or not', async () => {
    signIn('ada@example.com');
    server.use(
      identity('update', () =>
        HttpResponse.json({ error: { code: 400, message: 'INVALID_OOB_CODE' } }, { status: 400 }),
      ),
    );
    renderApp('/auth/action?mode=verifyEmail&oobCode=used');
    expect(await screen.findByText(/This link has expired or was already used/)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(/This link has expired or was already used/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verification link no longer valid');
    expect(screen.getByRole('alert')).toHaveTextContent(/^This link has expired or was already used\.$/);
    // One way on, saying where it leads (a second link to the sign-in page would do the same).
    expect(screen.getByRole('link', { name: 'Sign in to get a new link' })).toHaveAttribute(
      'href',
      '/admin/index',
    );
    expect(screen.queryByRole('link', { name: 'Back to login' })).not.toBeInTheDocument();
  });
});

describe('the admin area while the address is not verified', () => {
  it('says so, and `Send the link again` asks for a new link', async () => {
    signIn('ada@example.com');
    const sent: unknown[] = [];
    server.use(
      identity('lookup', () =>
        HttpResponse.json({ users: [{ localId: 'u', email: 'ada@example.com', emailVerified: false }] }),
      ),
      identity('sendOobCode', (body) => {
        sent.push(body.requestType);
        return HttpResponse.json({ kind: 'k', email: 'ada@example.com' });
      }),
    );
    const { user } = renderApp('/admin/index');
    expect(
      await screen.findByText('Please verify your e-mail address first. We sent you a link.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent you a new link.')).toBeVisible();
    expect(sent).toEqual(['VERIFY_EMAIL']);
  });

  it('shows nothing for a verified address', async () => {
    signIn('ada@example.com');
    server.use(
      identity('lookup', () =>
        HttpResponse.json({ users: [{ localId: 'u', email: 'ada@example.com', emailVerified: true }] }),
      ),
    );
    renderApp('/admin/index');
    // The projects page is there (this account has no project yet: its empty state), with no notice above.
    expect(await screen.findByText('No projects yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });
});
