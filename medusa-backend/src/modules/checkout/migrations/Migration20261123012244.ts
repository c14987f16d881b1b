import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123012244 extends Migration {
  override async up(): Promise<void> {
    // The order number moved to Medusa's order (custom_display_id, set by the order module for
    // every order): orders placed before keep theirs. The link table exists only on databases
    // that already had orders (links are created after module migrations).
    this.addSql(`
      do $$ begin
        if to_regclass('public.order_order_checkout_checkout_order') is not null then
          update "order" o set custom_display_id = c.public_id
          from order_order_checkout_checkout_order l
          join checkout_order c on c.id = l.checkout_order_id
          where l.order_id = o.id and l.deleted_at is null and o.custom_display_id is null;
        end if;
      end $$;`)
    this.addSql(`drop index if exists "IDX_checkout_order_public_id_unique";`)
    this.addSql(
      `alter table if exists "checkout_order" drop column if exists "public_id", drop column if exists "payment_method", drop column if exists "phone";`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "checkout_order" add column if not exists "public_id" text not null, add column if not exists "payment_method" text check ("payment_method" in ('zelle', 'cashapp', 'applepay', 'chime')) not null, add column if not exists "phone" text not null;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_checkout_order_public_id_unique" ON "checkout_order" ("public_id") WHERE deleted_at IS NULL;`
    )
  }
}
