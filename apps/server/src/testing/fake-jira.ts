// A fake Jira site on a real local HTTP port, for tests and benchmarks of the tracker client.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
}

export type FakeHandler = (request: FakeRequest, response: ServerResponse) => void | Promise<void>;

export interface FakeJira {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: FakeRequest[];
  /** Replaces the handler for the next requests. */
  handle(handler: FakeHandler): void;
  close(): Promise<void>;
}

export async function startFakeJira(handler: FakeHandler = notFound): Promise<FakeJira> {
  let current = handler;
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        json,
      };
      requests.push(request);
      Promise.resolve(current(request, res)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(599);
        res.end(String(error));
      });
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

function notFound(_request: FakeRequest, response: ServerResponse): void {
  sendJson(response, 404, { errorMessages: ['null for uri'], errors: {} });
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
