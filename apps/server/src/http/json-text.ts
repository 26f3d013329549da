import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Answers smaller than this are sent as they are (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM_BYTES = 1024;

const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] as const });
const compressors = {
  br: (text: string) =>
    brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (text: string) => gzipSync(text),
};
/** Compressed copies of recent answers, by the answer text (the same string object comes from cachedRead). */
const compressed = {
  br: new LRUCache<string, Buffer>({ max: 200 }),
  gzip: new LRUCache<string, Buffer>({ max: 200 }),
};

/**
 * Sends JSON text that is already written (by the database or cachedRead), compressing each distinct
 * answer once rather than on every request.
 */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, text: string): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = text.length >= COMPRESS_FROM_BYTES && accepted ? negotiator.negotiate(accepted) : null;
  if (!encoding) return reply.send(text);
  let body = compressed[encoding].get(text);
  if (!body) {
    body = compressors[encoding](text);
    compressed[encoding].set(text, body);
  }
  return reply.header('content-encoding', encoding).send(body);
}
