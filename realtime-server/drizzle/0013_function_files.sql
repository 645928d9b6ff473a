-- The SQL functions live in realtime-server/sql/functions/, one file each, applied after the
-- migrations whenever a file's content changed (src/db/sql-functions.ts). This table records the
-- SHA-256 of each file as it was last applied, so a start applies only what changed.
CREATE TABLE "function_files" (
	"file" varchar(200) PRIMARY KEY NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
