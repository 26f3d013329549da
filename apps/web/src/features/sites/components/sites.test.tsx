// The tracker sites screen against the MSW handlers: the list as a table of labelled cells, a form that asks
// for the tracker first and for an address only where the tracker needs one, and a toast confirming an added
// site (a refusal needs an answer: the result dialog).
import type { ListedSite } from '@handoff/core/api';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/testing/mocks/handlers/projects';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

const demo: ListedSite = {
  id: 'default',
  name: 'default',
  kind: 'demo',
  baseUrl: '',
  hasCredential: true,
};

function serveSites() {
  const sites: ListedSite[] = [demo];
  server.use(
    http.post('/jira/sites/list', () => HttpResponse.json({ data: sites })),
    http.post('/jira/sites/add', async ({ request }) => {
      const body = (await request.json()) as { name: string; kind: ListedSite['kind']; baseUrl: string };
      if (!body.baseUrl.startsWith('https://'))
        return apiError(400, 'The base URL must start with https://.');
      const site = { id: `site-${sites.length}`, name: body.name, kind: body.kind, baseUrl: body.baseUrl };
      sites.push({ ...site, hasCredential: false });
      return HttpResponse.json({ data: site });
    }),
  );
}

describe('/admin/sites', () => {
  it('adds a site: it joins the list, without a credential yet, and a toast confirms it', async () => {
    signIn();
    serveSites();
    const { user } = renderApp('/admin/sites');
    const table = await screen.findByRole('table', { name: 'Tracker sites' });
    // Each site's address under its name; the built-in demo tracker has none.
    expect(within(table).getByRole('rowheader', { name: 'Default site Built into Handoff' })).toBeVisible();

    // The form is closed until asked for; `Add site` opens it with the focus on its first question.
    expect(screen.queryByRole('form', { name: 'Add a site' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    expect(screen.getByLabelText('Tracker')).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Tracker'), 'Jira Data Center');
    await user.type(screen.getByLabelText('Name'), 'Bank');
    const baseUrl = screen.getByLabelText('Base URL');
    expect(baseUrl).toHaveAttribute('placeholder', 'https://jira.example.com/jira');
    expect(baseUrl).toHaveAccessibleDescription(
      'The address you open Jira at, with its context path if it has one (such as /jira).',
    );
    await user.type(baseUrl, 'https://bank.example.test/jira');
    await user.click(screen.getByRole('button', { name: 'Add site' }));

    expect(await screen.findByText('The site Bank was added.')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const bank = (
      await within(table).findByRole('rowheader', { name: 'Bank https://bank.example.test/jira' })
    ).closest('tr') as HTMLElement;
    expect(within(bank).getByText('Not set')).toHaveClass('badge--warning');
    // The member's token for it is added on the profile, where the link goes.
    expect(within(bank).getByRole('link', { name: 'Add it for Bank' })).toHaveAttribute(
      'href',
      '/admin/user-profile#site-site-1',
    );
    // Added: the form closes, and the focus is back on `Add site`.
    expect(screen.queryByRole('form', { name: 'Add a site' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add site' })).toHaveFocus();
  });

  it('closes the form with Cancel, giving the focus back to `Add site`', async () => {
    signIn();
    serveSites();
    const { user } = renderApp('/admin/sites');
    await screen.findByRole('table', { name: 'Tracker sites' });
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    await user.type(screen.getByLabelText('Name'), 'Bank');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Add a site' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add site' })).toHaveFocus();
  });

  it('shows a refusal in the result dialog, in plain words', async () => {
    signIn();
    serveSites();
    const { user } = renderApp('/admin/sites');
    await screen.findByRole('table', { name: 'Tracker sites' });
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    await user.type(screen.getByLabelText('Name'), 'Bank');
    await user.type(screen.getByLabelText('Base URL'), 'http://bank.example.test');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    expect(
      await screen.findByRole('dialog', { name: 'The base URL must start with https://.' }),
    ).toBeInTheDocument();
    // Refused: the form stays open with what was typed.
    expect(screen.getByLabelText('Name')).toHaveValue('Bank');
  });

  it("asks for the tracker first, offering every kind of packages/core's registry, and a Jira Cloud address", async () => {
    signIn();
    serveSites();
    const { user } = renderApp('/admin/sites');
    const table = await screen.findByRole('table', { name: 'Tracker sites' });
    expect(within(table).getByRole('cell', { name: 'Demo tracker' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    const form = screen.getByRole('form', { name: 'Add a site' });
    const fields = within(form).getAllByRole('combobox').concat(within(form).getAllByRole('textbox'));
    expect(fields.map((field) => field.getAttribute('name') ?? 'tracker')).toEqual([
      'tracker',
      'name',
      'baseUrl',
    ]);
    const kind = screen.getByLabelText('Tracker');
    expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Jira Cloud', 'Jira Data Center', 'GitHub', 'Linear']);
    expect(kind).toHaveValue('jira-cloud');
    expect(screen.getByLabelText('Base URL')).toHaveAttribute(
      'placeholder',
      'https://your-team.atlassian.net',
    );
  });

  it("uses GitHub's and Linear's own address unless another is given, and keeps an address the owner typed", async () => {
    signIn();
    const { user } = renderApp('/admin/sites');
    serveSites();
    const table = await screen.findByRole('table', { name: 'Tracker sites' });
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    const kind = screen.getByLabelText('Tracker');
    await user.selectOptions(kind, 'GitHub');
    expect(screen.queryByLabelText('Base URL')).not.toBeInTheDocument();
    expect(screen.getByText(/Handoff connects to GitHub at/)).toHaveTextContent(
      'Handoff connects to GitHub at api.github.com.',
    );
    await user.selectOptions(kind, 'Linear');
    expect(screen.getByText(/Handoff connects to Linear at/)).toHaveTextContent(
      'Handoff connects to Linear at api.linear.app.',
    );
    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    const baseUrl = screen.getByLabelText('Base URL');
    expect(baseUrl).toHaveFocus();
    expect(baseUrl).toHaveValue('https://api.linear.app/graphql');
    // An address the owner typed stays, whichever tracker is chosen next.
    await user.clear(baseUrl);
    await user.type(baseUrl, 'https://github.example.com/api/v3');
    await user.selectOptions(kind, 'GitHub');
    expect(screen.getByLabelText('Base URL')).toHaveValue('https://github.example.com/api/v3');
    await user.type(screen.getByLabelText('Name'), 'Studio');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    const studio = (await within(table).findByRole('rowheader', { name: /^Studio / })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(studio).getByText('GitHub')).toBeVisible();
    expect(within(studio).getByRole('rowheader')).toHaveTextContent(
      'Studio https://github.example.com/api/v3',
    );

    // Without another address, the tracker's own is sent.
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    await user.selectOptions(screen.getByLabelText('Tracker'), 'Linear');
    await user.type(screen.getByLabelText('Name'), 'Product');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    const product = (await within(table).findByRole('rowheader', { name: /^Product / })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(product).getByRole('rowheader')).toHaveTextContent(
      'Product https://api.linear.app/graphql',
    );
  });

  it("shows a member the sites without the owners' form and Remove buttons", async () => {
    signIn('bob@example.com');
    serveSites();
    server.use(
      http.post('/jira/getWorkspaces', () =>
        HttpResponse.json({
          data: { current: 'ws-team', workspaces: [{ id: 'ws-team', name: 'Agency', role: 'member' }] },
        }),
      ),
    );
    renderApp('/admin/sites');
    expect(
      await screen.findByText(/Owners add and remove sites\. If your team works in another tracker/),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Add a site' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add site' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});
