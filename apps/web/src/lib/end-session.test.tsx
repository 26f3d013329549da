import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '@/testing/mocks/db';
import { renderApp, signIn } from '@/testing/test-utils';

describe('Logout in the account menu', () => {
  it("ends the session's refresh token on the server (POST /jira/logout)", async () => {
    const { refreshToken } = signIn('ada@example.com');
    const { user } = renderApp('/admin/index');
    await user.click(await screen.findByRole('button', { name: 'ada@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() =>
      expect(requestsTo('POST /jira/logout')).toEqual([`POST /jira/logout ${refreshToken}`]),
    );
  });
});
