// The two address lists of a project (docs/product.md §2): "Client Emails" and "Cc", as chip inputs.
import type { Dispatch, SetStateAction } from 'react';
import { ChipInput } from '@/components/ui/chip-input';

/** A project's address lists, as the add and edit forms hold them. */
export interface Recipients {
  clientEmails: string[];
  clientCC: string[];
}

export const NO_RECIPIENTS: Recipients = { clientEmails: [], clientCC: [] };

export function RecipientFields({
  value,
  onChange,
  clientEmailsError,
  disabled = false,
}: {
  value: Recipients;
  onChange: Dispatch<SetStateAction<Recipients>>;
  /** Why the client addresses cannot be saved (none given), under their field. */
  clientEmailsError?: string | null;
  disabled?: boolean;
}) {
  return (
    <>
      <ChipInput
        label="Client Emails"
        addLabel="Add client email"
        hint="The people who test the stories: they receive each e-mail with its review link. Press Enter or + after each address."
        values={value.clientEmails}
        error={clientEmailsError}
        onChange={(clientEmails) => onChange((current) => ({ ...current, clientEmails }))}
        disabled={disabled}
      />
      <ChipInput
        label="Cc"
        addLabel="Add cc"
        hint="Optional: colleagues who get a copy, such as the project manager."
        values={value.clientCC}
        onChange={(clientCC) => onChange((current) => ({ ...current, clientCC }))}
        disabled={disabled}
      />
    </>
  );
}
