/** The one account-flow step the login needs, apart so login.ts and account.ts do not import each other. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { authCodes } from '../db/schema';

/**
 * The handle the expired-password login hands back: a flow already verified (the user just proved
 * the old password), so the change screen needs no e-mail. auth_change_password accepts it for
 * AUTH_CODE.changeWindowMs after verifiedAt, like a flow verified by a mailed code.
 */
export async function openVerifiedFlow(db: Db, userId: string, now = Date.now()): Promise<string> {
  const publicId = randomUUID();
  await db.insert(authCodes).values({ userId, publicId, verifiedAt: new Date(now) });
  return publicId;
}
