// The reference of bench/load.bench.ts: a bare Fastify 5 server that answers each POST route with
// fixed bytes (those the real server answered), in a process of its own like the real one.
// Usage: node bench/bare-server.mjs <port> <answers.json>   answers: { "/path": { type, body } }
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, answersFile] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(answersFile, 'utf8'));
const app = Fastify();
for (const [path, { type, body }] of Object.entries(answers)) {
  app.post(path, (_request, reply) => reply.type(type).send(body));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
