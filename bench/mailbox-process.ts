// The benchmarks' SMTP server in a process of its own, as a mail server always is: its work (reading and
// parsing each message, closing the session) then never runs on the measured server's event loop.
// Started by forking this file; it answers with { port } on the IPC channel and stops when it closes.
import { Mailbox } from '../apps/server/src/testing/mailbox.ts';

const mailbox = new Mailbox();
const port = await mailbox.listen();
// Only the count is kept: a benchmark sends thousands of messages.
setInterval(() => mailbox.messages.splice(0), 1_000).unref();
process.send?.({ port });
process.on('disconnect', () => {
  void mailbox.close().then(() => process.exit(0));
});
