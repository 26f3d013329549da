// Playwright's global setup: the one SMTP server of a run, on E2E_SMTP_PORT, where the product sends all
// its mail. It spools every message to a directory that each worker reads (e2e/support/mailbox.ts), so
// specs in several workers share it; they tell their mail apart by its recipients, which are unique.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Mailbox } from '../../apps/server/src/testing/mailbox.ts';
import { E2E_SMTP_PORT } from './ports.ts';

export const MAIL_DIR_VARIABLE = 'E2E_MAIL_DIR';

export default async function startMailServer(): Promise<() => Promise<void>> {
  const spoolDir = mkdtempSync(path.join(tmpdir(), 'handoff-e2e-mail-'));
  const server = new Mailbox({ spoolDir });
  await server.listen(E2E_SMTP_PORT);
  // Workers start after the global setup and inherit its environment.
  process.env[MAIL_DIR_VARIABLE] = spoolDir;
  return async () => {
    await server.close();
    rmSync(spoolDir, { recursive: true, force: true });
  };
}
