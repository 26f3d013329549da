import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChipInput } from './chip-input';

function Harness({ initial = [], onSubmit = () => {} }: { initial?: string[]; onSubmit?: () => void }) {
  const [values, setValues] = useState<string[]>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ChipInput label="Client Emails" addLabel="Add client email" values={values} onChange={setValues} />
      <output aria-label="Saved">{values.join(',')}</output>
    </form>
  );
}

const chips = () => screen.queryAllByRole('listitem').map((item) => within(item).getByText(/@/).textContent);

describe('<ChipInput>', () => {
  it('is a labelled input with an add button', () => {
    render(<Harness />);
    expect(screen.getByRole('textbox', { name: 'Client Emails' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Add client email' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('adds an address with the + button and clears the input', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Client Emails' });
    await user.type(input, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Add client email' }));
    expect(chips()).toEqual(['ada@example.com']);
    expect(input).toHaveValue('');
    expect(screen.getByRole('status', { name: 'Saved' })).toHaveTextContent('ada@example.com');
  });

  it('adds with Enter, without submitting the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: 'Client Emails' });
    await user.type(input, 'ada@example.com{Enter}');
    await user.type(input, 'grace@example.org{Enter}');
    expect(chips()).toEqual(['ada@example.com', 'grace@example.org']);
    expect(input).toHaveValue('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('silently ignores invalid entries: nothing added, no message, the text kept', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Client Emails' });
    const add = screen.getByRole('button', { name: 'Add client email' });
    const before = document.body.textContent;

    for (const entry of [
      'not-an-address',
      'ada@example',
      ' ada@example.com',
      'a b@example.com',
      'ada@exa mple.com',
    ]) {
      await user.clear(input);
      await user.type(input, entry);
      await user.click(add);
      await user.type(input, '{Enter}');
      expect(input).toHaveValue(entry);
    }
    await user.clear(input);
    await user.click(add);

    expect(chips()).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body.textContent).toBe(before);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('ignores an address already in the list, whatever its case', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['ada@example.com']} />);
    const input = screen.getByRole('textbox', { name: 'Client Emails' });
    await user.type(input, 'ADA@example.com{Enter}');
    expect(chips()).toEqual(['ada@example.com']);
    expect(input).toHaveValue('ADA@example.com');
  });

  it('removes a chip with its own button and keeps the focus in the field', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['ada@example.com', 'grace@example.org', 'alan@example.net']} />);
    await user.click(screen.getByRole('button', { name: 'Remove grace@example.org' }));
    expect(chips()).toEqual(['ada@example.com', 'alan@example.net']);
    expect(screen.getByRole('textbox', { name: 'Client Emails' })).toHaveFocus();
    expect(screen.getByRole('status', { name: 'Saved' })).toHaveTextContent(
      'ada@example.com,alan@example.net',
    );

    await user.click(screen.getByRole('button', { name: 'Remove ada@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Remove alan@example.net' }));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
