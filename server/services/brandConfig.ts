/** Configuration reads: a brand's white label (public, the login page needs it) and an administrator's settings. */
import { and, eq } from 'drizzle-orm';
import type { WhiteLabelConfig } from '../../src/domain/whiteLabel';
import type { Db } from '../db/client';
import { admConfigs, administrators, whiteLabelConfigs } from '../db/schema';
import { invalid, notFound } from './errors';
import type { AuthUser } from './users';

/** A brand by administrator id or by the label its host name resolves to (one of them is needed). */
export async function getWhiteLabel(db: Db, by: { admId?: number; labelId?: string }): Promise<WhiteLabelConfig> {
  const { admId, labelId } = by;
  if (admId === undefined && labelId === undefined) throw invalid('admId or labelId is required', { admId: 'admId or labelId is required' });
  const [row] = await db
    .select()
    .from(whiteLabelConfigs)
    .where(
      and(
        admId !== undefined ? eq(whiteLabelConfigs.admId, admId) : undefined,
        labelId !== undefined ? eq(whiteLabelConfigs.labelId, labelId.toLowerCase()) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw notFound('White label');
  return {
    admId: row.admId,
    labelId: row.labelId,
    cnpj: row.cnpj,
    admIdByCnpj: row.admIdByCnpj,
    configs: { allowMultiprices: row.allowMultiprices, displayDocumentsInBackoffice: row.displayDocumentsInBackoffice },
    favicon: row.favicon,
    name: row.name,
    colors: row.colors ?? {},
  };
}

/** An administrator's own settings; an administrator may read only its own (any other is "not found"). */
export async function getAdmConfig(db: Db, user: AuthUser, admId: number) {
  if (user.profile === 'adm' && user.admId !== admId) throw notFound('Administrator');
  const [row] = await db
    .select({ id: administrators.id, allowMultiprices: admConfigs.allowMultiprices })
    .from(administrators)
    .leftJoin(admConfigs, eq(admConfigs.admId, administrators.id))
    .where(eq(administrators.id, admId))
    .limit(1);
  if (!row) throw notFound('Administrator');
  return { admConfig: { dynamo_adm: { allowMultiprices: row.allowMultiprices ?? false } } };
}
