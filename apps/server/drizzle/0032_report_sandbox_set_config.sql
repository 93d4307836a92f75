-- The report sandbox runs a report as the role cellsight_report, but the connection's own (session)
-- user may take its role back with set_config('role', …) from inside a SELECT, or widen the tenants
-- the views show with set_config('cellsight.report_tenants', …). Nobody but the platform may call
-- set_config in this database, then; SET statements (which the platform uses) are not affected.
-- Revoking needs a superuser: where the migrating user is none, online reports stay off until an
-- administrator runs the REVOKE below as one (the report service checks this before each run).
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
    REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC;
  ELSE
    RAISE NOTICE 'Online reports stay off until a superuser runs: REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC';
  END IF;
END $$;
