import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/testing/deferred';
import { NavigationProgress } from './navigation-progress';

function SlowPage() {
  return <h1>Slow page arrived</h1>;
}

describe('NavigationProgress', () => {
  it('shows a progress bar at the top while the next page is on its way, and not after', async () => {
    const pageCode = deferred();
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <Link to="/slow">Slow page</Link> },
          {
            path: 'slow',
            lazy: async () => {
              await pageCode.promise;
              return { Component: SlowPage };
            },
          },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Slow page' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    // The old page stays up meanwhile.
    expect(screen.getByRole('link', { name: 'Slow page' })).toBeInTheDocument();

    pageCode.resolve();
    expect(await screen.findByRole('heading', { name: 'Slow page arrived' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
