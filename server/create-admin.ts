import { parseArgs } from 'node:util';
import { EmailSchema, PasswordSchema } from '../contract/auth';
import { PROVIDER_ADMIN_ROLE } from '../contract/roles';
import { hashPassword } from './auth/passwords';
import { configFromEnv } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedRoles } from './demo/seed-demo';

// `npm run create-admin -- --email a@b.c --first-name Ada --last-name Admin` with the password in
// FOLIO_ADMIN_PASSWORD: the first provider administrator of a production database (no demo data).
const { values } = parseArgs({ options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } } });
const email = EmailSchema.parse(values.email);
const password = PasswordSchema.parse(process.env.FOLIO_ADMIN_PASSWORD);
const config = configFromEnv();
const db = openDatabase(config.database);
await migrateToLatest(db as never);
await seedRoles(db);
const user = await db
  .insertInto('users')
  .values({
    email,
    password_hash: await hashPassword(password),
    first_name: values['first-name'] ?? 'Admin',
    last_name: values['last-name'] ?? '',
    merchant_group_id: null,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await db.insertInto('user_roles').values({ user_id: user.id, role_name: PROVIDER_ADMIN_ROLE, position: 0 }).execute();
console.log(`created ${PROVIDER_ADMIN_ROLE} ${email} (${user.id})`);
await db.destroy();
