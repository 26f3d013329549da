// The two address lists of a project (SPEC §2): "Client Emails" and "Cc", as chip inputs.
import { ChipInput } from '@/components/ui/chip-input';

export function RecipientFields({
  clientEmails,
  clientCC,
  onClientEmailsChange,
  onClientCCChange,
  disabled = false,
}: {
  clientEmails: string[];
  clientCC: string[];
  onClientEmailsChange: (list: string[]) => void;
  onClientCCChange: (list: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <ChipInput
        label="Client Emails"
        addLabel="Add client email"
        values={clientEmails}
        onChange={onClientEmailsChange}
        disabled={disabled}
      />
      <ChipInput
        label="Cc"
        addLabel="Add cc"
        values={clientCC}
        onChange={onClientCCChange}
        disabled={disabled}
      />
    </>
  );
}
