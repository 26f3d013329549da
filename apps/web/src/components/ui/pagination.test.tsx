import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pagination, paginationItems } from './pagination';

/** The pager as text: page numbers (1-based) and "..." for breaks. */
function layout(pageCount: number, selected: number): string {
  return paginationItems(pageCount, selected, { pageRangeDisplayed: 3, marginPagesDisplayed: 1 })
    .map((item) => (item.type === 'page' ? String(item.index + 1) : '...'))
    .join(' ');
}

describe('paginationItems (react-paginate layout, range 3, margin 1)', () => {
  it('shows every page when there are no more than the range', () => {
    expect(layout(0, 0)).toBe('');
    expect(layout(1, 0)).toBe('1');
    expect(layout(2, 1)).toBe('1 2');
    expect(layout(3, 2)).toBe('1 2 3');
  });

  it('replaces a break that would hide a single page by that page', () => {
    expect(layout(4, 0)).toBe('1 2 3 4');
    expect(layout(5, 0)).toBe('1 2 3 4 5');
    expect(layout(5, 4)).toBe('1 2 3 4 5');
    expect(layout(10, 3)).toBe('1 2 3 4 5 ... 10');
    expect(layout(10, 6)).toBe('1 ... 6 7 8 9 10');
  });

  it('lays out 10 pages at every position', () => {
    expect([...Array(10).keys()].map((selected) => layout(10, selected))).toEqual([
      '1 2 3 ... 10',
      '1 2 3 4 ... 10',
      '1 2 3 4 ... 10',
      '1 2 3 4 5 ... 10',
      '1 ... 4 5 6 ... 10',
      '1 ... 5 6 7 ... 10',
      '1 ... 6 7 8 9 10',
      '1 ... 7 8 9 10',
      '1 ... 8 9 10',
      '1 ... 8 9 10',
    ]);
  });

  it('keeps the range around the current page of a long list', () => {
    expect(layout(6, 0)).toBe('1 2 3 ... 6');
    expect(layout(6, 5)).toBe('1 ... 4 5 6');
    expect(layout(20, 10)).toBe('1 ... 10 11 12 ... 20');
    expect(layout(100, 49)).toBe('1 ... 49 50 51 ... 100');
    expect(layout(100, 99)).toBe('1 ... 98 99 100');
  });

  it('gives each break the index of the first page it hides', () => {
    const items = paginationItems(10, 4, { pageRangeDisplayed: 3, marginPagesDisplayed: 1 });
    expect(items.filter((item) => item.type === 'break')).toEqual([
      { type: 'break', index: 1 },
      { type: 'break', index: 6 },
    ]);
  });
});

function Harness({ pageCount, initial = 0 }: { pageCount: number; initial?: number }) {
  const [page, setPage] = useState(initial);
  return (
    <>
      <Pagination pageCount={pageCount} selected={page} onPageChange={setPage} label="Results pages" />
      <p>{`Showing page ${page + 1}`}</p>
    </>
  );
}

/** The labels of the pager's buttons, as a screen reader names them. */
function pagerButtons(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Results pages' });
  return within(nav)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent ?? '');
}

describe('<Pagination>', () => {
  it('renders Previous, the pages and breaks, and Next, marking the current page', () => {
    render(<Harness pageCount={10} initial={4} />);
    expect(pagerButtons()).toEqual([
      'Previous',
      'Page 1',
      'Jump backward',
      'Page 4',
      'Page 5',
      'Page 6',
      'Jump forward',
      'Page 10',
      'Next',
    ]);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Jump forward' })).toHaveTextContent('...');
  });

  it('moves with Previous, Next and the page buttons, and disables the ends', async () => {
    const user = userEvent.setup();
    render(<Harness pageCount={3} />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'false');

    await user.click(previous);
    expect(screen.getByText('Showing page 1')).toBeInTheDocument();
    await user.click(next);
    expect(screen.getByText('Showing page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing page 3')).toBeInTheDocument();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(screen.getByText('Showing page 3')).toBeInTheDocument();
    // Next keeps the focus even when it becomes disabled.
    expect(next).toHaveFocus();
    await user.click(previous);
    expect(screen.getByText('Showing page 2')).toBeInTheDocument();
  });

  it('jumps by the range when a break is pressed, as react-paginate does', async () => {
    const user = userEvent.setup();
    render(<Harness pageCount={10} />);
    expect(pagerButtons()).toEqual([
      'Previous',
      'Page 1',
      'Page 2',
      'Page 3',
      'Jump forward',
      'Page 10',
      'Next',
    ]);

    await user.click(screen.getByRole('button', { name: 'Jump forward' }));
    expect(screen.getByText('Showing page 4')).toBeInTheDocument();
    expect(pagerButtons()).toEqual([
      'Previous',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Jump forward',
      'Page 10',
      'Next',
    ]);

    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    await user.click(screen.getByRole('button', { name: 'Jump backward' }));
    expect(screen.getByText('Showing page 7')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await user.click(screen.getByRole('button', { name: 'Jump forward' }));
    await user.click(screen.getByRole('button', { name: 'Jump forward' }));
    expect(screen.getByText('Showing page 7')).toBeInTheDocument();
    // From page 7 of 10 the rest is in view: no forward break any more.
    expect(screen.queryByRole('button', { name: 'Jump forward' })).not.toBeInTheDocument();
  });
});
