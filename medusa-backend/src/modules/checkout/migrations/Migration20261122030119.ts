import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122030119 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "checkout_order" drop constraint if exists "checkout_order_idempotency_key_unique";`)
    this.addSql(`alter table if exists "checkout_order" drop constraint if exists "checkout_order_public_id_unique";`)
    this.addSql(
      `create table if not exists "checkout_order" ("id" text not null, "public_id" text not null, "idempotency_key" text null, "request_hash" text not null, "payment_method" text check ("payment_method" in ('zelle', 'cashapp', 'applepay', 'chime')) not null, "phone" text not null, "shipping_address" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "checkout_order_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_checkout_order_public_id_unique" ON "checkout_order" ("public_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_checkout_order_idempotency_key_unique" ON "checkout_order" ("idempotency_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_checkout_order_deleted_at" ON "checkout_order" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "checkout_order" cascade;`)
  }
}
