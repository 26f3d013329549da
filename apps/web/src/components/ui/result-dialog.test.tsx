import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ResultDialog, type ResultType, useResultDialog } from './result-dialog';

function Harness({ type, path }: { type: ResultType; path?: string }) {
  const dialog = useResultDialog();
  return (
    <>
      <button type="button" onClick={() => dialog.show('Done it.', type, path)}>
        Open
      </button>
      <ResultDialog control={dialog} />
    </>
  );
}

function renderHarness(type: ResultType, path?: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Harness type={type} path={path} /> },
      { path: '/next', element: <h1>Next</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('result dialog', () => {
  it('is a modal dialog named by its message, with the focus on Okay', async () => {
    const { user } = renderHarness('success');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Done it.' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveClass('result-dialog--success');
    expect(dialog).toHaveAccessibleDescription('Success');
    expect(screen.getByRole('button', { name: 'Okay' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Open', hidden: true }).closest('[inert]')).not.toBeNull();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Okay' })).toHaveFocus();
  });

  it('closes on Okay, gives the focus back, and stays when no path is set', async () => {
    const { user, router } = renderHarness('error');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toHaveClass('result-dialog--error');
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('navigates to its path after Okay (Escape acts the same)', async () => {
    const { user, router } = renderHarness('success', '/next');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { name: 'Next' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/next');
  });
});
