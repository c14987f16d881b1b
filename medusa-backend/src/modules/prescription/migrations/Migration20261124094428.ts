import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261124094428 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "pharmacist" drop constraint if exists "pharmacist_user_id_unique";`)
    this.addSql(
      `create table if not exists "pharmacist" ("id" text not null, "user_id" text not null, "granted_by" text not null, "revoked_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "pharmacist_pkey" primary key ("id"));`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_pharmacist_deleted_at" ON "pharmacist" ("deleted_at") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_pharmacist_user_id_unique" ON "pharmacist" ("user_id") WHERE deleted_at IS NULL;`)

    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_action_check";`)

    this.addSql(`alter table if exists "prescription_audit_entry" add column if not exists "details" jsonb null;`)
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_action_check" check("action" in ('read', 'list', 'approve', 'reject'));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_prescription_audit_entry_actor_id" ON "prescription_audit_entry" ("actor_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "pharmacist" cascade;`)

    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_action_check";`)

    this.addSql(`drop index if exists "IDX_prescription_audit_entry_actor_id";`)
    this.addSql(`alter table if exists "prescription_audit_entry" drop column if exists "details";`)

    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_action_check" check("action" in ('read', 'approve', 'reject'));`
    )
  }
}
