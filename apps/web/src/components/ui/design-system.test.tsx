// What a user sees of the design system's components: the empty state's sentence and action, the table's
// labelled cells (its card layout below 600 px prints each data-label), toasts, and the file drop zone.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Badge } from './badge';
import { BreakableText } from './breakable-text';
import { DataTable } from './data-table';
import { EmptyState } from './empty-state';
import { FileDropZone } from './file-drop-zone';
import { TextField } from './form-field';
import { ToastProvider, useToast } from './toast';

describe('EmptyState', () => {
  it("says where the page's own button for the next step is, with no second button", () => {
    render(
      <EmptyState
        title="No projects yet"
        icon={<svg aria-hidden="true" />}
        next={
          <>
            Choose <strong>Add new</strong> above to connect the first one.
          </>
        }
      >
        A project connects a Jira project to the client who tests its finished stories.
      </EmptyState>,
    );
    expect(screen.getByText('No projects yet')).toBeVisible();
    expect(screen.getByText(/^A project connects a Jira project/)).toBeVisible();
    expect(screen.getByText(/above to connect the first one\.$/)).toHaveTextContent(
      'Choose Add new above to connect the first one.',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a title, one sentence and the primary action', async () => {
    const onAdd = vi.fn();
    render(
      <EmptyState
        title="No projects yet"
        action={
          <button type="button" onClick={onAdd}>
            Add your first project
          </button>
        }
      >
        A project links a Jira project to the client who tests its stories.
      </EmptyState>,
    );
    expect(screen.getByText('No projects yet')).toBeVisible();
    expect(screen.getByText(/links a Jira project to the client/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add your first project' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });
});

describe('DataTable', () => {
  it('shows its empty content across the table, under the headers, when there are no rows', () => {
    render(
      <DataTable
        label="Projects"
        rows={[]}
        rowKey={() => 'none'}
        columns={[
          { header: 'Key', cell: () => '' },
          { header: 'Name', cell: () => '' },
        ]}
        empty={<EmptyState title="No projects yet">A project links a Jira project to a client.</EmptyState>}
      />,
    );
    const table = screen.getByRole('table', { name: 'Projects' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
    const cell = within(table).getByRole('cell');
    expect(cell).toHaveAttribute('colspan', '2');
    expect(cell).toHaveTextContent('No projects yet');
    expect(cell).not.toHaveAttribute('data-label');
  });

  const people = [
    { email: 'dana@acme-studio.test', role: 'Owner' },
    { email: 'eli@acme-studio.test', role: 'Member' },
  ];

  it('labels every cell with its column header, for the card layout on phones', () => {
    render(
      <DataTable
        label="Members"
        rows={people}
        rowKey={(person) => person.email}
        columns={[
          { header: 'E-mail', rowHeader: true, cell: (person) => person.email },
          { header: 'Role', cell: (person) => <Badge>{person.role}</Badge> },
          { header: 'Actions', hideHeader: true, cell: () => <button type="button">Remove</button> },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['E-mail', 'Role', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const rowHeader = within(rows[0] as HTMLElement).getByRole('rowheader');
    expect(rowHeader).toHaveTextContent('dana@acme-studio.test');
    expect(rowHeader).toHaveAttribute('data-label', 'E-mail');
    const [role, actions] = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(role).toHaveAttribute('data-label', 'Role');
    expect(role).toHaveTextContent('Owner');
    // A visually hidden header gets no label in the cards either.
    expect(actions).not.toHaveAttribute('data-label');
  });
});

function SaveButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast('Saved')}>
      Save
    </button>
  );
}

describe('Toast', () => {
  it('confirms in a polite live region, then goes away by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <ToastProvider>
          <SaveButton />
        </ToastProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      const toast = screen.getByText('Saved');
      expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
      act(() => {
        vi.advanceTimersByTime(6500);
      });
      expect(toast).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be dismissed at once', async () => {
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Saved')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('is not shown outside a ToastProvider by mistake', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SaveButton />)).toThrow('useToast is used outside a ToastProvider');
    vi.mocked(console.error).mockRestore();
  });
});

describe('FileDropZone', () => {
  const file = (name: string) => new File(['content'], name, { type: 'text/plain' });

  it('is a real, named file input that the keyboard reaches', async () => {
    const onFiles = vi.fn();
    const user = userEvent.setup();
    render(<FileDropZone label="Attachments" hint="Up to 10 MB each" multiple onFiles={onFiles} />);
    const input = screen.getByLabelText('Attachments');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('Choose files or drop them here Up to 10 MB each');
    await user.tab();
    expect(input).toHaveFocus();
    await user.upload(input, [file('a.txt'), file('b.txt')]);
    expect(onFiles).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'a.txt' }),
      expect.objectContaining({ name: 'b.txt' }),
    ]);
  });

  it('takes files dropped on it, only the first unless it takes several', () => {
    const onFiles = vi.fn();
    render(<FileDropZone label="Logo" onFiles={onFiles} />);
    const zone = screen.getByText('Choose a file or drop it here');
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file('logo.png'), file('other.png')] } });
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'logo.png' })]);
  });

  it('takes nothing while disabled', () => {
    const onFiles = vi.fn();
    render(<FileDropZone label="Logo" disabled onFiles={onFiles} />);
    expect(screen.getByLabelText('Logo')).toBeDisabled();
    fireEvent.drop(screen.getByText('Choose a file or drop it here'), {
      dataTransfer: { files: [file('logo.png')] },
    });
    expect(onFiles).not.toHaveBeenCalled();
  });
});

describe('TextField', () => {
  it('ties its hint and its inline error to the input', () => {
    render(
      <TextField label="API Key" hint="Paste your Jira API token." error="Enter your Jira API token." />,
    );
    const input = screen.getByLabelText('API Key');
    expect(input).toHaveAccessibleDescription('Enter your Jira API token. Paste your Jira API token.');
    expect(input).toBeInvalid();
  });
});

describe('BreakableText', () => {
  it('reads as the plain text, and may break only after @ . / and ,', () => {
    const { container } = render(
      <p>
        <BreakableText text="dana@acme-studio.test, eli@acme-studio.test" />
      </p>,
    );
    expect(container.textContent).toBe('dana@acme-studio.test, eli@acme-studio.test');
    const pieces = Array.from(container.querySelector('p')?.childNodes ?? [])
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent);
    expect(pieces).toEqual(['dana@', 'acme-studio.', 'test,', ' eli@', 'acme-studio.', 'test']);
    expect(container.querySelectorAll('wbr')).toHaveLength(5);
  });
});
