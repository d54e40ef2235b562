-- The staff audit log is evidence: rows may be added, never changed or removed.
CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER staff_audit_no_update BEFORE UPDATE OR DELETE ON staff_audit
  FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();--> statement-breakpoint
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();
