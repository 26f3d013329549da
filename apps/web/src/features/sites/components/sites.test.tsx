// The tracker sites screen against the MSW handlers: the list as a table of labelled cells, and a toast
// confirming an added site (a refusal needs an answer: the result dialog).
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
    const table = await screen.findByRole('table', { name: 'Sites' });
    expect(within(table).getByRole('cell', { name: 'Built-in demo tracker' })).toHaveAttribute(
      'data-label',
      'Base URL',
    );

    await user.type(screen.getByLabelText('Name'), 'Bank');
    await user.type(screen.getByLabelText('Base URL'), 'https://bank.example.test/jira');
    await user.selectOptions(screen.getByLabelText('Kind'), 'Jira Data Center');
    await user.click(screen.getByRole('button', { name: 'Add site' }));

    expect(await screen.findByText('The site Bank was added.')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const bank = (await within(table).findByRole('cell', { name: 'Bank' })).closest('tr') as HTMLElement;
    expect(within(bank).getByText('Not set')).toHaveClass('badge--warning');
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('shows a refusal in the result dialog, in plain words', async () => {
    signIn();
    serveSites();
    const { user } = renderApp('/admin/sites');
    await screen.findByRole('table', { name: 'Sites' });
    await user.type(screen.getByLabelText('Name'), 'Bank');
    await user.type(screen.getByLabelText('Base URL'), 'http://bank.example.test');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    expect(
      await screen.findByRole('dialog', { name: 'The base URL must start with https://.' }),
    ).toBeInTheDocument();
  });

  it("offers every kind of packages/core's registry, and fills in a kind's usual Base URL", async () => {
    signIn();
    serveSites();
    const { user } = renderApp('/admin/sites');
    const table = await screen.findByRole('table', { name: 'Sites' });
    expect(within(table).getByRole('cell', { name: 'Demo tracker' })).toBeVisible();
    const kind = screen.getByLabelText('Kind');
    expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Jira Cloud', 'Jira Data Center', 'GitHub', 'Linear']);
    const baseUrl = screen.getByLabelText('Base URL');
    await user.selectOptions(kind, 'GitHub');
    expect(baseUrl).toHaveValue('https://api.github.com');
    await user.selectOptions(kind, 'Linear');
    expect(baseUrl).toHaveValue('https://api.linear.app/graphql');
    // An address the owner typed stays.
    await user.clear(baseUrl);
    await user.type(baseUrl, 'https://github.example.com/api/v3');
    await user.selectOptions(kind, 'GitHub');
    expect(baseUrl).toHaveValue('https://github.example.com/api/v3');
    await user.type(screen.getByLabelText('Name'), 'Studio');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    const studio = (await within(table).findByRole('cell', { name: 'Studio' })).closest('tr') as HTMLElement;
    expect(within(studio).getByText('GitHub')).toBeVisible();
  });
});
