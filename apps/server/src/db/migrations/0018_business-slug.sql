-- The customer app of a business is served at /shop/<slug> (Settings › Others). Each business gets
-- one made from its name; where two names make the same one, the later business's gets the start of
-- its id after it. The demo business's is demo-fresh-mart.
ALTER TABLE "businesses" ADD COLUMN "slug" text;--> statement-breakpoint
UPDATE "businesses" AS b SET "slug" = CASE WHEN named.n = 1 THEN named.base ELSE named.base || '-' || left(replace(b.id::text, '-', ''), 8) END
FROM (
  SELECT id, base, row_number() OVER (PARTITION BY base ORDER BY created_at, id) AS n
  FROM (
    SELECT id, created_at,
      CASE WHEN length(words) >= 3 THEN words WHEN words = '' THEN 'shop' ELSE 'shop-' || words END AS base
    FROM (
      SELECT id, created_at, trim(both '-' from left(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 60)) AS words
      FROM "businesses"
    ) AS cleaned
  ) AS based
) AS named
WHERE named.id = b.id;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_slug_key" UNIQUE("slug");
