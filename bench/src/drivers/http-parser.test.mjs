import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { HttpConnection } from './http-client.mjs';
import { ResponseParser } from './http-parser.mjs';

function collect() {
  const responses = [];
  return { responses, parser: new ResponseParser((response) => responses.push(response)) };
}

describe('ResponseParser', () => {
  it('frames back-to-back Content-Length responses split at any byte', () => {
    const wire = Buffer.from(
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"id":1234}' +
        'HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n',
    );
    for (let cut = 1; cut < wire.length; cut++) {
      const { responses, parser } = collect();
      parser.push(wire.subarray(0, cut));
      parser.push(wire.subarray(cut));
      expect(responses.map((r) => [r.status, r.body])).toEqual([
        [200, '{"id":1234}'],
        [202, ''],
      ]);
    }
  });

  it('joins a chunked (SSE) body and reads headers case-insensitively', () => {
    const { responses, parser } = collect();
    const body = 'event: message\ndata: {"result":{}}\n\n';
    parser.push(
      Buffer.from(
        `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nMcp-Session-Id: abc\r\n\r\n5\r\n${body.slice(0, 5)}\r\n${(body.length - 5).toString(16)}\r\n${body.slice(5)}\r\n0\r\n\r\n`,
      ),
    );
    expect(responses).toHaveLength(1);
    expect(responses[0].body).toBe(body);
    expect(responses[0].headers['mcp-session-id']).toBe('abc');
  });
});

describe('HttpConnection', () => {
  it('exchanges requests with a real node:http server over one keep-alive socket', async () => {
    const sockets = new Set();
    const server = http.createServer((req, res) => {
      sockets.add(req.socket);
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        res.setHeader('x-seen', req.headers['x-test'] ?? '');
        res.end(body.toUpperCase());
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const connection = new HttpConnection(server.address().port);
    try {
      const first = await connection.post('X-Test: one\r\n', 'hello');
      const second = await connection.post('', 'world');
      expect([first.status, first.body, first.headers['x-seen']]).toEqual([200, 'HELLO', 'one']);
      expect(second.body).toBe('WORLD');
      expect(sockets.size).toBe(1);
    } finally {
      connection.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('posts to its path with its own header lines, and builds a bodiless GET', async () => {
    const seen = [];
    const server = http.createServer((req, res) => {
      seen.push([req.method, req.url, req.headers.authorization ?? '', req.headers['x-extra'] ?? '']);
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const connection = new HttpConnection(server.address().port, {
      path: '/mcp/v1/default/agent',
      headers: 'Authorization: Bearer k\r\n',
    });
    try {
      await connection.post('X-Extra: 1\r\n', '{}');
      await connection.exchange(connection.getRequest('/v1/latest?base=USD'));
      expect(seen).toEqual([
        ['POST', '/mcp/v1/default/agent', 'Bearer k', '1'],
        ['GET', '/v1/latest?base=USD', '', ''],
      ]);
    } finally {
      connection.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
