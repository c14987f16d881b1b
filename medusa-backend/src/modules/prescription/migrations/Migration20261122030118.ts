import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122030118 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "order_prescription_review" ("id" text not null, "status" text check ("status" in ('pending', 'approved', 'rejected')) not null default 'pending', "note" text null, "reviewed_by" text null, "reviewed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "order_prescription_review_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_order_prescription_review_deleted_at" ON "order_prescription_review" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "prescription_audit_entry" ("id" text not null, "subject_type" text check ("subject_type" in ('prescription_request', 'order')) not null, "subject_id" text not null, "actor_id" text not null, "action" text check ("action" in ('read', 'approve', 'reject')) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "prescription_audit_entry_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_prescription_audit_entry_deleted_at" ON "prescription_audit_entry" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_prescription_audit_entry_subject_type_subject_id" ON "prescription_audit_entry" ("subject_type", "subject_id") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "prescription_request" ("id" text not null, "form_type" text check ("form_type" in ('insulin', 'weight_loss', 'prescription')) not null, "status" text check ("status" in ('received', 'approved', 'rejected')) not null default 'received', "contact_ciphertext" text not null, "health_ciphertext" text not null, "review_note" text null, "reviewed_by" text null, "reviewed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "prescription_request_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_prescription_request_deleted_at" ON "prescription_request" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_prescription_request_form_type_status" ON "prescription_request" ("form_type", "status") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_prescription_review" cascade;`)

    this.addSql(`drop table if exists "prescription_audit_entry" cascade;`)

    this.addSql(`drop table if exists "prescription_request" cascade;`)
  }
}
