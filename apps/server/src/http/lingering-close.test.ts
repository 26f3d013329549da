// A client still uploading when the server refuses its body must still read the refusal: the connection
// lingers (reads and discards) after the 413 instead of being reset under the client's feet.
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let port: number;
let idToken: string;
beforeAll(async () => {
  t = await createTestApp({ MAX_ATTACHMENT_MB: '1' });
  ({ idToken } = await signUpAndSignIn(t.app, {
    email: 'uploader@example.test',
    password: 'uploader-password',
    apikey: 'k',
  }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

const MESSAGE = 'The e-mail is larger than the limit of 2 MB';

/**
 * Declares a 50 MB send, uploads at full speed for `uploadMs` without reading, then reads what the server
 * said: until its answer's message arrived (then it hangs up), the server closed, or an error ended it.
 */
function uploadTooMuch(uploadMs: number): Promise<{ answer: string; error: string | undefined }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let error: string | undefined;
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes(MESSAGE)) socket.destroy();
    });
    socket.on('error', (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message;
    });
    socket.on('close', () => resolve({ answer, error }));
    socket.pause();
    socket.write(
      'POST /jira/sendDownloadedIssues HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: Bearer ${idToken}\r\n` +
        'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 50000000\r\n\r\n',
    );
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const until = Date.now() + uploadMs;
    const pump = () => {
      while (Date.now() < until && socket.writable) {
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    pump();
    setTimeout(() => socket.resume(), uploadMs);
  });
}

it('lets a client that goes on uploading read the 413 and its message before the connection closes', async () => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { answer, error } = await uploadTooMuch(300);
    // The upload the server refused may end in an error once it closes; the answer must have arrived.
    expect(answer, `nothing read before the connection ended (${error})`).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/[Cc]onnection: close/);
    expect(answer).toContain(MESSAGE);
  }
});
