import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Issue 24: the prescription documents patients upload on their order status page, stored only
 * encrypted (`ciphertext`, decision 0053), and the audit log's new subject (`prescription_document`:
 * a pharmacist's download) and action (`delete`: the retention job's deletions).
 */
export class Migration20261129090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "prescription_document" ("id" text not null, "order_id" text not null, "file_name" text not null, ` +
        `"content_type" text check ("content_type" in ('application/pdf', 'image/jpeg', 'image/png', 'image/heic')) not null, ` +
        `"size" integer not null, "ciphertext" text not null, "created_at" timestamptz not null default now(), ` +
        `"updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "prescription_document_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_prescription_document_deleted_at" ON "prescription_document" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_prescription_document_order_id" ON "prescription_document" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_prescription_document_created_at" ON "prescription_document" ("created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_subject_type_check";`)
    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_action_check";`)
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_subject_type_check" check("subject_type" in ('prescription_request', 'order', 'product', 'prescription_document'));`
    )
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_action_check" check("action" in ('read', 'list', 'approve', 'reject', 'refused', 'flag_change', 'reopen', 'request_information', 'delete'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "prescription_audit_entry" where "subject_type" = 'prescription_document' or "action" = 'delete';`)
    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_subject_type_check";`)
    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_action_check";`)
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_subject_type_check" check("subject_type" in ('prescription_request', 'order', 'product'));`
    )
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_action_check" check("action" in ('read', 'list', 'approve', 'reject', 'refused', 'flag_change', 'reopen', 'request_information'));`
    )
    this.addSql(`drop table if exists "prescription_document" cascade;`)
  }
}
