-- The audit log is evidence: rows may be added, never changed or removed.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- Currencies the wallet starts with; operators add more rows.
INSERT INTO currencies (code, subunits, fiat) VALUES
  ('EUR', 2, true), ('USD', 2, true), ('GBP', 2, true), ('BRL', 2, true), ('CAD', 2, true),
  ('TRY', 2, true), ('INR', 2, true), ('BTC', 8, false), ('ETH', 8, false), ('USDT', 6, false)
ON CONFLICT (code) DO NOTHING;
