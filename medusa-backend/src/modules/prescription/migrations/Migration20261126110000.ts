import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Refused reads of health information are audited too (decision 0044): the `refused` action. Lists every
 * action, 0045's `flag_change` and `reopen` included (Migration20261125033433 ran before this one).
 */
export class Migration20261126110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_action_check";`)
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_action_check" check("action" in ('read', 'list', 'approve', 'reject', 'refused', 'flag_change', 'reopen'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "prescription_audit_entry" where "action" = 'refused';`)
    this.addSql(`alter table if exists "prescription_audit_entry" drop constraint if exists "prescription_audit_entry_action_check";`)
    this.addSql(
      `alter table if exists "prescription_audit_entry" add constraint "prescription_audit_entry_action_check" check("action" in ('read', 'list', 'approve', 'reject', 'flag_change', 'reopen'));`
    )
  }
}
