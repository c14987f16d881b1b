import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Staff sessions record whether a second factor was checked (decision 0044). */
export class Migration20261126100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "staff_session" add column if not exists "mfa_verified_at" timestamptz null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "staff_session" drop column if exists "mfa_verified_at";`)
  }
}
