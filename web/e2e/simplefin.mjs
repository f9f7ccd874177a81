// A fake SimpleFIN Bridge for the end-to-end tests (the protocol of
// https://www.simplefin.org/protocol.html, as internal/banksync/simplefin.go
// reads it): a setup token is the base64 of a claim URL; one POST to it
// answers the access URL, with basic-auth credentials in it; GET
// {access}/accounts?start-date=&end-date= (epoch seconds) answers the
// accounts with their balances and transactions (pending ones with posted 0).
// Nothing here reaches the internet: it listens on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** Epoch seconds of a day (YYYY-MM-DD) at noon UTC. */
export const epoch = (day) => Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000);

/** The UTC day n days ago. */
export const daysAgo = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * Starts the fake bridge. accounts: [{ id, name, currency, balance (a
 * decimal string), balanceDate, txs: [{ id, date, amount (decimal string),
 * description, payee, pending }] }], changed in place by the test between
 * syncs. errors: the bridge's messages; sent with every answer, and with no
 * accounts when failing is set (the bridge's way of saying it cannot reach the bank).
 */
export async function startSimpleFIN(accounts) {
  const user = `user${randomBytes(4).toString('hex')}`;
  const pass = randomBytes(12).toString('hex');
  const tokens = new Map(); // claim token → claimed
  const state = { accounts, errors: [], failing: false, calls: [] };
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://fake');
    state.calls.push(`${req.method} ${url.pathname}`);
    const claim = url.pathname.match(/^\/simplefin\/claim\/([0-9a-f]+)$/);
    if (req.method === 'POST' && claim) {
      const tok = claim[1];
      if (!tokens.has(tok) || tokens.get(tok)) {
        res.writeHead(403).end('Forbidden');
        return;
      }
      tokens.set(tok, true);
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(state.accessURL);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/simplefin/accounts') {
      const auth = req.headers.authorization ?? '';
      if (auth !== `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`) {
        res.writeHead(403).end('Forbidden');
        return;
      }
      const start = Number(url.searchParams.get('start-date') || 0);
      const end = Number(url.searchParams.get('end-date') || 0);
      const balancesOnly = url.searchParams.get('balances-only') === '1';
      const body = {
        errors: [...state.errors],
        accounts: state.failing
          ? []
          : state.accounts.map((a) => ({
              org: { domain: 'bank.example', name: '', 'sfin-url': state.base },
              id: a.id,
              name: a.name,
              currency: a.currency,
              balance: a.balance,
              'balance-date': epoch(a.balanceDate),
              transactions: balancesOnly
                ? []
                : a.txs
                    .filter((t) => {
                      const e = epoch(t.date);
                      return (!start || e >= start) && (!end || e < end);
                    })
                    .map((t) => ({
                      id: t.id,
                      posted: t.pending ? 0 : epoch(t.date),
                      amount: t.amount,
                      description: t.description,
                      payee: t.payee ?? '',
                      ...(t.pending ? { pending: true } : {}),
                      transacted_at: epoch(t.date),
                    })),
            })),
      };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    res.writeHead(404).end('Not found');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  state.base = `http://127.0.0.1:${port}`;
  state.accessURL = `http://${user}:${pass}@127.0.0.1:${port}/simplefin`;
  return Object.assign(state, {
    /** A new setup token (claimed once). */
    setupToken() {
      const tok = randomBytes(8).toString('hex');
      tokens.set(tok, false);
      return Buffer.from(`${state.base}/simplefin/claim/${tok}`).toString('base64');
    },
    close: () => new Promise((r) => server.close(r)),
  });
}
