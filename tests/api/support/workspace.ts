/** Helpers of the share workspace API tests: pick seeded shares by SQL, call with a user's token. */
import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app';

export interface ShareRow {
  id: string;
  contract_number: string;
  adm_id: number;
  fund_id: number | null;
  is_pj: boolean;
  state: string;
  owner_name: string | null;
  owner_document: string | null;
}

/** The first seeded share (by contract number) matching the condition. */
export async function pickShare(t: TestApp, where: SQL, offset = 0): Promise<ShareRow> {
  const [row] = await t.query<ShareRow>(
    sql`select id, contract_number, adm_id, fund_id, is_pj, state, owner_name, owner_document from shares s where ${where} order by contract_number limit 1 offset ${offset}`,
  );
  if (!row) throw new Error('no seeded share matches');
  return row;
}

export async function call(t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, as: string | null, payload?: object): Promise<LightMyRequestResponse> {
  const headers = as ? { authorization: `Bearer ${await t.token(as)}` } : {};
  return t.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

export const post = (t: TestApp, url: string, payload: object, as: string | null) => call(t, 'POST', url, as, payload);
export const put = (t: TestApp, url: string, payload: object, as: string | null) => call(t, 'PUT', url, as, payload);
export const get = (t: TestApp, url: string, as: string | null) => call(t, 'GET', url, as);

/** A valid CPF that no seeded person has (check digits computed). */
export function cpfFrom(base9: string): string {
  const d = base9.split('').map(Number);
  const dig = (n: number[]) => {
    const s = n.reduce((acc, v, i) => acc + v * (n.length + 1 - i), 0);
    const r = (s * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dig(d);
  const d2 = dig([...d, d1]);
  return `${base9}${d1}${d2}`;
}

/** Inserts a complete file row on a share (the storage flow's result) and returns its id. */
export async function insertFile(t: TestApp, shareId: string, documentType: string, name = `${documentType.toLowerCase()}.pdf`, status = 'complete'): Promise<string> {
  const key = `test/${shareId}/${documentType}/${Math.random().toString(36).slice(2)}`;
  const [row] = await t.query<{ id: string }>(
    sql`insert into files (key, name, size, content_type, document_type, status, share_id) values (${key}, ${name}, ${1234}, ${'application/pdf'}, ${documentType}, ${status}, ${shareId}) returning id`,
  );
  return row.id;
}
