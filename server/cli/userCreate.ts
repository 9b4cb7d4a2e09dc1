/**
 * `npm run user:create -- --email E --name N --profile operator|adm|fund [--adm BRAND] [--fund FUND] [--deny P1,P2]`
 *
 * Creates a user on the configured database (PostgreSQL at DATABASE_URL, otherwise PGlite under
 * DATA_DIR: stop the server first, PGlite admits one process) and prints its one-time password
 * once. The first login then goes through the first-access change. This is how a production
 * installation gets its first operator (README, Deploy); the same rules as POST /user/create apply.
 *
 * Exit codes: 0 created; 2 refused input (usage, unknown brand or fund, invalid e-mail, duplicate
 * user), with the reason on stderr; 1 anything else (the database could not be reached…).
 */
import { parseArgs } from 'node:util';
import { eq, ilike, or, sql } from 'drizzle-orm';
import { PERMISSION_NAMES } from '../../src/domain/permissions';
import { PROFILES, type Profile, isProfile } from '../../src/domain/profiles';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { administrators, funds, whiteLabelConfigs } from '../db/schema';
import { withStartupLock } from '../db/startupLock';
import { DomainError } from '../services/errors';
import { createUser } from '../services/userAdmin';

export const USAGE = `usage: npm run user:create -- --email E --name "N" --profile ${PROFILES.join('|')} [--adm BRAND] [--fund FUND] [--deny PERMISSION,...]
  --adm   the brand of an adm user: its id, label id (e.g. acme) or name
  --fund  the fund of a fund user: its id or name
  --deny  permissions removed from the profile (${PERMISSION_NAMES.length} names, see src/domain/permissions.ts)`;

/** Input the command refuses: printed without a stack, exit code 2. */
export class Refusal extends Error {}

interface Args {
  email: string;
  name: string;
  profile: Profile;
  adm?: string;
  fund?: string;
  deny: string[];
}

export function readArgs(argv: string[]): Args {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        profile: { type: 'string' },
        adm: { type: 'string' },
        fund: { type: 'string' },
        deny: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new Refusal(`${(err as Error).message}\n${USAGE}`);
  }
  if (values.help) throw new Refusal(USAGE);
  const missing = (['email', 'name', 'profile'] as const).filter((k) => !values[k]?.trim());
  if (missing.length) throw new Refusal(`missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
  if (!isProfile(values.profile)) throw new Refusal(`--profile must be one of ${PROFILES.join(', ')} (got "${values.profile}")`);
  if (values.profile === 'adm' && !values.adm) throw new Refusal('an adm user needs --adm (its brand: id, label id or name)');
  if (values.profile === 'fund' && !values.fund) throw new Refusal('a fund user needs --fund (its fund: id or name)');
  if (values.profile !== 'adm' && values.adm) throw new Refusal('--adm is only for --profile adm');
  if (values.profile !== 'fund' && values.fund) throw new Refusal('--fund is only for --profile fund');
  const deny = (values.deny ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const unknown = deny.filter((p) => !(PERMISSION_NAMES as string[]).includes(p));
  if (unknown.length) throw new Refusal(`unknown permission(s) in --deny: ${unknown.join(', ')}`);
  return { email: values.email!.trim(), name: values.name!.trim(), profile: values.profile, adm: values.adm?.trim(), fund: values.fund?.trim(), deny };
}

const asId = (ref: string) => (/^\d{1,9}$/.test(ref) ? Number(ref) : -1);

async function brandId(handle: DatabaseHandle, ref: string): Promise<number> {
  const rows = await handle.db
    .select({ id: administrators.id, name: administrators.name, labelId: whiteLabelConfigs.labelId })
    .from(administrators)
    .leftJoin(whiteLabelConfigs, eq(whiteLabelConfigs.admId, administrators.id))
    .where(or(eq(administrators.id, asId(ref)), eq(whiteLabelConfigs.labelId, ref.toLowerCase()), ilike(administrators.name, ref)));
  if (rows.length === 1) return rows[0].id;
  const known = await handle.db.select({ id: administrators.id, name: administrators.name }).from(administrators).orderBy(administrators.id).limit(20);
  const list = known.length ? `known brands: ${known.map((k) => `${k.id} (${k.name})`).join(', ')}` : 'there are no brands yet: create one in Administradoras first';
  throw new Refusal(rows.length ? `--adm "${ref}" names ${rows.length} brands: use its id; ${list}` : `unknown brand "${ref}"; ${list}`);
}

async function fundId(handle: DatabaseHandle, ref: string): Promise<number> {
  const rows = await handle.db.select({ id: funds.id }).from(funds).where(or(eq(funds.id, asId(ref)), ilike(funds.name, ref)));
  if (rows.length === 1) return rows[0].id;
  const known = await handle.db.select({ id: funds.id, name: funds.name }).from(funds).orderBy(funds.id).limit(20);
  const list = known.length ? `known funds: ${known.map((k) => `${k.id} (${k.name})`).join(', ')}` : 'there are no funds yet';
  throw new Refusal(rows.length ? `--fund "${ref}" names ${rows.length} funds: use its id; ${list}` : `unknown fund "${ref}"; ${list}`);
}

/** The field messages of a refused creation, one line each (the same checks as POST /user/create). */
const refusalOf = (err: DomainError) =>
  new Refusal(err.errors && Object.keys(err.errors).length ? Object.entries(err.errors).map(([field, msg]) => `${field}: ${msg}`).join('\n') : err.message);

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let args: Args;
  try {
    args = readArgs(argv);
  } catch (err) {
    if (err instanceof Refusal) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  // Only what locates the database: the command line needs no session secret nor mail.
  const config = loadConfig({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR, PASSWORD_MAX_AGE_DAYS: env.PASSWORD_MAX_AGE_DAYS });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.pgliteDir, poolSize: 2 });
  try {
    // An empty PostgreSQL gets its tables first, so the first operator can come before the first start.
    await withStartupLock(config.databaseUrl, () => runMigrations(handle));
    const input = {
      email: args.email,
      name: args.name,
      profile: args.profile,
      admId: args.adm ? await brandId(handle, args.adm) : null,
      fundId: args.fund ? await fundId(handle, args.fund) : null,
      deniedPermissions: args.deny,
    };
    const { user, temporaryPassword } = await createUser({ db: handle.db, config, forget: () => {} }, null, input);
    const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(administrators);
    console.log(
      [
        `Created ${user.profile} ${user.email} (${user.userId}) on ${handle.kind} ${handle.location}.`,
        '',
        `  One-time password: ${temporaryPassword}`,
        '',
        'It is shown only this once. The first login asks for a new password.',
        ...(user.profile === 'operator' && Number(n) === 0 ? ['Next: sign in and create the brands (Administradoras), funds and users.'] : []),
      ].join('\n'),
    );
    return 0;
  } catch (err) {
    if (err instanceof Refusal) {
      console.error(err.message);
      return 2;
    }
    if (err instanceof DomainError && err.kind !== 'unavailable' && err.kind !== 'upstream') {
      console.error(refusalOf(err).message);
      return 2;
    }
    throw err;
  } finally {
    await handle.close();
  }
}

// Run as a script (not when a test imports it).
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error('user:create failed:', err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
