/**
 * GET /idwall/get_report: the identity risk report, built by the reference server from the share's
 * people with no outside call. Every result is derived from a hash of the signer's CPF and name,
 * so the same data always gives the same report, and a change of data may change it.
 */
import { createHash } from 'node:crypto';
import { addressComplete } from '../../src/domain/completeness';
import type { FeatureFlag } from '../../src/domain/featureFlags';
import { foldSearchText } from '../../src/domain/search';
import { isCpf, onlyDigits } from '../../src/domain/validation';
import { RISK_SOURCES, type RiskReport, type RiskSource } from '../../src/domain/workspace';
import type { Db } from '../db/client';
import { denied } from './errors';
import { sharePersons } from './persons';
import { findScopedShare } from './shareAccess';
import type { AuthUser } from './users';

type Result = RiskReport['result'];
export { RISK_SOURCES, type RiskSource };

const RANK: Record<Result, number> = { approved: 0, review: 1, rejected: 2 };
const worst = (results: Result[]): Result => results.reduce<Result>((w, r) => (RANK[r] > RANK[w] ? r : w), 'approved');

/** A number in 0..999 from the source name and the signer's identity. */
const bucket = (source: string, cpf: string, name: string): number =>
  createHash('sha256').update(`${source}|${cpf}|${foldSearchText(name.trim())}`).digest().readUInt32BE(0) % 1000;

interface Signer {
  cpf: string | null;
  name: string | null;
  address: Parameters<typeof addressComplete>[0];
}

/**
 * One signer's result per source. A missing or invalid CPF sends every source to review (nothing
 * can be checked); otherwise, per source, up to about 2.5 % of people are rejected and 4–8 % reviewed.
 */
export function signerResult(source: RiskSource, s: Signer, isPj: boolean): { result: Result; detail: string } {
  const cpf = onlyDigits(s.cpf ?? '');
  if (!s.cpf || !isCpf(s.cpf)) return { result: 'review', detail: 'CPF ausente ou inválido' };
  const n = bucket(source, cpf, s.name ?? '');
  switch (source) {
    case 'cpf_status':
      return n < 20 ? { result: 'rejected', detail: 'CPF irregular na Receita Federal' } : n < 70 ? { result: 'review', detail: 'CPF pendente de regularização' } : { result: 'approved', detail: 'CPF regular' };
    case 'sanctions_list':
      return n < 15 ? { result: 'rejected', detail: 'Consta em lista de sanções' } : n < 60 ? { result: 'review', detail: 'Homônimo em lista de sanções' } : { result: 'approved', detail: 'Nada consta' };
    case 'address_match':
      // A PJ share does not require the signer's address (SPEC §5).
      if (!isPj && !addressComplete(s.address)) return { result: 'review', detail: 'Endereço incompleto' };
      return n < 80 ? { result: 'review', detail: 'Endereço não confere com o cadastro' } : { result: 'approved', detail: 'Endereço confere' };
    case 'face_match':
      return n < 25 ? { result: 'rejected', detail: 'Selfie não corresponde ao documento' } : n < 100 ? { result: 'review', detail: 'Baixa similaridade facial' } : { result: 'approved', detail: 'Selfie corresponde ao documento' };
  }
}

export const RISK_REPORT_DISABLED = 'Permission denied: the risk report is disabled';

/** The report of the share's signers; refused while the flag riskReportEnabled is off. */
export async function riskReport(db: Db, flags: Record<FeatureFlag, boolean>, user: AuthUser, shareId: string): Promise<RiskReport> {
  if (!flags.riskReportEnabled) throw denied(RISK_REPORT_DISABLED);
  const share = await findScopedShare(db, user, { shareId });
  const people = await sharePersons(db, share.id);
  // Stamped with the data it was built from (the latest signer change), so it reads the same every time.
  const generatedAt = new Date(people.length ? Math.max(...people.map((p) => p.updatedAt.getTime())) : share.updatedAt.getTime()).toISOString();
  const sources = RISK_SOURCES.map((source) => {
    if (people.length === 0) return { source, result: 'review' as Result, detail: 'Nenhum signatário cadastrado' };
    const results = people.map((p) => ({ signer: p.signerOrder, ...signerResult(source, p, share.isPj) }));
    const result = worst(results.map((r) => r.result));
    const detail = results.map((r) => `Signatário ${r.signer}: ${r.detail}`).join('; ');
    return { source, result, detail };
  });
  return { shareId: share.id, result: worst(sources.map((s) => s.result)), generatedAt, sources };
}
