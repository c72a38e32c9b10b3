-- The customer app's catalogue tag (ADR 0091): moved by the items' and categories' triggers (routines.sql)
-- in the same transaction as any change to a store's items or categories, whoever wrote it.
ALTER TABLE "stores" ADD COLUMN "catalogue_version" bigint DEFAULT 0 NOT NULL;
