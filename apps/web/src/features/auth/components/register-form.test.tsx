import { texts } from '@handoff/core';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/testing/deferred';
import { createAccount, db, requestsTo } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { testConfig } from '@/testing/mocks/test-config';
import { renderApp } from '@/testing/test-utils';

interface FormValues {
  email?: string;
  password?: string;
  confirm?: string;
  apikey?: string;
}

async function fillForm(user: ReturnType<typeof renderApp>['user'], values: FormValues = {}) {
  const { email = 'new@example.com', password = 'secret-pass', apikey = 'jira-key' } = values;
  const confirm = values.confirm ?? password;
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.type(screen.getByLabelText('API Key'), apikey);
}

describe('/auth/register', () => {
  it('shows the screen texts', async () => {
    renderApp('/auth/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    expect(screen.getByText("Enter your details and let's get you in.")).toBeInTheDocument();
    expect(screen.getByText('Already have an account?')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 6 characters.');
    // SPEC's label, with a hint that fits every tracker, and where each keeps the token behind a disclosure.
    expect(screen.getByLabelText('API Key')).toHaveAccessibleDescription(
      'Your Jira, GitHub or Linear API token.',
    );
    const help = screen.getByText('Where do I find it?').closest('details');
    expect(help).not.toHaveAttribute('open');
    for (const tracker of ['Jira Cloud', 'Jira Data Center', 'GitHub', 'Linear'])
      expect(within(help as HTMLElement).getByText(tracker, { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('says an invite-only installation is by invitation before anyone types, and how to get one', async () => {
    renderApp('/auth/register', { config: { ...testConfig, inviteOnly: true } });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Registration is by invitation only.');
    expect(note).toHaveTextContent('Ask an owner of your team’s Handoff workspace to invite you');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('says nothing of invitations when registration is open', async () => {
    renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Register' });
    expect(screen.queryByText('Registration is by invitation only.')).not.toBeInTheDocument();
  });

  it('rejects different passwords with an error dialog and sends nothing', async () => {
    const { user } = renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Register' });
    await fillForm(user, { password: 'secret-pass', confirm: 'other-pass' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const dialog = await screen.findByRole('dialog', { name: texts.registration.passwordMismatch });
    expect(dialog).toHaveAccessibleDescription('Error');
    expect(requestsTo('/jira/register')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Register' })).toBeInTheDocument();
  });

  it('registers, shows the server message, and Okay goes to /auth/login', async () => {
    let sent: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/jira/register')) sent = await request.clone().json();
    });
    const { user, router } = renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Register' });
    await fillForm(user, { email: 'new@example.com', password: 'secret-pass', apikey: 'jira-key' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const dialog = await screen.findByRole('dialog', { name: 'You have been registered successfully.' });
    expect(dialog).toHaveAccessibleDescription('Success');
    expect(sent).toEqual({ email: 'new@example.com', password: 'secret-pass', apikey: 'jira-key' });
    expect(db.accounts.get('new@example.com')?.apikey).toBe('jira-key');

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends the optional name when one is given', async () => {
    let sent: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/jira/register')) sent = await request.clone().json();
    });
    const { user } = renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Register' });
    await user.type(screen.getByRole('textbox', { name: 'Your name (optional)' }), ' Nia Newcomer ');
    await fillForm(user, { email: 'nia@example.com', password: 'secret-pass', apikey: 'jira-key' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('dialog', { name: 'You have been registered successfully.' });
    expect(sent).toEqual({
      email: 'nia@example.com',
      password: 'secret-pass',
      apikey: 'jira-key',
      name: 'Nia Newcomer',
    });
    expect(db.accounts.get('nia@example.com')?.name).toBe('Nia Newcomer');
  });

  it('shows the spinner and "Loading..." while the request runs', async () => {
    const { promise: answered, resolve: answer } = deferred();
    server.use(
      http.post('/jira/register', async () => {
        await answered;
        return HttpResponse.json({ status: 200, message: 'You have been registered successfully.' });
      }),
    );
    const { user } = renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Register' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy).toBeDisabled();
    expect(busy.querySelector('.spinner')).not.toBeNull();
    answer();
    await screen.findByRole('dialog', { name: 'You have been registered successfully.' });
    expect(screen.queryByRole('button', { name: 'Loading...' })).not.toBeInTheDocument();
  });

  it('says "You are already registered in our system." for an e-mail already in use', async () => {
    createAccount('taken@example.com');
    const { user, router } = renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Register' });
    await fillForm(user, { email: 'taken@example.com' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const dialog = await screen.findByRole('dialog', { name: texts.registration.alreadyRegistered });
    expect(dialog).toHaveAccessibleDescription('Error');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(router.state.location.pathname).toBe('/auth/register');
  });

  it('shows any other server message as-is', async () => {
    const { user } = renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Register' });
    await fillForm(user, { password: 'abc', confirm: 'abc' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(
      await screen.findByRole('dialog', { name: 'Password should be at least 6 characters' }),
    ).toBeInTheDocument();
  });

  it('treats a 200 answer whose status is not 200 as an error', async () => {
    server.use(
      http.post('/jira/register', () => HttpResponse.json({ status: 400, message: 'Invalid API key.' })),
    );
    const { user } = renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Register' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('dialog', { name: 'Invalid API key.' })).toHaveAccessibleDescription(
      'Error',
    );
  });

  it('toggles each password field on its own', async () => {
    const { user } = renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Register' });
    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm password');
    expect(password).toHaveAttribute('type', 'password');
    expect(confirm).toHaveAttribute('type', 'password');

    const [passwordToggle, confirmToggle] = screen.getAllByRole('button', { name: 'Show password' });
    expect(passwordToggle).toHaveAttribute('aria-controls', password.id);
    expect(confirmToggle).toHaveAttribute('aria-controls', confirm.id);

    await user.click(passwordToggle!);
    expect(password).toHaveAttribute('type', 'text');
    expect(confirm).toHaveAttribute('type', 'password');
    expect(passwordToggle).toHaveAccessibleName('Hide password');

    await user.click(confirmToggle!);
    expect(confirm).toHaveAttribute('type', 'text');

    await user.click(passwordToggle!);
    expect(password).toHaveAttribute('type', 'password');
    expect(confirm).toHaveAttribute('type', 'text');
  });
});
