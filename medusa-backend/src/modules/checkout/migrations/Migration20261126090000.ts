import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261126090000 extends Migration {
  override async up(): Promise<void> {
    // The idempotency key is reserved before the order exists (decision 0047). Rows written
    // before this change were created after their order, linked at once: they are placed.
    this.addSql(
      `alter table if exists "checkout_order" add column if not exists "status" text check ("status" in ('pending', 'placed')) ` +
        `not null default 'placed', add column if not exists "cart_id" text null;`
    )
    this.addSql(`alter table if exists "checkout_order" alter column "status" set default 'pending';`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_checkout_order_status_created_at" ON "checkout_order" ("status", "created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_checkout_order_status_created_at";`)
    this.addSql(`alter table if exists "checkout_order" drop column if exists "status", drop column if exists "cart_id";`)
  }
}
