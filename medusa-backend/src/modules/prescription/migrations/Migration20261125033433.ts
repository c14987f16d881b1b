import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125033433 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "order_prescription_line" drop constraint if exists "order_prescription_line_item_id_unique";`)
    this.addSql(
      `create table if not exists "order_prescription_line" ("id" text not null, "order_id" text not null, "item_id" text not null, "product_id" text null, "variant_id" text null, "prescription" boolean not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "order_prescription_line_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_prescription_line_deleted_at" ON "order_prescription_line" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_prescription_line_order_id" ON "order_prescription_line" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_order_prescription_line_item_id_unique" ON "order_prescription_line" ("item_id") WHERE deleted_at IS NULL;`
    )

    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_subject_type_check";`)
    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_action_check";`)

    this.addSql(`alter table if exists "order_prescription_review" add column if not exists "approved_items" jsonb null;`)

    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_subject_type_check" check("subject_type" in ('prescription_request', 'order', 'product'));`
    )
    // Decision 0045 adds flag_change and reopen; 'refused' (refused PHI reads) is another change of the same
    // release, listed here too so that whichever of the two migrations runs last keeps every value.
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_action_check" check("action" in ('read', 'list', 'approve', 'reject', 'refused', 'flag_change', 'reopen'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_prescription_line" cascade;`)

    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_subject_type_check";`)
    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_action_check";`)

    this.addSql(`alter table if exists "order_prescription_review" drop column if exists "approved_items";`)

    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_subject_type_check" check("subject_type" in ('prescription_request', 'order'));`
    )
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_action_check" check("action" in ('read', 'list', 'approve', 'reject'));`
    )
  }
}
