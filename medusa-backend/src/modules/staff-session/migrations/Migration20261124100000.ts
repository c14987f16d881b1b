import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261124100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "staff_session" ("id" text not null, "user_id" text not null, "provider_identity_id" text not null, "credential_fingerprint" text not null, "refresh_jti" text not null, "previous_refresh_jti" text null, "rotated_at" timestamptz null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "revoked_reason" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "staff_session_pkey" primary key ("id"));`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_staff_session_user_id" ON "staff_session" ("user_id") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_staff_session_deleted_at" ON "staff_session" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "staff_session" cascade;`)
  }
}
