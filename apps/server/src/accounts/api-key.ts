// The user's Jira API token (the `default` site's credential), sealed before it is stored in `users`.
import type { FastifyRequest } from 'fastify';
import { SecretBox } from '../common/secret-box.ts';

const boxes = new WeakMap<object, SecretBox>();

function secretBoxFor(request: FastifyRequest): SecretBox {
  const { config } = request.server;
  let box = boxes.get(config);
  if (!box) {
    box = new SecretBox(config.secretKey);
    boxes.set(config, box);
  }
  return box;
}

export function sealApiKey(request: FastifyRequest, apikey: string): string {
  return secretBoxFor(request).seal(apikey);
}
