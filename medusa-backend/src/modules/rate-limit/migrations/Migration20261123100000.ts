import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "rate_limit_window" ("id" text not null, "key" text not null, "count" integer not null default 0, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "rate_limit_window_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_rate_limit_window_key_unique" ON "rate_limit_window" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_rate_limit_window_deleted_at" ON "rate_limit_window" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_window" cascade;`)
  }
}
