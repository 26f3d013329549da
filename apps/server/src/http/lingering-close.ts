// An answer sent while the client is still uploading (413 before the body was read) closes the connection.
// Closing a socket with unread data makes the kernel answer with a reset, and a reset discards what the
// client has not read yet: the client sees "connection reset" instead of the 413 and its message. As web
// servers do (a "lingering close"), such a connection stops sending after the answer (FIN) and keeps
// reading a little while (Node's HTTP parser discards the rest of the body), so the client reads the answer
// and stops uploading; only then is it closed.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How long a connection closed mid-upload may stay quiet, and how long it may stay open at most, after its
 * answer before it is closed for good (nginx's lingering_timeout and lingering_time defaults): a client
 * that goes on uploading for a while, or is slow to read on a busy machine, still reads the answer.
 */
const LINGER_QUIET_MS = 5_000;
const LINGER_AT_MOST_MS = 30_000;

function closeAfterLingering(socket: Socket): void {
  // Node's HTTP server ends a "Connection: close" answer with destroySoon(): end, then destroy at once.
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const close = () => this.destroy();
    let quiet = setTimeout(close, LINGER_QUIET_MS).unref();
    setTimeout(close, LINGER_AT_MOST_MS).unref();
    // Keep reading what still arrives and drop it: a socket with no reader fills up and is reset the same.
    // The HTTP parser must not see it: Node 24 parses the rest of the refused body as a new request, and
    // its parse error ("Invalid method") destroys the socket at once.
    this.removeAllListeners('data');
    this.on('data', () => {
      clearTimeout(quiet);
      quiet = setTimeout(close, LINGER_QUIET_MS).unref();
    });
    this.resume();
  };
}

export const lingeringClosePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const closing = String(reply.getHeader('connection') ?? '').toLowerCase() === 'close';
      if (closing && !request.raw.complete) closeAfterLingering(request.raw.socket);
      return payload;
    });
  },
  { name: 'lingering-close' },
);
