import { Mailbox } from '../../apps/server/src/testing/mailbox.ts';
import { E2E_SMTP_PORT } from './ports.ts';

// One SMTP server on E2E_SMTP_PORT, shared by the specs that read mail and by the registration helper
// (every new address is verified through its e-mail): open while anyone holds it.
let shared: Mailbox | undefined;
let holders = 0;

export async function openTestMailbox(): Promise<Mailbox> {
  holders += 1;
  if (!shared) {
    shared = new Mailbox();
    await shared.listen(E2E_SMTP_PORT);
  }
  return shared;
}

export async function closeTestMailbox(): Promise<void> {
  holders -= 1;
  if (holders > 0 || !shared) return;
  const closing = shared;
  shared = undefined;
  await closing.close();
}
