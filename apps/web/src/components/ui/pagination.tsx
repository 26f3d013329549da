// A pager that lays out its entries exactly as react-paginate does (the algorithm of its
// PaginationBoxView.pagination()), so docs/product.md §2's "3 page links in range, 1 margin page, break label '...'"
// looks the way that component made it look:
//
//   10 pages, page 1:  Previous 1 2 3 … 10 Next        page 5:  Previous 1 … 4 5 6 … 10 Next
//   10 pages, page 4:  Previous 1 2 3 4 5 … 10 Next    page 10: Previous 1 … 8 9 10 Next
//
// A break is a button too: as in react-paginate it jumps forward or backward by pageRangeDisplayed pages.
// Previous and Next stay focusable at the ends but are aria-disabled there.
import { ChevronLeftIcon, ChevronRightIcon } from './admin-icons';
import './pagination.css';

type PaginationItem = { type: 'page'; index: number } | { type: 'break'; index: number };

interface PaginationOptions {
  pageRangeDisplayed: number;
  marginPagesDisplayed: number;
}

/**
 * The entries react-paginate shows for `pageCount` pages with the 0-based page `selected` (breakLabel set).
 * Each break carries the index of the first page it hides.
 */
export function paginationItems(
  pageCount: number,
  selected: number,
  { pageRangeDisplayed, marginPagesDisplayed }: PaginationOptions,
): PaginationItem[] {
  const items: PaginationItem[] = [];
  if (pageCount <= pageRangeDisplayed) {
    for (let index = 0; index < pageCount; index++) items.push({ type: 'page', index });
    return items;
  }

  let leftSide = pageRangeDisplayed / 2;
  let rightSide = pageRangeDisplayed - leftSide;
  // Near the right end the range leans left (only one break); near the left end it leans right.
  if (selected > pageCount - pageRangeDisplayed / 2) {
    rightSide = pageCount - selected;
    leftSide = pageRangeDisplayed - rightSide;
  } else if (selected < pageRangeDisplayed / 2) {
    leftSide = selected;
    rightSide = pageRangeDisplayed - leftSide;
  }

  // First pass: pages in the margins or the range, one break for each run of hidden pages.
  const firstPass: PaginationItem[] = [];
  for (let index = 0; index < pageCount; index++) {
    const page = index + 1;
    if (page <= marginPagesDisplayed || page > pageCount - marginPagesDisplayed) {
      firstPass.push({ type: 'page', index });
      continue;
    }
    // On the first page the right side is one shorter, or the range would show one page too many.
    const adjustedRightSide = selected === 0 && pageRangeDisplayed > 1 ? rightSide - 1 : rightSide;
    if (index >= selected - leftSide && index <= selected + adjustedRightSide) {
      firstPass.push({ type: 'page', index });
      continue;
    }
    const last = firstPass[firstPass.length - 1];
    if (last && last.type !== 'break' && (pageRangeDisplayed > 0 || marginPagesDisplayed > 0)) {
      firstPass.push({ type: 'break', index });
    }
  }

  // Second pass: a break that hides a single page is shown as that page.
  firstPass.forEach((item, i) => {
    const before = firstPass[i - 1];
    const after = firstPass[i + 1];
    if (
      item.type === 'break' &&
      before?.type === 'page' &&
      after?.type === 'page' &&
      after.index - before.index <= 2
    ) {
      items.push({ type: 'page', index: item.index });
    } else {
      items.push(item);
    }
  });
  return items;
}

export function Pagination({
  pageCount,
  selected,
  onPageChange,
  label = 'Pagination',
  pageRangeDisplayed = 3,
  marginPagesDisplayed = 1,
  breakLabel = '...',
  previousLabel = 'Previous',
  nextLabel = 'Next',
}: {
  pageCount: number;
  /** The current page, 0-based. */
  selected: number;
  onPageChange: (page: number) => void;
  /** The navigation landmark's name. */
  label?: string;
  pageRangeDisplayed?: number;
  marginPagesDisplayed?: number;
  breakLabel?: string;
  previousLabel?: string;
  nextLabel?: string;
}) {
  const items = paginationItems(pageCount, selected, { pageRangeDisplayed, marginPagesDisplayed });
  const go = (page: number) => {
    if (page !== selected && page >= 0 && page < pageCount) onPageChange(page);
  };
  const isFirst = selected <= 0;
  const isLast = selected >= pageCount - 1;

  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li>
          <button
            type="button"
            className="pagination__item pagination__step"
            aria-disabled={isFirst}
            onClick={() => go(selected - 1)}
          >
            <ChevronLeftIcon />
            {previousLabel}
          </button>
        </li>
        {items.map((item) =>
          item.type === 'page' ? (
            <li key={`page-${item.index}`}>
              <button
                type="button"
                className="pagination__item"
                aria-label={`Page ${item.index + 1}`}
                aria-current={item.index === selected ? 'page' : undefined}
                onClick={() => go(item.index)}
              >
                {item.index + 1}
              </button>
            </li>
          ) : (
            <li key={`break-${item.index}`}>
              <button
                type="button"
                className="pagination__item pagination__break"
                aria-label={item.index < selected ? 'Jump backward' : 'Jump forward'}
                onClick={() =>
                  go(
                    item.index < selected
                      ? Math.max(0, selected - pageRangeDisplayed)
                      : Math.min(pageCount - 1, selected + pageRangeDisplayed),
                  )
                }
              >
                {breakLabel}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination__item pagination__step"
            aria-disabled={isLast}
            onClick={() => go(selected + 1)}
          >
            {nextLabel}
            <ChevronRightIcon />
          </button>
        </li>
      </ul>
    </nav>
  );
}
