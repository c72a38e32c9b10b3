-- The audit log's recording (B15): filled in with the audit log.
SELECT 1;
