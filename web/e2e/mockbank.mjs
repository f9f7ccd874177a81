// The fake bank providers of the end-to-end tests: tools/mockbank (Go; the
// fakes of internal/banksync/banksynctest, Enable Banking checking every
// request's signed JWT, and a SimpleFIN bridge) on loopback, and its control
// API, through which a test says what the banks hold between syncs.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const MOCKBANK = process.env.CASHCONTROL_MOCKBANK || resolve(import.meta.dirname, '../../bin/mockbank');

/** YYYY-MM-DD of n days ago (UTC). */
export const daysAgo = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A test's account ({ id, name, currency, iban, balance, balanceDate, txs: [{ id, date, amount, description, payee, pending }] }) as banksynctest.Account. */
function account(a) {
  return {
    ID: a.id,
    Name: a.name,
    Currency: a.currency,
    IBAN: a.iban ?? '',
    Balance: a.balance,
    BalanceDate: a.balanceDate,
    Txs: a.txs.map((t) => ({ ID: t.id, Date: t.date, Amount: t.amount, Description: t.description, Counterparty: t.payee ?? '', Pending: !!t.pending })),
  };
}

/**
 * Starts tools/mockbank: { enableBanking, appId, keyPem, simplefin } (the
 * servers' addresses, the Enable Banking application's id and private key),
 * setAccounts(provider, accounts), setErrors(messages) (SimpleFIN's), a new
 * SimpleFIN setupToken(), stop().
 */
export async function startMockBank() {
  if (!existsSync(MOCKBANK)) throw new Error(`${MOCKBANK} is not built: make tools (or make e2e) builds it`);
  const proc = spawn(MOCKBANK, [], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((res, rej) => {
    createInterface({ input: proc.stdout }).once('line', res);
    proc.once('exit', () => rej(new Error('mockbank exited')));
  });
  const info = JSON.parse(line);
  const control = async (method, path, body) => {
    const r = await fetch(info.control + path, { method, body: body && JSON.stringify(body) });
    assert.ok(r.ok, `mockbank ${method} ${path}: ${r.status}`);
    return r.text();
  };
  return {
    ...info,
    /** The provider's ('enablebanking' or 'simplefin') accounts from now on. */
    setAccounts: (provider, accounts) => control('PUT', `/accounts/${provider}`, accounts.map(account)),
    /** The SimpleFIN bridge's messages, sent with every answer. */
    setErrors: (messages) => control('PUT', '/errors/simplefin', messages),
    /** A new SimpleFIN setup token (claimed once). */
    setupToken: () => control('POST', '/setup-token'),
    stop() {
      proc.kill();
    },
  };
}
