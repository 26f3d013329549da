// A table of records that turns into one card per row below 600 px (docs/design-system.md "DataTable").
// CSS only: every cell carries its column's header in data-label, which the narrow layout prints above
// the value; the header row stays in the page for screen readers. Rows are described by columns, so each
// screen says only what a cell shows.
import type { Key, ReactNode } from 'react';
import './data-table.css';

export interface Column<Row> {
  /** The column header, and the cell's label in the card layout. */
  header: string;
  /** Hides the header visually (e.g. "Actions" above a column of buttons) and its label in cards. */
  hideHeader?: boolean;
  /** The cell naming the row (a row header, th scope="row"), shown as the card's title. */
  rowHeader?: boolean;
  /** Extra class names for the header and the cells, e.g. to set a width or right-align numbers. */
  className?: string;
  /** Whether the row has nothing in this cell: its line is left out of a card (the table shows the cell). */
  isEmpty?: (row: Row) => boolean;
  cell: (row: Row) => ReactNode;
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  labelledBy,
  label,
  busy = false,
  empty,
  className,
  rowClassName,
}: {
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The id of the heading that names the table; or `label`. */
  labelledBy?: string;
  label?: string;
  /** True while the rows are being (re)loaded. */
  busy?: boolean;
  /** Shown across the table when there are no rows: a loading text, or an EmptyState. */
  empty?: ReactNode;
  className?: string;
  /** A row's own class names, e.g. to mark a row that needs attention. */
  rowClassName?: (row: Row) => string | undefined;
}) {
  return (
    <div className="data-table-wrap">
      <table
        className={className ? `data-table ${className}` : 'data-table'}
        aria-labelledby={labelledBy}
        aria-label={label}
        aria-busy={busy || undefined}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="data-table__empty">
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => {
                const empty = column.isEmpty?.(row) ? 'data-table__cell--empty' : '';
                const props = {
                  className: [column.className, empty].filter(Boolean).join(' ') || undefined,
                  'data-label': column.hideHeader ? undefined : column.header,
                };
                return column.rowHeader ? (
                  <th key={column.header} scope="row" {...props}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} {...props}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
