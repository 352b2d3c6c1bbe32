import { expect } from '@open-wc/testing';
import {
  createRestClient,
  FETCH_ALL_PAGE_SIZE,
  REST_MESSAGES,
  type RestClient,
  RestError,
} from '../../../shared/shop/rest.ts';

/**
 * The REST client (spec §7 REST fetch wrapper, §8 REST library messages) against the demo shop's
 * REST routes (examples/server/rest.mjs): what goes over the wire is read back from its log.
 */

interface LogEntry {
  method: string;
  override: string;
  path: string;
  query: Record<string, string>;
  nonce: string;
  contentType: string;
  body: string;
}

const api = async (route: string, body?: unknown) =>
  (
    await fetch(`/__rest/${route}`, {
      method: route === 'log' ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: route === 'log' ? undefined : JSON.stringify(body ?? {}),
    })
  ).json();
const restLog = (): Promise<LogEntry[]> => api('log');

async function failure(promise: Promise<unknown>): Promise<RestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(RestError);
    return error as RestError;
  }
  throw new Error('expected the request to fail');
}

describe('REST client', () => {
  let nonce: string;
  let client: RestClient;
  beforeEach(async () => {
    ({ nonce } = await api('reset'));
    client = createRestClient({ root: '/wp-json/', nonce });
  });

  it('sends the nonce header and parses the JSON', async () => {
    const post = await client<{ id: number; title: string }>({ path: '/wp/v2/posts/7' });
    expect(post.id).to.equal(7);
    const [entry] = await restLog();
    expect(entry.nonce).to.equal(nonce);
    expect(entry.method).to.equal('GET');
  });

  it('sends data as JSON', async () => {
    const post = await client<{ title: string }>({
      path: 'wp/v2/posts/3',
      method: 'POST',
      data: { title: 'Hi' },
    });
    expect(post.title).to.equal('Hi');
    const [entry] = await restLog();
    expect(entry.contentType).to.contain('application/json');
    expect(JSON.parse(entry.body)).to.deep.equal({ title: 'Hi' });
  });

  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    it(`sends ${method} as POST with X-HTTP-Method-Override`, async () => {
      await client({ path: 'wp/v2/posts/5', method, data: method === 'DELETE' ? undefined : { title: 'x' } });
      const [entry] = await restLog();
      expect(entry.method).to.equal('POST');
      expect(entry.override).to.equal(method);
    });
  }

  it('leaves GET and POST alone (no override)', async () => {
    await client({ path: 'wp/v2/posts/5' });
    await client({ path: 'wp/v2/posts/5', method: 'POST', data: {} });
    expect((await restLog()).map((e) => [e.method, e.override])).to.deep.equal([
      ['GET', ''],
      ['POST', ''],
    ]);
  });

  it('per_page=-1 fetches every page, 100 at a time', async () => {
    const posts = await client<{ id: number }[]>({ path: 'wp/v2/posts?per_page=-1&orderby=id' });
    expect(posts).to.have.length(234);
    expect(posts[0].id).to.equal(1);
    expect(posts[233].id).to.equal(234);
    const log = await restLog();
    expect(log.map((e) => [e.query.per_page, e.query.page ?? '1'])).to.deep.equal([
      [String(FETCH_ALL_PAGE_SIZE), '1'],
      ['100', '2'],
      ['100', '3'],
    ]);
    expect(log.every((e) => e.query.orderby === 'id' && e.nonce === nonce)).to.equal(true);
  });

  it('a plain per_page is sent as is (one request)', async () => {
    const posts = await client<unknown[]>({ path: 'wp/v2/posts?per_page=5' });
    expect(posts).to.have.length(5);
    expect(await restLog()).to.have.length(1);
  });

  it('retries media post-processing and resolves when an attempt succeeds', async () => {
    await api('config', { postProcessFailures: 4 });
    const media = await client<{ id: number }>({
      path: 'wp/v2/media',
      method: 'POST',
      body: new Blob(['png']),
    });
    const log = await restLog();
    const processing = log.filter((e) => e.path.endsWith('/post-process'));
    expect(processing).to.have.length(4 + 1);
    expect(media.id).to.equal(Number(processing[0].path.split('/')[3]));
    expect(JSON.parse(processing[0].body)).to.deep.equal({ action: 'create-image-subsizes' });
    expect(log.some((e) => e.override === 'DELETE')).to.equal(false);
  });

  it('after 5 failed post-processing attempts deletes the upload and fails with post_process', async () => {
    await api('config', { postProcessFailures: 6 });
    const error = await failure(client({ path: 'wp/v2/media', method: 'POST', body: new Blob(['png']) }));
    expect(error.code).to.equal('post_process');
    expect(error.message).to.equal(REST_MESSAGES.post_process);
    const log = await restLog();
    expect(log.filter((e) => e.path.endsWith('/post-process'))).to.have.length(5);
    const last = log.at(-1)!;
    expect([last.method, last.override, last.query.force]).to.deep.equal(['POST', 'DELETE', 'true']);
    expect(last.path).to.match(/^wp\/v2\/media\/\d+$/);
  });

  it('a stale nonce is refreshed and the request retried once', async () => {
    const { nonce: fresh } = await api('expire-nonce');
    const post = await client<{ title: string }>({
      path: 'wp/v2/posts/9',
      method: 'PUT',
      data: { title: 'Again' },
    });
    expect(post.title).to.equal('Again');
    expect(client.nonce).to.equal(fresh);
    const log = await restLog();
    expect(log.map((e) => e.nonce)).to.deep.equal([nonce, fresh]);
    expect(log.map((e) => e.override)).to.deep.equal(['PUT', 'PUT']);
  });

  it('retries only once: a nonce still refused fails with the server error', async () => {
    let served = 0;
    const stale = createRestClient({
      nonce: 'stale',
      // A nonce endpoint that hands out another stale nonce.
      fetch: (input, init) => {
        if (String(input).includes('rest-nonce')) {
          served += 1;
          return Promise.resolve(new Response('still-stale'));
        }
        return fetch(input, init);
      },
    });
    const error = await failure(stale({ path: 'wp/v2/posts/1' }));
    expect(error.code).to.equal('rest_cookie_invalid_nonce');
    expect(error.status).to.equal(403);
    expect(served).to.equal(1);
    expect((await restLog()).map((e) => e.nonce)).to.deep.equal(['stale', 'still-stale']);
  });

  it("passes the server's error on (code, message, status)", async () => {
    const error = await failure(client({ path: 'wp/v2/posts/999' }));
    expect([error.code, error.message, error.status]).to.deep.equal([
      'rest_post_invalid_id',
      'Invalid post ID.',
      404,
    ]);
  });

  describe('the four library messages of spec §8', () => {
    it('invalid_json: a response that is not JSON', async () => {
      const error = await failure(client({ path: 'demo/v1/not-json' }));
      expect([error.code, error.message]).to.deep.equal(['invalid_json', REST_MESSAGES.invalid_json]);
      expect(error.message).to.equal('The response is not a valid JSON response.');
    });

    it('unknown_error: an error response without a code', async () => {
      const error = await failure(client({ path: 'demo/v1/empty-error' }));
      expect([error.code, error.message, error.status]).to.deep.equal([
        'unknown_error',
        'An unknown error occurred.',
        500,
      ]);
    });

    it('fetch_error: the connection failed', async () => {
      const error = await failure(client({ path: 'demo/v1/offline' }));
      expect([error.code, error.message]).to.deep.equal(['fetch_error', 'You are probably offline.']);
    });

    it('post_process: the wording of spec §8', () => {
      expect(REST_MESSAGES.post_process).to.match(/^Media upload failed\..*scale it down and try again\.$/);
    });

    it('messages can be translated', async () => {
      const fr = createRestClient({ nonce, messages: { fetch_error: 'Vous êtes probablement hors ligne.' } });
      const error = await failure(fr({ path: 'demo/v1/offline' }));
      expect(error.message).to.equal('Vous êtes probablement hors ligne.');
    });
  });

  it('parse: false resolves with the raw response, even a failed one', async () => {
    const response = await client<Response>({ path: 'wp/v2/posts/999', parse: false });
    expect(response.status).to.equal(404);
  });

  it('a root with a query (plain permalinks) takes the path query after &', async () => {
    let seen = '';
    const plain = createRestClient({
      root: '/?rest_route=/',
      fetch: (input) => {
        seen = String(input);
        return Promise.resolve(Response.json([]));
      },
    });
    await plain({ path: 'wp/v2/posts?per_page=2' });
    expect(seen).to.equal('/?rest_route=/wp/v2/posts&per_page=2');
  });
});
