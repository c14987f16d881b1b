import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Issue 24: a blind index of each request's contact email (`email_index`), so the pharmacist's view
 * of a held order lists the requests sent with the order's email. Rows stored before it get theirs
 * from the migration script `prescription-email-index.ts` (the address is only in the ciphertext).
 */
export class Migration20261128090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "prescription_request" add column if not exists "email_index" text null;`)
    this.addSql(
      `create index if not exists "IDX_prescription_request_email_index" on "prescription_request" ("email_index") where deleted_at is null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_prescription_request_email_index";`)
    this.addSql(`alter table if exists "prescription_request" drop column if exists "email_index";`)
  }
}
