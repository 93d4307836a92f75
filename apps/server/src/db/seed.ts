import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { hashPassword } from '../lib/password.js';
import type { Database } from './database.js';
import { departs, dictItems, dicts, permissions, rolePermissions, roles, tenants, userDeparts, userRoles, userTenants, users } from './schema.js';
import { type SeedUser, adminUser, defaultTenant, demoUsers, dictSeed, menuSeed, roleSeed, rootDepart } from './seed-data.js';

/** A transaction of the first-start seed. */
export type SeedTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Rows a module puts in place itself (app.ts passes each module's seed), in the seed's transaction. */
export type ModuleSeed = (tx: SeedTransaction) => Promise<unknown>;

/**
 * Puts the menu tree, roles, dictionaries and accounts in place. Every insert tolerates rows that
 * exist, so it runs at every start and adds what a new version brings without touching edits.
 */
export async function seedDatabase(db: Database, config: Config, log: FastifyBaseLogger, moduleSeeds: readonly ModuleSeed[] = []): Promise<void> {
  await db.transaction(async (tx) => {
    // Only rows this start added are granted below: a grant an administrator took away stays away.
    const added = await tx
      .insert(permissions)
      .values(
        menuSeed.map((m) => ({
          id: m.id,
          parentId: m.parentId,
          name: m.name,
          url: m.url ?? null,
          component: m.component ?? null,
          redirect: m.redirect ?? null,
          menuType: m.menuType,
          perms: m.perms ?? null,
          sortNo: m.sortNo,
          icon: m.icon ?? null,
          hidden: m.hidden ?? false,
          keepAlive: m.keepAlive ?? false,
          isLeaf: !menuSeed.some((child) => child.parentId === m.id && child.menuType !== 2),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: permissions.id });
    const addedIds = new Set(added.map((row) => row.id));

    const addedRoles = new Set(
      (await tx.insert(roles).values(roleSeed.map(({ grants: _grants, ...role }) => role)).onConflictDoNothing().returning({ id: roles.id })).map((row) => row.id),
    );
    for (const role of roleSeed) {
      const granted = role.grants === '*' ? menuSeed.map((m) => m.id) : role.grants;
      const ids = addedRoles.has(role.id) ? granted : granted.filter((id) => addedIds.has(id));
      if (ids.length > 0) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: role.id, permissionId }))).onConflictDoNothing();
    }

    for (const dict of dictSeed) {
      const dictId = `dict-${dict.code}`;
      await tx.insert(dicts).values({ id: dictId, dictCode: dict.code, dictName: dict.name }).onConflictDoNothing();
      // Translations reach existing installations too, but never overwrite ones an administrator set.
      await tx
        .insert(dictItems)
        .values(dict.items.map(([value, text, zh, de], i) => ({ id: `${dictId}-${value}`, dictId, itemValue: value, itemText: text, translations: { 'zh-CN': zh, 'de-DE': de }, sortOrder: i + 1 })))
        .onConflictDoUpdate({ target: dictItems.id, set: { translations: sql`excluded.translations` }, setWhere: sql`${dictItems.translations} = '{}'::jsonb` });
    }

    await tx.insert(tenants).values(defaultTenant).onConflictDoNothing();
    // The platform's tenant's organisation starts with its root department.
    await tx.insert(departs).values(rootDepart).onConflictDoNothing();
    for (const seed of moduleSeeds) await seed(tx);
  });

  const [existingAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.username, adminUser.username));
  if (!existingAdmin) {
    const password = config.adminPassword ?? randomBytes(12).toString('base64url');
    await createSeedUser(db, { ...adminUser, password, roleId: 'r-admin', demo: false });
    if (!config.adminPassword) {
      // Printed once, on the start that created the account; it is not stored anywhere readable.
      log.warn(`Created the admin account. User name: admin  Password: ${password}  (set ADMIN_PASSWORD to choose it; change it after signing in)`);
    }
  }
  if (config.demo) {
    for (const demo of demoUsers) {
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, demo.username));
      if (!existing) await createSeedUser(db, demo);
    }
  }
}

async function createSeedUser(db: Database, user: SeedUser) {
  const passwordHash = await hashPassword(user.password);
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({
        id: user.id,
        username: user.username,
        realname: user.realname,
        passwordHash,
        demo: user.demo,
        accountType: user.accountType,
        superiorId: user.superiorId,
        email: user.email ?? null,
        orgCode: rootDepart.orgCode,
        createBy: 'system',
      })
      .onConflictDoNothing();
    await tx.insert(userRoles).values({ userId: user.id, roleId: user.roleId }).onConflictDoNothing();
    await tx.insert(userDeparts).values({ userId: user.id, departId: rootDepart.id }).onConflictDoNothing();
    await tx.insert(userTenants).values({ userId: user.id, tenantId: defaultTenant.id }).onConflictDoNothing();
  });
}
