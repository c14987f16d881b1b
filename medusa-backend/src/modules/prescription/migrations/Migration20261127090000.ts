import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Issue 23: a pharmacist may ask the patient for information on an order's review
 * (`needs_information`, the message to the patient in `patient_message`, encrypted), audited as
 * `request_information`.
 */
export class Migration20261127090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "order_prescription_review" add column if not exists "patient_message" text null;`)
    this.addSql(`alter table if exists "order_prescription_review" drop constraint if exists "order_prescription_review_status_check";`)
    this.addSql(
      `alter table if exists "order_prescription_review" add constraint "order_prescription_review_status_check" check("status" in ('pending', 'needs_information', 'approved', 'rejected'));`
    )
    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_action_check";`)
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_action_check" check("action" in ('read', 'list', 'approve', 'reject', 'refused', 'flag_change', 'reopen', 'request_information'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`update "order_prescription_review" set "status" = 'pending' where "status" = 'needs_information';`)
    this.addSql(`alter table if exists "order_prescription_review" drop constraint if exists "order_prescription_review_status_check";`)
    this.addSql(
      `alter table if exists "order_prescription_review" add constraint "order_prescription_review_status_check" check("status" in ('pending', 'approved', 'rejected'));`
    )
    this.addSql(`alter table if exists "order_prescription_review" drop column if exists "patient_message";`)
    this.addSql(`delete from "prescription_audit_entry" where "action" = 'request_information';`)
    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_action_check";`)
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_action_check" check("action" in ('read', 'list', 'approve', 'reject', 'refused', 'flag_change', 'reopen'));`
    )
  }
}
