// The two address lists of a project (docs/product.md §2): "Client Emails" and "Cc", as chip inputs.
import type { Dispatch, SetStateAction } from 'react';
import { ChipInput } from '@/components/ui/chip-input';
import { FieldSkeleton } from '@/components/ui/form-section';

/** A project's address lists, as the add and edit forms hold them. */
export interface Recipients {
  clientEmails: string[];
  clientCC: string[];
}

export const NO_RECIPIENTS: Recipients = { clientEmails: [], clientCC: [] };

const CLIENT_EMAILS_HINT = 'They get each e-mail with its review link. Press Enter after each address.';
const CC_HINT = 'Optional. Colleagues who get a copy.';

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
        // A missing address is said in the hint's place, right under the field.
        hint={clientEmailsError ? undefined : CLIENT_EMAILS_HINT}
        values={value.clientEmails}
        error={clientEmailsError}
        onChange={(clientEmails) => onChange((current) => ({ ...current, clientEmails }))}
        disabled={disabled}
      />
      <ChipInput
        label="Cc"
        addLabel="Add cc"
        hint={CC_HINT}
        values={value.clientCC}
        onChange={(clientCC) => onChange((current) => ({ ...current, clientCC }))}
        disabled={disabled}
      />
    </>
  );
}

/** The two lists while the project loads, each with room for one address. */
export function RecipientFieldsSkeleton() {
  return (
    <>
      <FieldSkeleton label="Client Emails" hint={CLIENT_EMAILS_HINT} control="chips" />
      <FieldSkeleton label="Cc" hint={CC_HINT} control="chips" />
    </>
  );
}
