/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The application's own tables: scans, stored fingerprints and the
 * reviewers' decisions, in a schema the user chooses (the source database
 * or a separate one). Nothing here writes to the source table, except
 * pr_store_add_decision_written_back() for a connection on which the user
 * switched write-back on (docs/design.md, "Data safety"); it writes only the
 * configured columns, and keeps their old values in the decision log.
 * Decisions are append-only: this file has no UPDATE and no DELETE on
 * pr_decisions; an undo is a new row.
 *
 * All times are written as UTC (UTC_TIMESTAMP(6)), so that the values do
 * not depend on the time zone of whichever session wrote them.
 */
#define G_LOG_DOMAIN "pr-store"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <mysqld_error.h>
#include <string.h>

#include "pr-catalog.h"
#include "pr-connection-private.h"
#include "pr-store.h"

/* Record ids are VARCHAR(191): 191 characters of utf8mb4 are 764 bytes,
 * the most an InnoDB index prefix of the COMPACT row format can hold. */
#define MAX_ID_CHARS 191
#define MAX_ID_BYTES (MAX_ID_CHARS * 4)
#define MAX_TABLE_CHARS 64

/* Rows per multi-row statement: 500 rows of 11 values stay far below the
 * 65,535 placeholders a statement may have and the default
 * max_allowed_packet, and cut the round trips by 500. */
#define BATCH_ROWS 500

struct _PrStore
{
  PrConnection *connection;     /* not owned */
  char         *schema;
  const char   *collation;
  char         *q_meta;         /* `schema`.`pr_meta`, quoted */
  char         *q_scans;
  char         *q_fingerprints;
  char         *q_decisions;
  GHashTable   *scan_locks;     /* scan id (gint64 *) → lock name held for it */
  gboolean      in_batch;       /* pr_store_add_decisions_written_back(): its one
                                 * transaction holds every decision's */
};

static const char *const verdict_names[] = {
  [PR_VERDICT_REPEAT] = "repeat",
  [PR_VERDICT_NOT_REPEAT] = "not_repeat",
  [PR_VERDICT_MERGED] = "merged",
  [PR_VERDICT_PRIMARY] = "primary",
  [PR_VERDICT_UNDO] = "undo",
};

/**
 * pr_verdict_to_string:
 * @verdict: a #PrVerdict
 *
 * Returns: (transfer none): the verdict's name as the decisions table and
 *   the CSV export spell it: "repeat", "not_repeat", "merged", "primary"
 *   or "undo"; "unknown" for a value out of range
 */
const char *
pr_verdict_to_string (PrVerdict verdict)
{
  if ((guint) verdict >= G_N_ELEMENTS (verdict_names))
    return "unknown";
  return verdict_names[verdict];
}

static gboolean
verdict_from_string (const char *name,
                     PrVerdict  *verdict)
{
  for (guint i = 0; i < G_N_ELEMENTS (verdict_names); i++)
    if (g_strcmp0 (name, verdict_names[i]) == 0)
      {
        *verdict = i;
        return TRUE;
      }
  return FALSE;
}

/* Binding helpers. The MYSQL_BIND keeps pointers: the values must live
 * until the statement has run. */

static void
bind_string (MYSQL_BIND    *bind,
             const char    *value,
             unsigned long *length)
{
  memset (bind, 0, sizeof *bind);
  if (value == NULL)
    {
      bind->buffer_type = MYSQL_TYPE_NULL;
      return;
    }
  *length = strlen (value);
  bind->buffer_type = MYSQL_TYPE_STRING;
  bind->buffer = (char *) value;
  bind->buffer_length = *length;
  bind->length = length;
}

static void
bind_u64 (MYSQL_BIND    *bind,
          const guint64 *value)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_LONGLONG;
  bind->buffer = (void *) value;
  bind->is_unsigned = 1;
}

static void
bind_i64 (MYSQL_BIND   *bind,
          const gint64 *value)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_LONGLONG;
  bind->buffer = (void *) value;
}

static void
bind_u16 (MYSQL_BIND    *bind,
          const guint16 *value)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_SHORT;
  bind->buffer = (void *) value;
  bind->is_unsigned = 1;
}

static void
bind_u8 (MYSQL_BIND   *bind,
         const guint8 *value)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_TINY;
  bind->buffer = (void *) value;
  bind->is_unsigned = 1;
}

static MYSQL *
handle (PrStore *self)
{
  return _pr_connection_get_handle (self->connection);
}

/* Prepares, binds and runs a statement. Returns: (transfer full)
 * (nullable): it, to read its result or count its rows; NULL with @error
 * set on failure. */
static MYSQL_STMT *
execute (PrStore     *self,
         const char  *sql,
         MYSQL_BIND  *params,
         const char  *what,
         GError     **error)
{
  MYSQL_STMT *stmt = mysql_stmt_init (handle (self));

  if (stmt == NULL)
    {
      _pr_db_set_error (error, handle (self), what);
      return NULL;
    }
  if (mysql_stmt_prepare (stmt, sql, strlen (sql)) != 0 ||
      (params != NULL && mysql_stmt_bind_param (stmt, params) != 0) ||
      mysql_stmt_execute (stmt) != 0)
    {
      _pr_db_set_stmt_error (error, stmt, what);
      mysql_stmt_close (stmt);
      return NULL;
    }
  return stmt;
}

/* Prepares, binds and runs a statement without a result. */
static gboolean
run_statement (PrStore     *self,
               const char  *sql,
               MYSQL_BIND  *params,
               guint64     *affected,
               gint64      *insert_id,
               const char  *what,
               GError     **error)
{
  MYSQL_STMT *stmt = execute (self, sql, params, what, error);

  if (stmt == NULL)
    return FALSE;
  if (affected != NULL)
    *affected = mysql_stmt_affected_rows (stmt);
  if (insert_id != NULL)
    *insert_id = mysql_stmt_insert_id (stmt);
  mysql_stmt_close (stmt);
  return TRUE;
}

/* A result's first column, a record id, read into @id. */
static void
bind_id_result (MYSQL_BIND    *bind,
                char          *id,
                unsigned long *length,
                my_bool       *is_null)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_STRING;
  bind->buffer = id;
  bind->buffer_length = MAX_ID_BYTES + 1;
  bind->length = length;
  bind->is_null = is_null;
}

typedef enum {
  FETCH_ROW,
  FETCH_DONE,
  FETCH_FAILED,
} FetchStatus;

/* Fetches the next row into the bound buffers and ends its id (bound with
 * bind_id_result ()) with a NUL. A column bound without a buffer (a BLOB
 * read afterwards) is truncated on purpose; a truncated id is not. */
static FetchStatus
fetch_row (MYSQL_STMT          *stmt,
           char                *id,
           const unsigned long *id_length,
           const my_bool       *id_is_null,
           const char          *what,
           GError             **error)
{
  int status = mysql_stmt_fetch (stmt);

  if (status == MYSQL_NO_DATA)
    return FETCH_DONE;
  if (status == 1)
    {
      _pr_db_set_stmt_error (error, stmt, what);
      return FETCH_FAILED;
    }
  /* The column is VARCHAR(191): a longer value cannot be there, so
   * truncation would mean a table altered behind our back. */
  if (status == MYSQL_DATA_TRUNCATED && *id_length > MAX_ID_BYTES)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("%s: a record id longer than %d bytes in the application's tables"),
                   what, MAX_ID_BYTES);
      return FETCH_FAILED;
    }
  id[*id_is_null ? 0 : *id_length] = '\0';
  return FETCH_ROW;
}

typedef void (*RowFunc) (const char    *id,
                         const guint64 *values,
                         gpointer       user_data);

/* Runs a SELECT whose first column is a record id (a string of at most
 * MAX_ID_BYTES) and whose other columns, n_values of them, are unsigned
 * integers (NULL reads as 0), and calls @func for each row. Unlike
 * _pr_connection_select() it streams, with fixed buffers: it is what
 * reads 100,000 fingerprints. */
static gboolean
for_each_row (PrStore     *self,
              const char  *sql,
              MYSQL_BIND  *params,
              guint        n_values,
              RowFunc      func,
              gpointer     user_data,
              const char  *what,
              GError     **error)
{
  MYSQL_STMT *stmt = execute (self, sql, params, what, error);
  MYSQL_BIND results[8] = { 0 };
  guint64 values[7] = { 0 };
  my_bool nulls[8] = { 0 };
  unsigned long id_length = 0;
  char id[MAX_ID_BYTES + 1];
  gboolean ok = FALSE;

  g_assert (n_values < G_N_ELEMENTS (values));

  if (stmt == NULL)
    return FALSE;

  bind_id_result (&results[0], id, &id_length, &nulls[0]);
  for (guint i = 0; i < n_values; i++)
    {
      bind_u64 (&results[i + 1], &values[i]);
      results[i + 1].is_null = &nulls[i + 1];
    }
  if (mysql_stmt_bind_result (stmt, results) != 0)
    {
      _pr_db_set_stmt_error (error, stmt, what);
      goto out;
    }

  for (;;)
    {
      FetchStatus status = fetch_row (stmt, id, &id_length, &nulls[0], what, error);

      if (status == FETCH_DONE)
        break;
      if (status == FETCH_FAILED)
        goto out;
      for (guint i = 0; i < n_values; i++)
        if (nulls[i + 1])
          values[i] = 0;
      func (id, values, user_data);
    }
  ok = TRUE;

out:
  mysql_stmt_close (stmt);
  return ok;
}

/* In a batch of decisions, the batch's transaction is the one begun and
 * committed: a decision's own begin and commit do nothing. */
static gboolean
begin_transaction (PrStore  *self,
                   GError  **error)
{
  return self->in_batch || pr_connection_execute (self->connection, "START TRANSACTION", error);
}

/* For a decision: READ COMMITTED, so that every read sees the latest
 * commits and a search locks the rows it finds but not the gaps between
 * them. At REPEATABLE READ, two undos of different decisions each locked
 * the same gap of the undoes index (looking for an undo of their target)
 * and then each waited to insert into it: a deadlock, and a decision
 * lost. The row locks (the source row, the undone decision) do the
 * ordering that matters. Applies to the next transaction only. */
static gboolean
begin_decision_transaction (PrStore  *self,
                            GError  **error)
{
  if (self->in_batch)
    return TRUE;
  return pr_connection_execute (self->connection, "SET TRANSACTION ISOLATION LEVEL READ COMMITTED", error) &&
         begin_transaction (self, error);
}

static gboolean
commit_transaction (PrStore  *self,
                    GError  **error)
{
  return self->in_batch || pr_connection_execute (self->connection, "COMMIT", error);
}

/* After a failure: the first error is the one worth reporting, and a lost
 * connection has rolled back already. In a batch it rolls the whole batch
 * back, as it should: one failure leaves none of its decisions. */
static void
rollback_transaction (PrStore *self)
{
  g_autoptr(GError) ignored = NULL;

  if (!pr_connection_execute (self->connection, "ROLLBACK", &ignored))
    g_debug ("rollback failed: %s", ignored->message);
}

static gboolean
check_table_name (const char  *table,
                  GError     **error)
{
  if (table == NULL || !g_utf8_validate (table, -1, NULL) ||
      table[0] == '\0' || g_utf8_strlen (table, -1) > MAX_TABLE_CHARS)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("a source table name must be 1 to %d characters of UTF-8"), MAX_TABLE_CHARS);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_record_id (const char  *id,
                 const char  *what,
                 GError     **error)
{
  if (id == NULL || !g_utf8_validate (id, -1, NULL) || g_utf8_strlen (id, -1) > MAX_ID_CHARS)
    {
      g_autofree char *shown = id != NULL ? g_utf8_make_valid (id, MIN (strlen (id), 40)) : NULL;

      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   /* Translators: the first %s is “the record id” or another
                    * such name; the next two are the id and “…” if it is cut. */
                   _("%s “%s%s” cannot be stored: a record id must be UTF-8 of at most %d characters"),
                   what, shown != NULL ? shown : "(null)",
                   id != NULL && strlen (id) > 40 ? "…" : "", MAX_ID_CHARS);
      return FALSE;
    }
  return TRUE;
}

/* Schema */

static const char *const create_statements[] = {
  "CREATE TABLE IF NOT EXISTS %s ("
  "  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
  "  source_table VARCHAR(64) NOT NULL,"
  "  mapping TEXT NOT NULL,"
  "  mapping_version BIGINT UNSIGNED NOT NULL,"
  "  k TINYINT UNSIGNED NOT NULL,"
  "  started_at DATETIME(6) NOT NULL,"
  "  finished_at DATETIME(6) NULL,"
  "  status ENUM('running','complete','failed','cancelled') NOT NULL,"
  "  records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  new_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  changed_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  retired_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  pairs BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  clusters BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  "  message TEXT NULL,"
  "  KEY pr_scans_table_status (source_table, status)"
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s",

  /* A short surrogate key, because every entry of a secondary index
   * carries the primary key: with (source_table, record_id) as the key the
   * four block indexes of 10^7 fingerprints outgrew a 2 GB buffer pool.
   * The block indexes hold the fingerprint too, so the check's
   * BIT_COUNT is evaluated in the index and only matches are read. */
  "CREATE TABLE IF NOT EXISTS %s ("
  "  row_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,"
  "  source_table VARCHAR(64) NOT NULL,"
  "  record_id VARCHAR(191) NOT NULL,"
  "  fingerprint BIGINT UNSIGNED NOT NULL,"
  "  b0 SMALLINT UNSIGNED NOT NULL,"
  "  b1 SMALLINT UNSIGNED NOT NULL,"
  "  b2 SMALLINT UNSIGNED NOT NULL,"
  "  b3 SMALLINT UNSIGNED NOT NULL,"
  "  content_hash BIGINT UNSIGNED NOT NULL,"
  "  sparse TINYINT UNSIGNED NOT NULL DEFAULT 0,"
  "  parts MEDIUMBLOB NULL,"
  "  mapping_version BIGINT UNSIGNED NOT NULL,"
  "  scan_id BIGINT NOT NULL,"
  "  scanned_at DATETIME(6) NOT NULL,"
  "  retired_at DATETIME(6) NULL,"
  "  PRIMARY KEY (row_id),"
  "  UNIQUE KEY pr_fingerprints_record (source_table, record_id),"
  "  KEY pr_fingerprints_b0 (b0, fingerprint),"
  "  KEY pr_fingerprints_b1 (b1, fingerprint),"
  "  KEY pr_fingerprints_b2 (b2, fingerprint),"
  "  KEY pr_fingerprints_b3 (b3, fingerprint)"
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s",

  "CREATE TABLE IF NOT EXISTS %s ("
  "  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
  "  source_table VARCHAR(64) NOT NULL,"
  "  record_id VARCHAR(191) NOT NULL,"
  "  primary_id VARCHAR(191) NULL,"
  "  verdict ENUM('repeat','not_repeat','merged','primary','undo') NOT NULL,"
  "  reviewer VARCHAR(191) NOT NULL,"
  "  decided_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),"
  "  note TEXT NULL,"
  "  undoes BIGINT NULL,"
  "  old_values TEXT NULL,"
  "  KEY pr_decisions_record (source_table, record_id),"
  "  KEY pr_decisions_primary (source_table, primary_id),"
  "  KEY pr_decisions_undoes (undoes)"
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s",

  /* Last: a version row means the other tables are all there. */
  "CREATE TABLE IF NOT EXISTS %s ("
  "  name VARCHAR(64) NOT NULL PRIMARY KEY,"
  "  value TEXT NOT NULL"
  ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=%s",
};

/* Says which privilege on which schema is missing, instead of the server's
 * "command denied to user" for one table. */
static void
explain_store_error (PrStore     *self,
                     GError     **error,
                     GError      *cause,
                     const char  *privilege,
                     const char  *doing)
{
  if (g_error_matches (cause, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE))
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE,
                 /* Translators: the first %s is “read”, “create”, “write” or
                  * “upgrade” (context “tables”); the third is an SQL privilege. */
                 _("the user may not %s the application's tables in the schema “%s”: "
                   "it lacks the %s privilege on “%s” (the tables need SELECT, INSERT and UPDATE, "
                   "and CREATE the first time, when they are made) (%s)"),
                 doing, self->schema, privilege, self->schema, cause->message);
  else if (g_error_matches (cause, PR_DB_ERROR, PR_DB_ERROR_UNKNOWN_DATABASE))
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_UNKNOWN_DATABASE,
                 _("the schema “%s” chosen for the application's tables does not exist; "
                   "create it first, or choose another (%s)"), self->schema, cause->message);
  else
    g_set_error (error, cause->domain, cause->code, "%s", cause->message);
}

/* The name of an advisory lock on @what (a source table, or "" for the
 * whole store) in this store's schema. */
static char *
lock_name (PrStore    *self,
           const char *kind,
           const char *what)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  char digest[41];

  g_checksum_update (checksum, (const guchar *) self->schema, strlen (self->schema) + 1);
  g_checksum_update (checksum, (const guchar *) what, strlen (what));
  /* Lock names are limited to 64 characters. */
  g_strlcpy (digest, g_checksum_get_string (checksum), sizeof digest);
  return g_strdup_printf ("petition-review:%s:%s", kind, digest);
}

/* Reads the stored schema version: 0 with *found FALSE when there is no
 * pr_meta table (or no version row) yet. */
static gboolean
read_version (PrStore   *self,
              guint64   *version,
              gboolean  *found,
              GError   **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT value FROM %s WHERE name = 'schema_version'", self->q_meta);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *value;

  *version = 0;
  *found = FALSE;
  rows = _pr_connection_select (self->connection, sql, NULL, 0, &local_error);
  if (rows == NULL)
    {
      if (g_error_matches (local_error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE))
        return TRUE;
      explain_store_error (self, error, local_error, "SELECT", C_("tables", "read"));
      return FALSE;
    }
  if (rows->len == 0)
    return TRUE;

  value = ((PrDbRow *) rows->pdata[0])->values[0];
  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 1, G_MAXUINT32, version, NULL))
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the application's tables in the schema “%s” have a damaged version (“%s”)"),
                   self->schema, value != NULL ? value : "NULL");
      return FALSE;
    }
  *found = TRUE;
  return TRUE;
}

static gboolean
create_tables (PrStore  *self,
               GError  **error)
{
  const char *names[] = { self->q_scans, self->q_fingerprints, self->q_decisions, self->q_meta };
  g_autofree char *insert = NULL;
  char version[24];
  unsigned long version_length;
  MYSQL_BIND params[1];

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == G_N_ELEMENTS (create_statements));

  for (guint i = 0; i < G_N_ELEMENTS (create_statements); i++)
    {
      g_autofree char *sql = g_strdup_printf (create_statements[i], names[i], self->collation);
      g_autoptr(GError) local_error = NULL;

      if (!pr_connection_execute (self->connection, sql, &local_error))
        {
          explain_store_error (self, error, local_error, "CREATE", C_("tables", "create"));
          return FALSE;
        }
    }

  /* IGNORE: another instance may be opening the same store right now. */
  insert = g_strdup_printf ("INSERT IGNORE INTO %s (name, value) VALUES ('schema_version', ?)", self->q_meta);
  g_snprintf (version, sizeof version, "%d", PR_STORE_SCHEMA_VERSION);
  bind_string (&params[0], version, &version_length);
  {
    g_autoptr(GError) local_error = NULL;

    if (!run_statement (self, insert, params, NULL, NULL, _("cannot record the tables' version"), &local_error))
      {
        explain_store_error (self, error, local_error, "INSERT", C_("tables", "write"));
        return FALSE;
      }
  }
  return TRUE;
}

static void
release_lock (PrStore    *self,
              const char *name)
{
  const char *params[] = { name };
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) ignored = NULL;

  rows = _pr_connection_select (self->connection, "SELECT RELEASE_LOCK(?)", params, 1, &ignored);
  if (rows == NULL)
    g_debug ("cannot release the scan lock: %s", ignored->message);
}

/* Runs @alter on the fingerprints table unless it has @column already: a
 * migration cut off between its ALTER (atomic in InnoDB) and its version
 * row finds the column there and only records the version. */
static gboolean
alter_fingerprints_unless (PrStore     *self,
                           const char  *column,
                           const char  *alter,
                           GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("ALTER TABLE %s %s", self->q_fingerprints, alter);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *params[] = { self->schema, column };

  rows = _pr_connection_select (self->connection,
                                "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? "
                                "AND TABLE_NAME = 'pr_fingerprints' AND COLUMN_NAME = ?",
                                params, 2, error);
  if (rows == NULL)
    return FALSE;
  if (g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "0") != 0)
    return TRUE;
  if (!pr_connection_execute (self->connection, sql, &local_error))
    {
      explain_store_error (self, error, local_error, "ALTER", C_("tables", "upgrade"));
      return FALSE;
    }
  return TRUE;
}

/* Version 1 keyed pr_fingerprints by (source_table, record_id), which
 * every block index entry repeated; version 2 has a surrogate key and
 * covering block indexes (see create_statements). */
static gboolean
migrate_1_to_2 (PrStore  *self,
                GError  **error)
{
  return alter_fingerprints_unless (self, "row_id",
                                    "DROP PRIMARY KEY, "
                                    "ADD COLUMN row_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT FIRST, "
                                    "ADD PRIMARY KEY (row_id), "
                                    "ADD UNIQUE KEY pr_fingerprints_record (source_table, record_id), "
                                    "DROP KEY pr_fingerprints_b0, DROP KEY pr_fingerprints_b1, "
                                    "DROP KEY pr_fingerprints_b2, DROP KEY pr_fingerprints_b3, "
                                    "ADD KEY pr_fingerprints_b0 (b0, fingerprint), "
                                    "ADD KEY pr_fingerprints_b1 (b1, fingerprint), "
                                    "ADD KEY pr_fingerprints_b2 (b2, fingerprint), "
                                    "ADD KEY pr_fingerprints_b3 (b3, fingerprint)",
                                    error);
}

/* Version 3 keeps each record's parts (pr-parts.c), so that an
 * incremental scan need not cut unchanged records again. Fingerprints
 * stored before have none (NULL), so a scan with parts makes them again. */
static gboolean
migrate_2_to_3 (PrStore  *self,
                GError  **error)
{
  return alter_fingerprints_unless (self, "parts", "ADD COLUMN parts MEDIUMBLOB NULL AFTER sparse", error);
}

typedef gboolean (*MigrateFunc) (PrStore *self, GError **error);

/* migrations[v - 1] brings version v to v + 1. */
static const MigrateFunc migrations[] = {
  migrate_1_to_2,
  migrate_2_to_3,
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == PR_STORE_SCHEMA_VERSION - 1);

/* Brings the tables from @version to PR_STORE_SCHEMA_VERSION one step at
 * a time, each step followed by its version row, under a lock so that two
 * instances opening an old store do not both migrate it. */
static gboolean
migrate (PrStore  *self,
         guint64   version,
         GError  **error)
{
  g_autofree char *lock = lock_name (self, "migrate", "");
  g_autofree char *update = g_strdup_printf ("UPDATE %s SET value = ? WHERE name = 'schema_version'",
                                             self->q_meta);
  const char *lock_params[] = { lock };
  g_autoptr(GPtrArray) rows = NULL;
  gboolean found = FALSE;
  gboolean ok = FALSE;

  /* A large store takes minutes to rebuild: wait for another instance's. */
  rows = _pr_connection_select (self->connection, "SELECT GET_LOCK(?, 3600)", lock_params, 1, error);
  if (rows == NULL)
    return FALSE;
  if (rows->len != 1 || g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "1") != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("another Petition Review has been upgrading the application's tables in the "
                     "schema “%s” for an hour; try again when it has finished"), self->schema);
      return FALSE;
    }

  if (!read_version (self, &version, &found, error))
    goto out;
  if (!found)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the application's tables in the schema “%s” lost their version row"), self->schema);
      goto out;
    }
  for (; version < PR_STORE_SCHEMA_VERSION; version++)
    {
      char next[24];
      unsigned long next_length;
      MYSQL_BIND params[1];
      g_autoptr(GError) local_error = NULL;

      g_message (_("upgrading the application's tables in “%s” from version %llu"),
                 self->schema, (unsigned long long) version);
      if (!migrations[version - 1] (self, error))
        goto out;
      g_snprintf (next, sizeof next, "%" G_GUINT64_FORMAT, version + 1);
      bind_string (&params[0], next, &next_length);
      if (!run_statement (self, update, params, NULL, NULL, _("cannot record the tables' version"), &local_error))
        {
          explain_store_error (self, error, local_error, "UPDATE", C_("tables", "upgrade"));
          goto out;
        }
    }
  ok = TRUE;

out:
  release_lock (self, lock);
  return ok;
}

/**
 * pr_store_open:
 * @connection: an open connection; it must outlive the store, and like
 *   the connection the store belongs to one thread at a time
 * @schema: (nullable): the schema (database) for the application's tables,
 *   or %NULL for the connection's current database
 * @error: return location for a #GError
 *
 * Creates the tables pr_meta, pr_scans, pr_fingerprints and pr_decisions
 * in @schema if they are not there yet; tables of an older version are
 * upgraded (ALTER); tables already there of this version are used as they
 * are, without any DDL, so a user with SELECT, INSERT and UPDATE on them
 * suffices after the first time.
 *
 * Errors: %PR_DB_ERROR_PRIVILEGE naming the privilege and the schema
 * when the user may not read or create the tables there;
 * %PR_DB_ERROR_UNKNOWN_DATABASE when the schema does not exist (or
 * %NULL was given and the connection has no current database);
 * %PR_DB_ERROR_STORE_TOO_NEW when the tables were made by a newer
 * Petition Review.
 *
 * Returns: (transfer full) (nullable): the store
 */
PrStore *
pr_store_open (PrConnection  *connection,
               const char    *schema,
               GError       **error)
{
  g_autoptr(PrStore) self = NULL;
  g_autofree char *q_schema = NULL;
  guint64 version = 0;
  gboolean found = FALSE;

  g_return_val_if_fail (connection != NULL, NULL);

  self = g_new0 (PrStore, 1);
  self->connection = connection;
  self->scan_locks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);

  if (schema == NULL)
    {
      g_autoptr(GPtrArray) rows = _pr_connection_select (connection, "SELECT DATABASE()", NULL, 0, error);

      if (rows == NULL)
        return NULL;
      if (rows->len == 0 || ((PrDbRow *) rows->pdata[0])->values[0] == NULL)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_UNKNOWN_DATABASE,
                       _("no schema given for the application's tables, and the connection has no current database"));
          return NULL;
        }
      self->schema = g_strdup (((PrDbRow *) rows->pdata[0])->values[0]);
    }
  else
    self->schema = g_strdup (schema);

  /* Binary and without padding, so that record ids "A1", "a1" and "a1 "
   * are three records, as they are in most source tables' keys. MySQL has
   * no utf8mb4_nopad_bin; its utf8mb4_bin is PAD SPACE. */
  if (strstr (pr_connection_get_server_version (connection), "MariaDB") != NULL)
    self->collation = "utf8mb4_nopad_bin";
  else
    self->collation = "utf8mb4_bin";

  q_schema = pr_connection_quote_identifier (self->schema);
#define QUOTE_TABLE(field, name) \
  G_STMT_START { \
    g_autofree char *q_table = pr_connection_quote_identifier (name); \
    self->field = g_strdup_printf ("%s.%s", q_schema, q_table); \
  } G_STMT_END
  QUOTE_TABLE (q_meta, "pr_meta");
  QUOTE_TABLE (q_scans, "pr_scans");
  QUOTE_TABLE (q_fingerprints, "pr_fingerprints");
  QUOTE_TABLE (q_decisions, "pr_decisions");
#undef QUOTE_TABLE

  if (!read_version (self, &version, &found, error))
    return NULL;
  if (!found)
    {
      if (!create_tables (self, error) || !read_version (self, &version, &found, error))
        return NULL;
      g_debug ("application tables created in %s", self->schema);
    }
  if (!found)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the application's tables in the schema “%s” have no version row"), self->schema);
      return NULL;
    }
  if (version > PR_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_STORE_TOO_NEW,
                   _("the application's tables in the schema “%s” were made by a newer Petition Review "
                     "(table version %llu, this program knows up to %d); "
                     "update Petition Review, or choose another schema"),
                   self->schema, (unsigned long long) version, PR_STORE_SCHEMA_VERSION);
      return NULL;
    }
  if (version < PR_STORE_SCHEMA_VERSION && !migrate (self, version, error))
    return NULL;

  return g_steal_pointer (&self);
}

/**
 * pr_store_free:
 * @store: (nullable) (transfer full): a store
 *
 * Frees the store and releases the locks of scans neither committed nor
 * ended; the connection stays open.
 */
void
pr_store_free (PrStore *self)
{
  if (self == NULL)
    return;

  if (self->scan_locks != NULL && self->connection != NULL)
    {
      GHashTableIter iter;
      gpointer value;

      g_hash_table_iter_init (&iter, self->scan_locks);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        release_lock (self, value);
    }
  g_clear_pointer (&self->scan_locks, g_hash_table_unref);
  g_free (self->schema);
  g_free (self->q_meta);
  g_free (self->q_scans);
  g_free (self->q_fingerprints);
  g_free (self->q_decisions);
  g_free (self);
}

/**
 * pr_store_get_schema:
 * @store: a store
 *
 * Returns: (transfer none): the schema holding the application's tables
 */
const char *
pr_store_get_schema (PrStore *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->schema;
}

/* Scans */

/* One advisory lock per store schema and source table; user locks are
 * released by the server when the session ends, so a scan whose process
 * died holds none, and its 'running' row can safely be called interrupted. */

/**
 * pr_store_begin_scan:
 * @store: a store
 * @table: the source table
 * @mapping_description: the column mapping, as text, for the record
 * @mapping_version: the mapping's version: fingerprints of another
 *   version count as changed
 * @k: the distance the scan looks for
 * @error: return location for a #GError
 *
 * Records a 'running' scan. Scans of one table are one at a time: while
 * another connection has a scan of @table running, this fails. A scan
 * left 'running' by a connection that is gone (a killed process) is
 * marked 'failed' with the message "interrupted". Every successful
 * begin must be followed by pr_store_commit_scan() or
 * pr_store_end_scan(), which release the table's lock.
 *
 * Returns: the scan's id, or 0 with @error set
 */
gint64
pr_store_begin_scan (PrStore     *self,
                     const char  *table,
                     const char  *mapping_description,
                     guint64      mapping_version,
                     guint        k,
                     GError     **error)
{
  g_autofree char *lock = NULL;
  g_autofree char *interrupt = NULL;
  g_autofree char *insert = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  const char *lock_params[1];
  unsigned long lengths[2];
  MYSQL_BIND params[4];
  guint64 k64 = k;
  gint64 scan_id = 0;
  guint64 interrupted = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (mapping_description != NULL, 0);

  if (!check_table_name (table, error))
    return 0;
  if (k > 255)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY, _("a scan's k must be below 256, not %u"), k);
      return 0;
    }

  lock = lock_name (self, "scan", table);
  lock_params[0] = lock;
  rows = _pr_connection_select (self->connection, "SELECT GET_LOCK(?, 0)", lock_params, 1, error);
  if (rows == NULL)
    return 0;
  if (rows->len != 1 || g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "1") != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("another scan of the table “%s” is running (from another connection); "
                     "wait for it to finish"), table);
      return 0;
    }

  interrupt = g_strdup_printf ("UPDATE %s SET status = 'failed', finished_at = UTC_TIMESTAMP(6), "
                               "message = 'interrupted' WHERE source_table = ? AND status = 'running'",
                               self->q_scans);
  bind_string (&params[0], table, &lengths[0]);
  if (!run_statement (self, interrupt, params, &interrupted, NULL,
                      _("cannot close the table's interrupted scans"), error))
    goto fail;
  if (interrupted > 0)
    g_message (_("%llu earlier scan(s) of “%s” were interrupted; marked failed"),
               (unsigned long long) interrupted, table);

  insert = g_strdup_printf ("INSERT INTO %s (source_table, mapping, mapping_version, k, started_at, status) "
                            "VALUES (?, ?, ?, ?, UTC_TIMESTAMP(6), 'running')", self->q_scans);
  bind_string (&params[0], table, &lengths[0]);
  bind_string (&params[1], mapping_description, &lengths[1]);
  bind_u64 (&params[2], &mapping_version);
  bind_u64 (&params[3], &k64);
  if (!run_statement (self, insert, params, NULL, &scan_id, _("cannot record the scan"), error))
    goto fail;

  g_hash_table_insert (self->scan_locks, g_memdup2 (&scan_id, sizeof scan_id), g_steal_pointer (&lock));
  return scan_id;

fail:
  release_lock (self, lock);
  return 0;
}

static void
release_scan_lock (PrStore *self,
                   gint64   scan_id)
{
  const char *lock = g_hash_table_lookup (self->scan_locks, &scan_id);

  if (lock != NULL)
    {
      release_lock (self, lock);
      g_hash_table_remove (self->scan_locks, &scan_id);
    }
}

static void
add_stored (const char    *id,
            const guint64 *values,
            gpointer       user_data)
{
  PrStoredFingerprint *stored = g_new (PrStoredFingerprint, 1);

  stored->fingerprint = values[0];
  stored->content_hash = values[1];
  stored->sparse = values[2] != 0;
  stored->has_parts = FALSE;
  stored->parts = NULL;
  stored->n_parts = 0;
  g_hash_table_insert (user_data, g_strdup (id), stored);
}

static void
stored_fingerprint_free (PrStoredFingerprint *stored)
{
  g_free (stored->parts);
  g_free (stored);
}

/* Runs @sql, whose result is (record_id, a BLOB), and gives @func each
 * row's id and bytes (NULL and 0 for SQL NULL). */
typedef gboolean (*BlobRowFunc) (const char    *id,
                                 const guint8  *bytes,
                                 gsize          length,
                                 gpointer       user_data,
                                 GError       **error);

static gboolean
for_each_blob (PrStore     *self,
               const char  *sql,
               MYSQL_BIND  *params,
               BlobRowFunc  func,
               gpointer     user_data,
               const char  *what,
               GError     **error)
{
  MYSQL_STMT *stmt = execute (self, sql, params, what, error);
  MYSQL_BIND results[2] = { 0 };
  my_bool nulls[2] = { 0 };
  unsigned long id_length = 0, blob_length = 0;
  char id[MAX_ID_BYTES + 1];
  g_autoptr(GByteArray) blob = g_byte_array_new ();
  gboolean ok = FALSE;

  if (stmt == NULL)
    return FALSE;

  bind_id_result (&results[0], id, &id_length, &nulls[0]);
  /* No buffer: the length is learnt at each row, then the bytes fetched. */
  results[1].buffer_type = MYSQL_TYPE_BLOB;
  results[1].length = &blob_length;
  results[1].is_null = &nulls[1];
  if (mysql_stmt_bind_result (stmt, results) != 0)
    {
      _pr_db_set_stmt_error (error, stmt, what);
      goto out;
    }

  for (;;)
    {
      FetchStatus status = fetch_row (stmt, id, &id_length, &nulls[0], what, error);

      if (status == FETCH_DONE)
        break;
      if (status == FETCH_FAILED)
        goto out;
      g_byte_array_set_size (blob, blob_length);
      if (!nulls[1] && blob_length > 0)
        {
          MYSQL_BIND column = { 0 };

          column.buffer_type = MYSQL_TYPE_BLOB;
          column.buffer = blob->data;
          column.buffer_length = blob_length;
          if (mysql_stmt_fetch_column (stmt, &column, 1, 0) != 0)
            {
              _pr_db_set_stmt_error (error, stmt, what);
              goto out;
            }
        }
      if (!func (id, nulls[1] ? NULL : blob->data, nulls[1] ? 0 : blob_length, user_data, error))
        goto out;
    }
  ok = TRUE;

out:
  mysql_stmt_close (stmt);
  return ok;
}

static gboolean
add_stored_parts (const char    *id,
                  const guint8  *bytes,
                  gsize          length,
                  gpointer       user_data,
                  GError       **error)
{
  PrStoredFingerprint *stored = g_hash_table_lookup (user_data, id);
  g_autoptr(GError) local_error = NULL;

  if (stored == NULL)
    return TRUE;
  stored->has_parts = TRUE;
  stored->parts = pr_parts_decode (bytes, length, &stored->n_parts, &local_error);
  if (local_error != NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("the record “%s”: "), id);
      return FALSE;
    }
  return TRUE;
}

/**
 * pr_store_load_fingerprints:
 * @store: a store
 * @table: the source table
 * @mapping_version: the current mapping's version
 * @error: return location for a #GError
 *
 * The stored fingerprints an incremental scan compares with: those of
 * @table not retired and made with @mapping_version (a record stored
 * with another version is missing here, so it counts as changed).
 *
 * Returns: (transfer full) (element-type utf8 PrStoredFingerprint): record
 *   id → #PrStoredFingerprint, both owned by the table; %NULL on error
 */
GHashTable *
pr_store_load_fingerprints (PrStore     *self,
                            const char  *table,
                            guint64      mapping_version,
                            GError     **error)
{
  g_autoptr(GHashTable) stored = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                       (GDestroyNotify) stored_fingerprint_free);
  g_autofree char *sql = NULL;
  unsigned long length;
  MYSQL_BIND params[2];

  g_return_val_if_fail (self != NULL, NULL);

  if (!check_table_name (table, error))
    return NULL;

  sql = g_strdup_printf ("SELECT record_id, fingerprint, content_hash, sparse FROM %s "
                         "WHERE source_table = ? AND mapping_version = ? AND retired_at IS NULL",
                         self->q_fingerprints);
  bind_string (&params[0], table, &length);
  bind_u64 (&params[1], &mapping_version);
  if (!for_each_row (self, sql, params, 3, add_stored, stored,
                     _("cannot read the stored fingerprints"), error))
    return NULL;

  g_clear_pointer (&sql, g_free);
  sql = g_strdup_printf ("SELECT record_id, parts FROM %s WHERE source_table = ? AND mapping_version = ? "
                         "AND retired_at IS NULL AND parts IS NOT NULL", self->q_fingerprints);
  if (!for_each_blob (self, sql, params, add_stored_parts, stored, _("cannot read the stored fingerprints"), error))
    return NULL;

  return g_steal_pointer (&stored);
}

typedef struct {
  GHashTable *live;     /* record id → itself: stored and not retired */
  GHashTable *retired;  /* record id → itself: stored and retired */
} StoredIds;

static void
add_stored_id (const char    *id,
               const guint64 *values,
               gpointer       user_data)
{
  StoredIds *ids = user_data;
  char *copy = g_strdup (id);

  g_hash_table_add (values[0] ? ids->live : ids->retired, copy);
}

/* Runs "UPDATE … SET retired_at = @value WHERE source_table = ? AND
 * record_id IN (…)" for @ids, BATCH_ROWS at a time. */
static gboolean
set_retired (PrStore     *self,
             const char  *table,
             GPtrArray   *ids,
             const char  *value,
             GError     **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, BATCH_ROWS + 1);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, BATCH_ROWS + 1);

  for (guint start = 0; start < ids->len; start += BATCH_ROWS)
    {
      guint n = MIN (BATCH_ROWS, ids->len - start);
      g_autoptr(GString) sql = g_string_new (NULL);

      g_string_printf (sql, "UPDATE %s SET retired_at = %s WHERE source_table = ? AND record_id IN (",
                       self->q_fingerprints, value);
      bind_string (&params[0], table, &lengths[0]);
      for (guint i = 0; i < n; i++)
        {
          g_string_append (sql, i == 0 ? "?" : ", ?");
          bind_string (&params[i + 1], ids->pdata[start + i], &lengths[i + 1]);
        }
      g_string_append_c (sql, ')');
      if (!run_statement (self, sql->str, params, NULL, NULL, _("cannot retire stored fingerprints"), error))
        return FALSE;
    }
  return TRUE;
}

/* The upsert of changed fingerprints, one prepared statement per batch
 * size, its parameters rebound for each batch. */
#define UPSERT_COLUMNS 12

static char *
upsert_sql (PrStore *self,
            guint    n_rows)
{
  GString *sql = g_string_new (NULL);

  g_string_printf (sql, "INSERT INTO %s (source_table, record_id, fingerprint, b0, b1, b2, b3, "
                   "content_hash, sparse, parts, mapping_version, scan_id, scanned_at, retired_at) VALUES ",
                   self->q_fingerprints);
  for (guint i = 0; i < n_rows; i++)
    g_string_append (sql, i == 0 ? "(?,?,?,?,?,?,?,?,?,?,?,?,UTC_TIMESTAMP(6),NULL)"
                                 : ",(?,?,?,?,?,?,?,?,?,?,?,?,UTC_TIMESTAMP(6),NULL)");
  /* A returning record (retired before) is live again. */
  g_string_append (sql, " ON DUPLICATE KEY UPDATE fingerprint = VALUES(fingerprint), b0 = VALUES(b0), "
                   "b1 = VALUES(b1), b2 = VALUES(b2), b3 = VALUES(b3), content_hash = VALUES(content_hash), "
                   "sparse = VALUES(sparse), parts = VALUES(parts), mapping_version = VALUES(mapping_version), "
                   "scan_id = VALUES(scan_id), scanned_at = VALUES(scanned_at), retired_at = NULL");
  return g_string_free (sql, FALSE);
}

static gboolean
write_fingerprints (PrStore        *self,
                    const char     *table,
                    guint64         mapping_version,
                    gint64          scan_id,
                    GArray         *rows,
                    char *const    *record_ids,
                    const guint64  *fingerprints,
                    const guint64  *content_hashes,
                    const guint8   *sparse,
                    const PrPartTable *parts,
                    GError        **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, BATCH_ROWS * UPSERT_COLUMNS);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, BATCH_ROWS * 3);
  g_autoptr(GPtrArray) encoded = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint16 *blocks = g_new0 (guint16, BATCH_ROWS * 4);
  g_autofree guint8 *sparse_values = g_new0 (guint8, BATCH_ROWS);
  MYSQL_STMT *stmt = NULL;
  guint prepared_rows = 0;
  gboolean ok = FALSE;

  for (guint start = 0; start < rows->len; start += BATCH_ROWS)
    {
      guint n = MIN (BATCH_ROWS, rows->len - start);

      if (n != prepared_rows)
        {
          g_autofree char *sql = upsert_sql (self, n);

          g_clear_pointer (&stmt, mysql_stmt_close);
          stmt = mysql_stmt_init (handle (self));
          if (stmt == NULL)
            {
              _pr_db_set_error (error, handle (self), _("cannot write the fingerprints"));
              goto out;
            }
          if (mysql_stmt_prepare (stmt, sql, strlen (sql)) != 0)
            {
              _pr_db_set_stmt_error (error, stmt, _("cannot write the fingerprints"));
              goto out;
            }
          prepared_rows = n;
        }

      for (guint r = 0; r < n; r++)
        {
          gsize i = g_array_index (rows, gsize, start + r);
          MYSQL_BIND *p = params + r * UPSERT_COLUMNS;

          for (guint b = 0; b < 4; b++)
            blocks[r * 4 + b] = (guint16) (fingerprints[i] >> (16 * b));
          sparse_values[r] = sparse != NULL && sparse[i] ? 1 : 0;
          bind_string (&p[0], table, &lengths[r * 3]);
          bind_string (&p[1], record_ids[i], &lengths[r * 3 + 1]);
          bind_u64 (&p[2], &fingerprints[i]);
          for (guint b = 0; b < 4; b++)
            bind_u16 (&p[3 + b], &blocks[r * 4 + b]);
          bind_u64 (&p[7], &content_hashes[i]);
          bind_u8 (&p[8], &sparse_values[r]);
          /* NULL: no parts made; empty: none found. */
          memset (&p[9], 0, sizeof p[9]);
          p[9].buffer_type = MYSQL_TYPE_NULL;
          if (parts != NULL && parts->parts != NULL)
            {
              gsize length = 0;
              guint8 *bytes = pr_parts_encode (parts->parts + parts->offsets[i], parts->counts[i], &length);

              g_ptr_array_add (encoded, bytes);
              lengths[r * 3 + 2] = length;
              p[9].buffer_type = MYSQL_TYPE_BLOB;
              p[9].buffer = bytes != NULL ? (void *) bytes : (void *) "";
              p[9].buffer_length = length;
              p[9].length = &lengths[r * 3 + 2];
            }
          bind_u64 (&p[10], &mapping_version);
          bind_i64 (&p[11], &scan_id);
        }
      if (mysql_stmt_bind_param (stmt, params) != 0 || mysql_stmt_execute (stmt) != 0)
        {
          _pr_db_set_stmt_error (error, stmt, _("cannot write the fingerprints"));
          goto out;
        }
      g_ptr_array_set_size (encoded, 0);
    }
  ok = TRUE;

out:
  g_clear_pointer (&stmt, mysql_stmt_close);
  return ok;
}

/**
 * pr_store_commit_scan:
 * @store: a store
 * @scan_id: a scan from pr_store_begin_scan(), still running
 * @table: its source table
 * @mapping_version: the mapping's version
 * @n_records: the number of records the scan read
 * @record_ids: (array length=n_records): every record the scan read, each
 *   id at most once
 * @fingerprints: (array length=n_records): their fingerprints
 * @content_hashes: (array length=n_records): their content hashes
 * @sparse: (array length=n_records) (nullable): nonzero for records with
 *   too few features; %NULL: none
 * @changed: (array length=n_records) (nullable): nonzero for records to
 *   (re)write — new, changed, or stored with another mapping version;
 *   %NULL: all. For the others the stored fingerprint is kept and the
 *   three arrays above are not read.
 * @parts: (nullable): the records' parts, stored with the changed ones;
 *   %NULL: none made (an incremental scan with parts makes them again)
 * @counts: (nullable): the scan's counts, stored with it; retired_records
 *   is not taken from here but counted by the store. %NULL: only
 *   @n_records as the records read
 * @error: return location for a #GError
 *
 * Writes the fingerprints of the changed records, retires the stored ones
 * of records not in @record_ids (their rows stay, with retired_at set;
 * decisions about them are untouched), makes live again returning records,
 * and marks the scan 'complete' — all in one transaction: either all of it
 * is written, or none of it, and the scan stays 'running' (call
 * pr_store_end_scan() then). Releases the table's scan lock on success.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_commit_scan (PrStore             *self,
                      gint64               scan_id,
                      const char          *table,
                      guint64              mapping_version,
                      gsize                n_records,
                      char *const         *record_ids,
                      const guint64       *fingerprints,
                      const guint64       *content_hashes,
                      const guint8        *sparse,
                      const guint8        *changed,
                      const PrPartTable   *parts,
                      const PrScanCounts  *counts,
                      GError             **error)
{
  g_autoptr(GHashTable) scanned = g_hash_table_new (g_str_hash, g_str_equal);
  StoredIds stored = { 0 };
  g_autoptr(GArray) to_write = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GPtrArray) to_retire = g_ptr_array_new ();
  g_autoptr(GPtrArray) to_revive = g_ptr_array_new ();
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) status_rows = NULL;
  PrScanCounts zero = { 0 };
  unsigned long lengths[2];
  MYSQL_BIND params[8];
  char scan_id_text[24];
  const char *status_params[2];
  guint64 retired;
  gboolean ok = FALSE;
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (n_records == 0 || record_ids != NULL, FALSE);
  g_return_val_if_fail (n_records == 0 || fingerprints != NULL, FALSE);
  g_return_val_if_fail (n_records == 0 || content_hashes != NULL, FALSE);

  zero.records = n_records;
  if (counts == NULL)
    counts = &zero;
  if (!check_table_name (table, error))
    return FALSE;

  /* Everything that can be checked here is, before the first write. */
  for (gsize i = 0; i < n_records; i++)
    {
      if (!check_record_id (record_ids[i], _("the record id"), error))
        return FALSE;
      if (!g_hash_table_add (scanned, record_ids[i]))
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("the record id “%s” appears twice in one scan of “%s”"), record_ids[i], table);
          return FALSE;
        }
      if (changed == NULL || changed[i])
        g_array_append_val (to_write, i);
    }

  if (!begin_transaction (self, error))
    return FALSE;

  /* The scan row is locked for the transaction: its status cannot change
   * under us (another begin_scan calling it interrupted). */
  g_snprintf (scan_id_text, sizeof scan_id_text, "%" G_GINT64_FORMAT, scan_id);
  status_params[0] = scan_id_text;
  status_params[1] = table;
  sql = g_strdup_printf ("SELECT status FROM %s WHERE id = ? AND source_table = ? FOR UPDATE", self->q_scans);
  status_rows = _pr_connection_select (self->connection, sql, status_params, 2, error);
  if (status_rows == NULL)
    goto out;
  if (status_rows->len == 0 || g_strcmp0 (((PrDbRow *) status_rows->pdata[0])->values[0], "running") != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("scan %lld of “%s” is not running (%s); its results are not stored"),
                   (long long) scan_id, table, status_rows->len == 0 ? _("no such scan")
                   : ((PrDbRow *) status_rows->pdata[0])->values[0]);
      goto out;
    }

  stored.live = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  stored.retired = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_clear_pointer (&sql, g_free);
  sql = g_strdup_printf ("SELECT record_id, retired_at IS NULL FROM %s WHERE source_table = ?",
                         self->q_fingerprints);
  bind_string (&params[0], table, &lengths[0]);
  if (!for_each_row (self, sql, params, 1, add_stored_id, &stored,
                     _("cannot read the stored fingerprints"), error))
    goto out;

  for (gsize i = 0; i < n_records; i++)
    {
      if (changed == NULL || changed[i])
        continue;
      if (g_hash_table_contains (stored.retired, record_ids[i]))
        g_ptr_array_add (to_revive, record_ids[i]);
      else if (!g_hash_table_contains (stored.live, record_ids[i]))
        {
          /* A caller's mistake, and storing nothing for it would lose the
           * record from every later check. */
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("the record “%s” is marked unchanged but has no stored fingerprint"), record_ids[i]);
          goto out;
        }
    }
  g_hash_table_iter_init (&iter, stored.live);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (scanned, key))
      g_ptr_array_add (to_retire, key);
  retired = to_retire->len;

  if (!write_fingerprints (self, table, mapping_version, scan_id, to_write, record_ids,
                           fingerprints, content_hashes, sparse, parts, error) ||
      !set_retired (self, table, to_retire, "UTC_TIMESTAMP(6)", error) ||
      !set_retired (self, table, to_revive, "NULL", error))
    goto out;

  g_clear_pointer (&sql, g_free);
  sql = g_strdup_printf ("UPDATE %s SET status = 'complete', finished_at = UTC_TIMESTAMP(6), "
                         "records = ?, new_records = ?, changed_records = ?, retired_records = ?, "
                         "pairs = ?, clusters = ?, message = NULL WHERE id = ?", self->q_scans);
  bind_u64 (&params[0], &counts->records);
  bind_u64 (&params[1], &counts->new_records);
  bind_u64 (&params[2], &counts->changed_records);
  bind_u64 (&params[3], &retired);
  bind_u64 (&params[4], &counts->pairs);
  bind_u64 (&params[5], &counts->clusters);
  bind_i64 (&params[6], &scan_id);
  if (!run_statement (self, sql, params, NULL, NULL, _("cannot mark the scan complete"), error) ||
      !commit_transaction (self, error))
    goto out;

  ok = TRUE;
  release_scan_lock (self, scan_id);
  g_debug ("scan %" G_GINT64_FORMAT " of %s: %u written, %u retired, %u back", scan_id, table,
           to_write->len, to_retire->len, to_revive->len);

out:
  if (!ok)
    rollback_transaction (self);
  g_clear_pointer (&stored.live, g_hash_table_unref);
  g_clear_pointer (&stored.retired, g_hash_table_unref);
  return ok;
}

/**
 * pr_store_end_scan:
 * @store: a store
 * @scan_id: a running scan
 * @status: %PR_SCAN_FAILED or %PR_SCAN_CANCELLED
 * @message: (nullable): why, for the scan's record
 * @error: return location for a #GError
 *
 * Marks a scan that will not be committed, on the caller's error and
 * cancel paths, and releases the table's scan lock (even when the update
 * fails: with the connection gone, the server has released it anyway).
 * A scan no longer running is left as it is.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_end_scan (PrStore       *self,
                   gint64         scan_id,
                   PrScanStatus   status,
                   const char    *message,
                   GError       **error)
{
  g_autofree char *sql = NULL;
  unsigned long lengths[2];
  MYSQL_BIND params[3];
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (status == PR_SCAN_FAILED || status == PR_SCAN_CANCELLED, FALSE);

  sql = g_strdup_printf ("UPDATE %s SET status = ?, finished_at = UTC_TIMESTAMP(6), message = ? "
                         "WHERE id = ? AND status = 'running'", self->q_scans);
  bind_string (&params[0], status == PR_SCAN_FAILED ? "failed" : "cancelled", &lengths[0]);
  bind_string (&params[1], message, &lengths[1]);
  bind_i64 (&params[2], &scan_id);
  ok = run_statement (self, sql, params, NULL, NULL, _("cannot mark the scan ended"), error);
  release_scan_lock (self, scan_id);

  return ok;
}

/* Single-record check */

/**
 * pr_store_match_clear:
 * @match: a match
 *
 * Frees the match's contents, not the match: the clear func of the
 * array pr_store_check() returns.
 */
void
pr_store_match_clear (PrStoreMatch *match)
{
  g_clear_pointer (&match->record_id, g_free);
}

static void
add_match (const char    *id,
           const guint64 *values,
           gpointer       user_data)
{
  PrStoreMatch match = { g_strdup (id), (guint32) values[0] };

  g_array_append_val (user_data, match);
}

static int
compare_matches (gconstpointer a,
                 gconstpointer b)
{
  const PrStoreMatch *x = a, *y = b;

  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  return strcmp (x->record_id, y->record_id);
}

/**
 * pr_store_check:
 * @store: a store
 * @table: the source table
 * @mapping_version: the fingerprints' version (pr_fingerprint_version()):
 *   fingerprints made under another mapping are not comparable
 * @fingerprint: the fingerprint of a record (stored or not)
 * @k: the largest distance to report
 * @error: return location for a #GError
 *
 * Which stored records of @table are within @k bits of @fingerprint,
 * leaving out retired and sparse ones. A stored record with this very
 * fingerprint (the record itself, when checked by id) is among them, at
 * distance 0. For k ≤ 3 at least one of the four 16-bit blocks is equal
 * (pigeonhole), so the block indexes find the candidates; a larger k
 * reads every stored fingerprint of the table.
 *
 * Returns: (transfer full) (element-type PrStoreMatch): the matches by
 *   distance, then record id (byte order); %NULL on error
 */
GArray *
pr_store_check (PrStore     *self,
                const char  *table,
                guint64      mapping_version,
                guint64      fingerprint,
                guint        k,
                GError     **error)
{
  g_autoptr(GArray) matches = g_array_new (FALSE, FALSE, sizeof (PrStoreMatch));
  g_autoptr(GString) sql = g_string_new (NULL);
  guint16 blocks[4];
  guint64 k64 = k;
  unsigned long length;
  MYSQL_BIND params[4 * 6];
  guint n_params = 0;

  g_return_val_if_fail (self != NULL, NULL);

  g_array_set_clear_func (matches, (GDestroyNotify) pr_store_match_clear);
  if (!check_table_name (table, error))
    return NULL;

  /* One ranged read per block index, each evaluating BIT_COUNT on the
   * index entries (index condition pushdown) so that only the matches are
   * read from the table; an OR of the blocks became an index merge that
   * read all ~600 candidates of 10^7 from the table. UNION drops a record
   * found through two blocks. */
  for (guint b = 0; b < (k <= 3 ? 4 : 1); b++)
    {
      if (b > 0)
        g_string_append (sql, " UNION ");
      g_string_append_printf (sql, "SELECT record_id, BIT_COUNT(fingerprint ^ ?) FROM %s ",
                              self->q_fingerprints);
      bind_u64 (&params[n_params++], &fingerprint);
      if (k <= 3)
        {
          /* Pigeonhole: within 3 bits, one of the four blocks is equal. */
          blocks[b] = (guint16) (fingerprint >> (16 * b));
          g_string_append_printf (sql, "FORCE INDEX (pr_fingerprints_b%u) WHERE b%u = ? AND ", b, b);
          bind_u16 (&params[n_params++], &blocks[b]);
        }
      else
        g_string_append (sql, "WHERE ");
      g_string_append (sql, "BIT_COUNT(fingerprint ^ ?) <= ? AND source_table = ? AND mapping_version = ? "
                       "AND retired_at IS NULL AND sparse = 0");
      bind_u64 (&params[n_params++], &fingerprint);
      bind_u64 (&params[n_params++], &k64);
      bind_string (&params[n_params++], table, &length);
      bind_u64 (&params[n_params++], &mapping_version);
    }

  if (!for_each_row (self, sql->str, params, 1, add_match, matches,
                     _("cannot check against the stored fingerprints"), error))
    return NULL;

  g_array_sort (matches, compare_matches);
  return g_steal_pointer (&matches);
}

/**
 * pr_store_check_scanned:
 * @store: a store
 * @table: the source table
 * @mapping_version: the version of the mapping a check fingerprints with
 * @error: return location for a #GError
 *
 * Whether the last complete scan of @table stored its fingerprints with
 * @mapping_version, which pr_store_check() compares with: against another
 * mapping's fingerprints a check finds nothing, an answer that must not
 * pass for "no repeat".
 *
 * Returns: %FALSE with %PR_DB_ERROR_QUERY naming the scan's mapping, or
 *   saying that nothing was scanned
 */
gboolean
pr_store_check_scanned (PrStore     *self,
                        const char  *table,
                        guint64      mapping_version,
                        GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT mapping_version, mapping, started_at FROM %s "
                                          "WHERE source_table = ? AND status = 'complete' "
                                          "ORDER BY id DESC LIMIT 1", self->q_scans);
  g_autofree char *version_text = g_strdup_printf ("%" G_GUINT64_FORMAT, mapping_version);
  const char *params[] = { table };
  g_autoptr(GPtrArray) rows = NULL;
  const PrDbRow *row;

  g_return_val_if_fail (self != NULL, FALSE);

  if (!check_table_name (table, error))
    return FALSE;
  rows = _pr_connection_select (self->connection, sql, params, 1, error);
  if (rows == NULL)
    return FALSE;
  if (rows->len == 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the store “%s” holds no complete scan of “%s”; scan the table with --store first"),
                   self->schema, table);
      return FALSE;
    }
  row = rows->pdata[0];
  if (g_strcmp0 (row->values[0], version_text) != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the fingerprints of “%s” were stored with another mapping (the scan of %s used: %s); "
                     "give the mapping flags that scan was given"),
                   table, row->values[2], row->values[1]);
      return FALSE;
    }
  return TRUE;
}

static void
keep_fingerprint (const char    *id,
                  const guint64 *values,
                  gpointer       user_data)
{
  guint64 *out = user_data;

  out[0] = 1;
  out[1] = values[0];
  out[2] = values[1];
  out[3] = values[2];
}

/**
 * pr_store_check_record:
 * @store: a store
 * @table: the source table
 * @record_id: a record with a stored, live fingerprint
 * @k: the largest distance to report
 * @error: return location for a #GError
 *
 * pr_store_check() with the stored fingerprint of @record_id, the record
 * itself left out. A sparse record matches nothing (empty records are not
 * repeats of each other on fingerprint alone).
 *
 * Returns: (transfer full) (element-type PrStoreMatch): the matches, as
 *   pr_store_check(); %NULL with %PR_DB_ERROR_QUERY when the record has no
 *   live stored fingerprint
 */
GArray *
pr_store_check_record (PrStore     *self,
                       const char  *table,
                       const char  *record_id,
                       guint        k,
                       GError     **error)
{
  g_autofree char *sql = NULL;
  g_autoptr(GArray) matches = NULL;
  guint64 found[4] = { 0 };
  unsigned long lengths[2];
  MYSQL_BIND params[2];

  g_return_val_if_fail (self != NULL, NULL);

  if (!check_table_name (table, error) || !check_record_id (record_id, _("the record id"), error))
    return NULL;

  sql = g_strdup_printf ("SELECT record_id, fingerprint, sparse, mapping_version FROM %s "
                         "WHERE source_table = ? AND record_id = ? AND retired_at IS NULL",
                         self->q_fingerprints);
  bind_string (&params[0], table, &lengths[0]);
  bind_string (&params[1], record_id, &lengths[1]);
  if (!for_each_row (self, sql, params, 3, keep_fingerprint, found,
                     _("cannot read the record's stored fingerprint"), error))
    return NULL;
  if (!found[0])
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the record “%s” of “%s” has no stored fingerprint; scan the table, "
                     "or check the record's own fingerprint"), record_id, table);
      return NULL;
    }
  if (found[2])
    {
      matches = g_array_new (FALSE, FALSE, sizeof (PrStoreMatch));
      g_array_set_clear_func (matches, (GDestroyNotify) pr_store_match_clear);
      return g_steal_pointer (&matches);
    }

  /* Against the fingerprints made the way this one was. */
  matches = pr_store_check (self, table, found[3], found[1], k, error);
  if (matches == NULL)
    return NULL;
  for (guint i = 0; i < matches->len; i++)
    if (strcmp (g_array_index (matches, PrStoreMatch, i).record_id, record_id) == 0)
      {
        g_array_remove_index (matches, i);
        break;
      }
  return g_steal_pointer (&matches);
}

/* Decisions */

/**
 * pr_decision_free:
 * @decision: (nullable) (transfer full): a decision
 */
void
pr_decision_free (PrDecision *decision)
{
  if (decision == NULL)
    return;

  g_free (decision->table);
  g_free (decision->record_id);
  g_free (decision->primary_id);
  g_free (decision->reviewer);
  g_free (decision->note);
  g_free (decision->old_values);
  g_free (decision);
}

/**
 * pr_decision_copy:
 * @decision: a decision
 *
 * Returns: (transfer full): a deep copy, to free with pr_decision_free()
 */
PrDecision *
pr_decision_copy (const PrDecision *decision)
{
  PrDecision *copy = g_new (PrDecision, 1);

  *copy = *decision;
  copy->table = g_strdup (decision->table);
  copy->record_id = g_strdup (decision->record_id);
  copy->primary_id = g_strdup (decision->primary_id);
  copy->reviewer = g_strdup (decision->reviewer);
  copy->note = g_strdup (decision->note);
  copy->old_values = g_strdup (decision->old_values);
  return copy;
}

/* The undo's target, locked until the transaction ends, so that of two
 * reviewers undoing it at once the second waits and then sees the first's
 * undo. Fills in the undo's record and primary ids from the target. */
static gboolean
check_undo_target (PrStore     *self,
                   PrDecision  *decision,
                   GError     **error)
{
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  char id_text[24];
  const char *params[1] = { id_text };
  PrDbRow *row;

  g_snprintf (id_text, sizeof id_text, "%" G_GINT64_FORMAT, decision->undoes);
  sql = g_strdup_printf ("SELECT source_table, record_id, primary_id, verdict FROM %s WHERE id = ? FOR UPDATE",
                         self->q_decisions);
  rows = _pr_connection_select (self->connection, sql, params, 1, error);
  if (rows == NULL)
    return FALSE;
  if (rows->len == 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("there is no decision %lld to undo"), (long long) decision->undoes);
      return FALSE;
    }
  row = rows->pdata[0];
  if (g_strcmp0 (row->values[0], decision->table) != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("decision %lld is about the table “%s”, not “%s”"),
                   (long long) decision->undoes, row->values[0], decision->table);
      return FALSE;
    }
  if (g_strcmp0 (row->values[3], "undo") == 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("decision %lld is itself an undo and cannot be undone; "
                     "record the decision again instead"), (long long) decision->undoes);
      return FALSE;
    }

  g_free (decision->record_id);
  decision->record_id = g_strdup (row->values[1]);
  g_free (decision->primary_id);
  decision->primary_id = g_strdup (row->values[2]);

  /* A locking read too: it sees the latest committed rows, not the
   * transaction's snapshot. */
  g_clear_pointer (&sql, g_free);
  g_clear_pointer (&rows, g_ptr_array_unref);
  sql = g_strdup_printf ("SELECT id FROM %s WHERE undoes = ? FOR UPDATE", self->q_decisions);
  rows = _pr_connection_select (self->connection, sql, params, 1, error);
  if (rows == NULL)
    return FALSE;
  if (rows->len > 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("decision %lld was already undone by decision %s"),
                   (long long) decision->undoes, ((PrDbRow *) rows->pdata[0])->values[0]);
      return FALSE;
    }
  return TRUE;
}

/* What pr_store_add_decision() and the write-back check before they
 * touch the server. */
static gboolean
validate_decision (const PrDecision  *decision,
                   GError           **error)
{
  gboolean undo = decision->verdict == PR_VERDICT_UNDO;

  if (!check_table_name (decision->table, error))
    return FALSE;
  if ((guint) decision->verdict >= G_N_ELEMENTS (verdict_names))
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY, _("unknown verdict %d"), decision->verdict);
      return FALSE;
    }
  if (decision->reviewer == NULL || decision->reviewer[0] == '\0' ||
      !g_utf8_validate (decision->reviewer, -1, NULL) || g_utf8_strlen (decision->reviewer, -1) > MAX_ID_CHARS)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("a decision needs a reviewer's name (UTF-8, at most %d characters)"), MAX_ID_CHARS);
      return FALSE;
    }
  if (decision->note != NULL && !g_utf8_validate (decision->note, -1, NULL))
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY, _("a decision's note must be UTF-8"));
      return FALSE;
    }
  if (undo != (decision->undoes != 0))
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   undo ? _("an undo must name the decision it undoes")
                        : _("only an undo may name a decision it undoes"));
      return FALSE;
    }
  if (!undo && (!check_record_id (decision->record_id, _("the decision's record id"), error) ||
                (decision->primary_id != NULL &&
                 !check_record_id (decision->primary_id, _("the decision's primary id"), error))))
    return FALSE;
  return TRUE;
}

/* Inside a transaction: appends the row, and reads back its time in
 * microseconds since the epoch (whatever the session's time zone). */
static gint64
insert_decision (PrStore           *self,
                 const PrDecision  *decision,
                 const char        *old_values,
                 gint64            *micros,
                 GError           **error)
{
  g_autofree char *sql = NULL;
  g_autofree char *time_sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  unsigned long lengths[7];
  MYSQL_BIND params[8];
  gint64 id = 0;
  char id_text[24];
  const char *time_params[1] = { id_text };
  const char *value;

  sql = g_strdup_printf ("INSERT INTO %s (source_table, record_id, primary_id, verdict, reviewer, "
                         "decided_at, note, undoes, old_values) "
                         "VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(6), ?, ?, ?)",
                         self->q_decisions);
  bind_string (&params[0], decision->table, &lengths[0]);
  bind_string (&params[1], decision->record_id, &lengths[1]);
  bind_string (&params[2], decision->primary_id, &lengths[2]);
  bind_string (&params[3], verdict_names[decision->verdict], &lengths[3]);
  bind_string (&params[4], decision->reviewer, &lengths[4]);
  bind_string (&params[5], decision->note, &lengths[5]);
  if (decision->undoes != 0)
    bind_i64 (&params[6], &decision->undoes);
  else
    {
      memset (&params[6], 0, sizeof params[6]);
      params[6].buffer_type = MYSQL_TYPE_NULL;
    }
  bind_string (&params[7], old_values, &lengths[6]);
  if (!run_statement (self, sql, params, NULL, &id, _("cannot record the decision"), error))
    return 0;

  g_snprintf (id_text, sizeof id_text, "%" G_GINT64_FORMAT, id);
  time_sql = g_strdup_printf ("SELECT TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', decided_at) "
                              "FROM %s WHERE id = ?", self->q_decisions);
  rows = _pr_connection_select (self->connection, time_sql, time_params, 1, error);
  if (rows == NULL)
    return 0;
  value = rows->len > 0 ? ((PrDbRow *) rows->pdata[0])->values[0] : NULL;
  *micros = value != NULL ? g_ascii_strtoll (value, NULL, 10) : 0;
  return id;
}

/**
 * pr_store_add_decision:
 * @store: a store
 * @decision: (inout): the decision: table, record_id, verdict and reviewer
 *   required, primary_id and note nullable; for %PR_VERDICT_UNDO, undoes
 *   names the decision undone, and record_id and primary_id are replaced
 *   by that decision's
 * @error: return location for a #GError
 *
 * Appends the decision to the log, and nothing else: the source table is
 * not touched (write-back off; see pr_store_add_decision_written_back()).
 * Sets @decision's id and decided_at (the server's clock, UTC); its
 * old_values is not read, and not stored. An undo of a decision that does
 * not exist, of an undo, or of a decision already undone is refused.
 *
 * Returns: the decision's id, or 0 with @error set
 */
gint64
pr_store_add_decision (PrStore     *self,
                       PrDecision  *decision,
                       GError     **error)
{
  gint64 id;
  gint64 micros = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (decision != NULL, 0);

  if (!validate_decision (decision, error))
    return 0;

  if (!begin_decision_transaction (self, error))
    return 0;
  if (decision->verdict == PR_VERDICT_UNDO && !check_undo_target (self, decision, error))
    goto fail;
  id = insert_decision (self, decision, NULL, &micros, error);
  if (id == 0 || !commit_transaction (self, error))
    goto fail;

  decision->id = id;
  decision->decided_at = micros / G_USEC_PER_SEC;
  return id;

fail:
  rollback_transaction (self);
  return 0;
}

/* Rows of pr_decisions as strings, in id order, those after @after only;
 * the columns are those of the CSV export, then decided_at in
 * microseconds, then old_values. */
static GPtrArray *
select_decisions (PrStore     *self,
                  const char  *table,
                  gint64       after,
                  GError     **error)
{
  g_autofree char *sql = NULL;
  char after_text[24];
  const char *params[2] = { after_text, table };

  g_snprintf (after_text, sizeof after_text, "%" G_GINT64_FORMAT, after);
  /* A range of the primary key: reading the decisions since the last
   * look costs what they are, not what the log is. */
  sql = g_strdup_printf ("SELECT id, source_table, record_id, primary_id, verdict, reviewer, "
                         "DATE_FORMAT(decided_at, '%%Y-%%m-%%d %%H:%%i:%%s.%%f'), note, undoes, "
                         "TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', decided_at), old_values "
                         "FROM %s WHERE id > CAST(? AS SIGNED) %s ORDER BY id", self->q_decisions,
                         table != NULL ? "AND source_table = ?" : "");
  return _pr_connection_select (self->connection, sql, params, table != NULL ? 2 : 1, error);
}

/**
 * pr_store_list_decisions:
 * @store: a store
 * @table: (nullable): a source table, or %NULL for all
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type PrDecision): the decisions in the
 *   order they were made (id order), undos included; %NULL on error
 */
GPtrArray *
pr_store_list_decisions (PrStore     *self,
                         const char  *table,
                         GError     **error)
{
  return pr_store_list_decisions_after (self, table, 0, error);
}

/**
 * pr_store_list_decisions_after:
 * @store: a store
 * @table: (nullable): a source table, or %NULL for all
 * @after: a decision id: only the decisions after it are listed
 * @error: return location for a #GError
 *
 * What other connections decided since @after, cheaply: a range of the
 * log's primary key. Ids are handed out as decisions are made, but the
 * decisions are seen as they commit, and a decision made a moment before
 * another may commit after it: a caller that looks again should look
 * from somewhat before the last id it saw (see pr-session.c).
 *
 * Returns: (transfer full) (element-type PrDecision): the decisions in id
 *   order, undos included; %NULL on error
 */
GPtrArray *
pr_store_list_decisions_after (PrStore     *self,
                               const char  *table,
                               gint64       after,
                               GError     **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) decisions = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (after >= 0, NULL);

  rows = select_decisions (self, table, after, error);
  if (rows == NULL)
    return NULL;

  decisions = g_ptr_array_new_full (rows->len, (GDestroyNotify) pr_decision_free);
  for (guint i = 0; i < rows->len; i++)
    {
      PrDbRow *row = rows->pdata[i];
      PrDecision *decision = g_new0 (PrDecision, 1);

      g_ptr_array_add (decisions, decision);
      decision->id = g_ascii_strtoll (row->values[0], NULL, 10);
      decision->table = g_strdup (row->values[1]);
      decision->record_id = g_strdup (row->values[2]);
      decision->primary_id = g_strdup (row->values[3]);
      if (!verdict_from_string (row->values[4], &decision->verdict))
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("decision %s has an unknown verdict “%s”"), row->values[0],
                       row->values[4] != NULL ? row->values[4] : "NULL");
          return NULL;
        }
      decision->reviewer = g_strdup (row->values[5]);
      decision->note = g_strdup (row->values[7]);
      decision->undoes = row->values[8] != NULL ? g_ascii_strtoll (row->values[8], NULL, 10) : 0;
      decision->decided_at = row->values[9] != NULL
                             ? g_ascii_strtoll (row->values[9], NULL, 10) / G_USEC_PER_SEC : 0;
      decision->old_values = g_strdup (row->values[10]);
    }

  return g_steal_pointer (&decisions);
}

/**
 * pr_store_export_decisions:
 * @store: a store
 * @table: (nullable): a source table, or %NULL for all
 * @writer: where the rows go; not closed here
 * @error: return location for a #GError
 *
 * Writes a header row "id,table,record_id,primary_id,verdict,reviewer,
 * decided_at,note,undoes" and one row per decision in id order;
 * decided_at is UTC as "YYYY-MM-DD HH:MM:SS.ffffff", a missing note or
 * undoes is an empty field.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_export_decisions (PrStore      *self,
                           const char   *table,
                           PrCsvWriter  *writer,
                           GError      **error)
{
  static const char *const header[] = {
    "id", "table", "record_id", "primary_id", "verdict", "reviewer", "decided_at", "note", "undoes",
  };
  g_autoptr(GPtrArray) rows = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (writer != NULL, FALSE);

  rows = select_decisions (self, table, 0, error);
  if (rows == NULL)
    return FALSE;
  if (!pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), error))
    return FALSE;

  for (guint i = 0; i < rows->len; i++)
    {
      PrDbRow *row = rows->pdata[i];
      const char *fields[G_N_ELEMENTS (header)];

      for (guint f = 0; f < G_N_ELEMENTS (header); f++)
        fields[f] = row->values[f] != NULL ? row->values[f] : "";
      if (!pr_csv_writer_write_row (writer, fields, G_N_ELEMENTS (fields), error))
        return FALSE;
    }

  return TRUE;
}

/* Write-back
 *
 * A written-back decision's old_values is a JSON object of two objects,
 * "old" (the configured columns before the decision) and "new" (the same
 * columns after it, as the server stored them), each mapping a column name,
 * as the catalogue spells it, to the column's value as text, or null for
 * SQL NULL:
 *
 *   {"old":{"repeat_of":null,"status":""},"new":{"repeat_of":"12","status":"重复"}}
 *
 * "old" is what an undo restores; "new" is what the row must still hold
 * for the undo to go ahead, so that it never overwrites someone else's
 * later change. An undo's own row records the same for the change the
 * undo made. GLib has no JSON: the writer and the reader below handle
 * exactly this shape (strings and null), with the full string escapes. */

#define MAX_WRITE_COLUMNS 2

typedef struct {
  guint  n;
  char  *names[MAX_WRITE_COLUMNS];
  char  *values[MAX_WRITE_COLUMNS];   /* NULL for SQL NULL */
} ColumnValues;

static void
column_values_clear (ColumnValues *values)
{
  for (guint i = 0; i < values->n; i++)
    {
      g_clear_pointer (&values->names[i], g_free);
      g_clear_pointer (&values->values[i], g_free);
    }
  values->n = 0;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ColumnValues, column_values_clear)

/**
 * pr_write_back_new:
 * @table: the source table
 * @id_column: its column of record ids
 * @repeat_of_column: (nullable): a column for the primary's id
 * @status_column: (nullable): a column for a status
 * @status_repeat: (nullable): the status of a repeat; required with @status_column
 * @status_not_repeat: (nullable): the status of a record found not to be a
 *   repeat; required with @status_column
 *
 * The names are copied; they are checked against the catalogue when used
 * (pr_store_check_write_back()).
 *
 * Returns: (transfer full): a new write-back configuration
 */
PrWriteBack *
pr_write_back_new (const char *table,
                   const char *id_column,
                   const char *repeat_of_column,
                   const char *status_column,
                   const char *status_repeat,
                   const char *status_not_repeat)
{
  PrWriteBack *write_back = g_new0 (PrWriteBack, 1);

  write_back->table = g_strdup (table);
  write_back->id_column = g_strdup (id_column);
  write_back->repeat_of_column = g_strdup (repeat_of_column);
  write_back->status_column = g_strdup (status_column);
  write_back->status_repeat = g_strdup (status_repeat);
  write_back->status_not_repeat = g_strdup (status_not_repeat);
  return write_back;
}

/**
 * pr_write_back_free:
 * @write_back: (nullable) (transfer full): a write-back configuration
 */
void
pr_write_back_free (PrWriteBack *write_back)
{
  if (write_back == NULL)
    return;

  g_free (write_back->table);
  g_free (write_back->id_column);
  g_free (write_back->repeat_of_column);
  g_free (write_back->status_column);
  g_free (write_back->status_repeat);
  g_free (write_back->status_not_repeat);
  g_free (write_back);
}

static void
json_append_string (GString    *out,
                    const char *value)
{
  if (value == NULL)
    {
      g_string_append (out, "null");
      return;
    }

  g_string_append_c (out, '"');
  for (const guchar *p = (const guchar *) value; *p != '\0'; p++)
    switch (*p)
      {
      case '"':
        g_string_append (out, "\\\"");
        break;
      case '\\':
        g_string_append (out, "\\\\");
        break;
      case '\n':
        g_string_append (out, "\\n");
        break;
      case '\r':
        g_string_append (out, "\\r");
        break;
      case '\t':
        g_string_append (out, "\\t");
        break;
      default:
        /* UTF-8 goes as it is: the column is utf8mb4, and the values were
         * checked to be UTF-8 when they were read. */
        if (*p < 0x20)
          g_string_append_printf (out, "\\u%04x", *p);
        else
          g_string_append_c (out, (char) *p);
        break;
      }
  g_string_append_c (out, '"');
}

static void
json_append_columns (GString            *out,
                     const ColumnValues *values)
{
  g_string_append_c (out, '{');
  for (guint i = 0; i < values->n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      json_append_string (out, values->names[i]);
      g_string_append_c (out, ':');
      json_append_string (out, values->values[i]);
    }
  g_string_append_c (out, '}');
}

static char *
old_values_to_json (const ColumnValues *before,
                    const ColumnValues *after)
{
  GString *out = g_string_new ("{\"old\":");

  json_append_columns (out, before);
  g_string_append (out, ",\"new\":");
  json_append_columns (out, after);
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}

static void
json_skip_space (const char **p)
{
  while (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r')
    (*p)++;
}

static gboolean
json_expect (const char **p,
             char         c)
{
  json_skip_space (p);
  if (**p != c)
    return FALSE;
  (*p)++;
  return TRUE;
}

static gboolean
json_read_hex4 (const char **p,
                gunichar    *value)
{
  *value = 0;
  for (guint i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value ((*p)[i]);

      if (digit < 0)
        return FALSE;
      *value = *value * 16 + (gunichar) digit;
    }
  *p += 4;
  return TRUE;
}

/* A JSON string, or null (*out NULL). \u0000 is refused: a C string
 * cannot hold it, and the writer never makes it (values with NUL are
 * refused before they are written back). */
static gboolean
json_read_string_or_null (const char **p,
                          char       **out)
{
  g_autoptr(GString) value = NULL;

  *out = NULL;
  json_skip_space (p);
  if (strncmp (*p, "null", 4) == 0)
    {
      *p += 4;
      return TRUE;
    }
  if (**p != '"')
    return FALSE;
  (*p)++;

  value = g_string_new (NULL);
  for (;;)
    {
      guchar c = (guchar) **p;

      if (c == '\0' || c < 0x20)
        return FALSE;
      (*p)++;
      if (c == '"')
        break;
      if (c != '\\')
        {
          g_string_append_c (value, (char) c);
          continue;
        }

      c = (guchar) **p;
      (*p)++;
      switch (c)
        {
        case '"':
        case '\\':
        case '/':
          g_string_append_c (value, (char) c);
          break;
        case 'b':
          g_string_append_c (value, '\b');
          break;
        case 'f':
          g_string_append_c (value, '\f');
          break;
        case 'n':
          g_string_append_c (value, '\n');
          break;
        case 'r':
          g_string_append_c (value, '\r');
          break;
        case 't':
          g_string_append_c (value, '\t');
          break;
        case 'u':
          {
            gunichar u, low;

            if (!json_read_hex4 (p, &u) || u == 0)
              return FALSE;
            if (u >= 0xd800 && u < 0xdc00)
              {
                if ((*p)[0] != '\\' || (*p)[1] != 'u')
                  return FALSE;
                *p += 2;
                if (!json_read_hex4 (p, &low) || low < 0xdc00 || low >= 0xe000)
                  return FALSE;
                u = 0x10000 + ((u - 0xd800) << 10) + (low - 0xdc00);
              }
            else if (u >= 0xdc00 && u < 0xe000)
              return FALSE;
            g_string_append_unichar (value, u);
          }
          break;
        default:
          return FALSE;
        }
    }

  if (!g_utf8_validate (value->str, value->len, NULL))
    return FALSE;
  *out = g_string_free (g_steal_pointer (&value), FALSE);
  return TRUE;
}

static gboolean
json_read_columns (const char   **p,
                   ColumnValues  *values)
{
  if (!json_expect (p, '{'))
    return FALSE;
  json_skip_space (p);
  if (**p == '}')
    {
      (*p)++;
      return TRUE;
    }
  for (;;)
    {
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;

      if (!json_read_string_or_null (p, &name) || name == NULL ||
          !json_expect (p, ':') || !json_read_string_or_null (p, &value))
        return FALSE;
      if (values->n == MAX_WRITE_COLUMNS)
        return FALSE;
      for (guint i = 0; i < values->n; i++)
        if (strcmp (values->names[i], name) == 0)
          return FALSE;
      values->names[values->n] = g_steal_pointer (&name);
      values->values[values->n] = g_steal_pointer (&value);
      values->n++;

      json_skip_space (p);
      if (**p == '}')
        {
          (*p)++;
          return TRUE;
        }
      if (**p != ',')
        return FALSE;
      (*p)++;
    }
}

/* Reads what old_values_to_json() wrote; "old" and "new" must name the
 * same columns, in the same order. */
static gboolean
old_values_from_json (const char    *text,
                      gint64         decision_id,
                      ColumnValues  *before,
                      ColumnValues  *after,
                      GError       **error)
{
  const char *p = text;
  gboolean have_old = FALSE, have_new = FALSE;

  if (!json_expect (&p, '{'))
    goto bad;
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *key = NULL;

      if (i > 0 && !json_expect (&p, ','))
        goto bad;
      if (!json_read_string_or_null (&p, &key) || key == NULL || !json_expect (&p, ':'))
        goto bad;
      if (strcmp (key, "old") == 0 && !have_old)
        have_old = json_read_columns (&p, before);
      else if (strcmp (key, "new") == 0 && !have_new)
        have_new = json_read_columns (&p, after);
      else
        goto bad;
      if (!(i == 0 ? have_old || have_new : have_old && have_new))
        goto bad;
    }
  if (!json_expect (&p, '}'))
    goto bad;
  json_skip_space (&p);
  if (*p != '\0' || before->n == 0 || before->n != after->n)
    goto bad;
  for (guint i = 0; i < before->n; i++)
    if (strcmp (before->names[i], after->names[i]) != 0)
      goto bad;
  return TRUE;

bad:
  column_values_clear (before);
  column_values_clear (after);
  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
               _("decision %lld has damaged old values in the decision log; "
                 "it cannot be undone with write-back"), (long long) decision_id);
  return FALSE;
}

/* The source row's place, resolved against the catalogue: every name
 * here is one the catalogue gave, quoted. */
typedef struct {
  char  *database;
  char  *table;
  char  *q_table;                       /* `database`.`table` */
  char  *id_column;
  char  *q_id;
  guint  n;
  char  *columns[MAX_WRITE_COLUMNS];
  char  *q_columns[MAX_WRITE_COLUMNS];
} Target;

static void
target_clear (Target *target)
{
  g_clear_pointer (&target->database, g_free);
  g_clear_pointer (&target->table, g_free);
  g_clear_pointer (&target->q_table, g_free);
  g_clear_pointer (&target->id_column, g_free);
  g_clear_pointer (&target->q_id, g_free);
  for (guint i = 0; i < target->n; i++)
    {
      g_clear_pointer (&target->columns[i], g_free);
      g_clear_pointer (&target->q_columns[i], g_free);
    }
  target->n = 0;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Target, target_clear)

static gboolean
check_write_back_name (const char  *name,
                       const char  *what,
                       GError     **error)
{
  if (name == NULL || name[0] == '\0' || !g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   /* Translators: %s is “the column of record ids” or another
                    * such name. */
                   _("write-back needs %s (a non-empty UTF-8 name)"), what);
      return FALSE;
    }
  return TRUE;
}

static gboolean
validate_write_back (const PrWriteBack  *write_back,
                     GError            **error)
{
  if (!check_table_name (write_back->table, error) ||
      !check_write_back_name (write_back->id_column, _("the column of record ids"), error))
    return FALSE;
  if (write_back->repeat_of_column == NULL && write_back->status_column == NULL)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("write-back for “%s” has nothing to write: choose a column for the primary's id, "
                     "a status column, or both"), write_back->table);
      return FALSE;
    }
  if (write_back->repeat_of_column != NULL &&
      !check_write_back_name (write_back->repeat_of_column, _("the column for the primary's id"), error))
    return FALSE;
  if (write_back->status_column != NULL)
    {
      if (!check_write_back_name (write_back->status_column, _("the status column"), error))
        return FALSE;
      if (write_back->status_repeat == NULL || write_back->status_not_repeat == NULL ||
          !g_utf8_validate (write_back->status_repeat, -1, NULL) ||
          !g_utf8_validate (write_back->status_not_repeat, -1, NULL))
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("write-back to the status column “%s” needs the status of a repeat and the status "
                         "of a record that is not a repeat (UTF-8)"), write_back->status_column);
          return FALSE;
        }
    }
  /* Writing the id would lose the record; writing one column twice
   * would make its old value ambiguous. */
  if (g_strcmp0 (write_back->repeat_of_column, write_back->id_column) == 0 ||
      g_strcmp0 (write_back->status_column, write_back->id_column) == 0 ||
      g_strcmp0 (write_back->repeat_of_column, write_back->status_column) == 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("write-back needs distinct columns: the id column, the column for the primary's id "
                     "and the status column of “%s” may not be the same"), write_back->table);
      return FALSE;
    }
  return TRUE;
}

static const char *
find_column (GPtrArray  *columns,
             const char *name)
{
  for (guint i = 0; i < columns->len; i++)
    {
      PrColumnInfo *info = columns->pdata[i];

      if (strcmp (info->name, name) == 0)
        return info->name;
    }
  return NULL;
}

/* Checks @names (and the id column) against the catalogue. The source
 * table is in the connection's current database, as for the scan; the
 * store's tables may be in another, so the table is qualified. */
static gboolean
resolve_target (PrStore            *self,
                const PrWriteBack  *write_back,
                char *const        *names,
                guint               n_names,
                Target             *target,
                GError            **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) columns = NULL;
  g_autofree char *q_database = NULL;
  g_autofree char *q_table = NULL;
  const char *found;

  g_assert (n_names <= MAX_WRITE_COLUMNS);

  rows = _pr_connection_select (self->connection, "SELECT DATABASE()", NULL, 0, error);
  if (rows == NULL)
    return FALSE;
  if (rows->len == 0 || ((PrDbRow *) rows->pdata[0])->values[0] == NULL)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_UNKNOWN_DATABASE,
                   _("write-back needs a connection to the source table's database; this one has no current database"));
      return FALSE;
    }
  columns = pr_catalog_list_columns (self->connection, write_back->table, error);
  if (columns == NULL)
    return FALSE;

  target->database = g_strdup (((PrDbRow *) rows->pdata[0])->values[0]);
  target->table = g_strdup (write_back->table);
  q_database = pr_connection_quote_identifier (target->database);
  q_table = pr_connection_quote_identifier (write_back->table);
  target->q_table = g_strdup_printf ("%s.%s", q_database, q_table);

  found = find_column (columns, write_back->id_column);
  if (found == NULL)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE,
                   _("write-back: the table “%s” has no column “%s” (the column of record ids)"),
                   write_back->table, write_back->id_column);
      return FALSE;
    }
  target->id_column = g_strdup (found);
  target->q_id = pr_connection_quote_identifier (found);

  for (guint i = 0; i < n_names; i++)
    {
      found = find_column (columns, names[i]);
      if (found == NULL)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE,
                       /* Translators: the last %s is empty or says which
                        * column it is: “ (the status column)”. */
                       _("write-back: the table “%s” has no column “%s”%s"),
                       write_back->table, names[i],
                       g_strcmp0 (names[i], write_back->repeat_of_column) == 0
                       ? _(" (the column for the primary's id)")
                       : g_strcmp0 (names[i], write_back->status_column) == 0 ? _(" (the status column)") : "");
          return FALSE;
        }
      target->columns[i] = g_strdup (found);
      target->q_columns[i] = pr_connection_quote_identifier (found);
      target->n++;
    }
  return TRUE;
}

/* The columns a decision writes, in a fixed order: the primary's id, then
 * the status. */
static guint
configured_columns (const PrWriteBack *write_back,
                    char              *names[MAX_WRITE_COLUMNS])
{
  guint n = 0;

  if (write_back->repeat_of_column != NULL)
    names[n++] = write_back->repeat_of_column;
  if (write_back->status_column != NULL)
    names[n++] = write_back->status_column;
  return n;
}

/**
 * pr_store_check_write_back:
 * @store: a store
 * @write_back: a write-back configuration
 * @error: return location for a #GError
 *
 * Checks that the configuration is complete, that its table and columns
 * exist in the store connection's current database, and that the user may
 * read and update them, so that the user is told when switching write-back
 * on rather than at the first decision. The privileges are asked of the
 * server itself, by an UPDATE that matches no row, in a transaction rolled
 * back: nothing is written.
 *
 * Returns: %FALSE with %PR_DB_ERROR_NO_SUCH_TABLE naming the missing table
 *   or column, %PR_DB_ERROR_PRIVILEGE naming the missing privilege, or
 *   %PR_DB_ERROR_QUERY for an incomplete configuration
 */
gboolean
pr_store_check_write_back (PrStore            *self,
                           const PrWriteBack  *write_back,
                           GError            **error)
{
  g_auto(Target) target = { 0 };
  g_autoptr(GString) sql = g_string_new (NULL);
  g_autoptr(GError) local_error = NULL;
  char *names[MAX_WRITE_COLUMNS];
  const char *privilege = "SELECT";
  gboolean ok;
  guint n;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (write_back != NULL, FALSE);

  if (!validate_write_back (write_back, error))
    return FALSE;
  n = configured_columns (write_back, names);
  if (!resolve_target (self, write_back, names, n, &target, error))
    return FALSE;

  if (!begin_transaction (self, error))
    return FALSE;
  g_string_append_printf (sql, "SELECT %s", target.q_id);
  for (guint i = 0; i < target.n; i++)
    g_string_append_printf (sql, ", %s", target.q_columns[i]);
  g_string_append_printf (sql, " FROM %s WHERE FALSE", target.q_table);
  ok = pr_connection_execute (self->connection, sql->str, &local_error);
  if (ok)
    {
      privilege = "UPDATE";
      g_string_printf (sql, "UPDATE %s SET ", target.q_table);
      for (guint i = 0; i < target.n; i++)
        g_string_append_printf (sql, "%s%s = %s", i > 0 ? ", " : "", target.q_columns[i], target.q_columns[i]);
      g_string_append (sql, " WHERE FALSE");
      ok = pr_connection_execute (self->connection, sql->str, &local_error);
    }
  rollback_transaction (self);
  if (ok)
    return TRUE;
  if (g_error_matches (local_error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE))
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE,
                 _("the user lacks the %s privilege on the source table “%s”.“%s” or its columns (writing "
                   "decisions back needs SELECT and UPDATE on them): ask for the privilege (%s)"),
                 privilege, target.database, target.table, local_error->message);
  else
    g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/* Says what a user without the privileges gets, and what the UI can do;
 * anything else is passed on as it is. */
static void
explain_write_back_error (const Target  *target,
                          GError       **error,
                          GError        *cause,
                          const char    *privilege)
{
  if (g_error_matches (cause, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE))
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE,
                 _("write-back refused: the user lacks the %s privilege on the source table “%s”.“%s” "
                   "(writing decisions back needs SELECT and UPDATE on it); nothing was written and the "
                   "decision was not recorded: record it without write-back, or ask for the privilege (%s)"),
                 privilege, target->database, target->table, cause->message);
  else
    g_set_error_literal (error, cause->domain, cause->code, cause->message);
}

/* Inside a transaction: reads the record's configured columns, locking
 * its row until the transaction ends, so that decisions on one record
 * are one at a time and each sees the last one's values. Values must be
 * text without NUL: anything else could not be restored exactly. */
static gboolean
read_source_row (PrStore       *self,
                 const Target  *target,
                 const char    *record_id,
                 ColumnValues  *values,
                 GError       **error)
{
  g_autoptr(GString) sql = g_string_new (NULL);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *params[1] = { record_id };
  PrDbRow *row = NULL;

  g_string_append_printf (sql, "SELECT %s", target->q_id);
  for (guint i = 0; i < target->n; i++)
    g_string_append_printf (sql, ", %s, OCTET_LENGTH(CONVERT(%s USING utf8mb4))",
                            target->q_columns[i], target->q_columns[i]);
  g_string_append_printf (sql, " FROM %s WHERE %s = ? FOR UPDATE", target->q_table, target->q_id);

  rows = _pr_connection_select (self->connection, sql->str, params, 1, &local_error);
  if (rows == NULL)
    {
      /* MySQL 8 wants UPDATE for a locking read already. */
      explain_write_back_error (target, error, local_error, _("SELECT or UPDATE"));
      return FALSE;
    }
  if (rows->len > 1)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("write-back: %u rows of “%s” have the id “%s” in the column “%s”; write-back needs "
                     "a column that names one row; nothing was written"),
                   rows->len, target->table, record_id, target->id_column);
      return FALSE;
    }
  /* Exactly the id: not a number that happens to convert to it, nor a
   * string equal to it only in the column's collation. */
  if (rows->len == 1)
    row = rows->pdata[0];
  if (row == NULL || g_strcmp0 (row->values[0], record_id) != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("write-back: the table “%s” has no record “%s” (column “%s”); nothing was written"),
                   target->table, record_id, target->id_column);
      return FALSE;
    }

  for (guint i = 0; i < target->n; i++)
    {
      const char *value = row->values[1 + 2 * i];
      const char *length = row->values[2 + 2 * i];

      if (value != NULL &&
          (length == NULL || g_ascii_strtoull (length, NULL, 10) != strlen (value) ||
           !g_utf8_validate (value, -1, NULL)))
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("write-back: the column “%s” of the record “%s” holds a value that is not plain "
                         "text (a NUL byte, or not UTF-8), which could not be restored on undo; "
                         "nothing was written"), target->columns[i], record_id);
          return FALSE;
        }
      values->names[i] = g_strdup (target->columns[i]);
      values->values[i] = g_strdup (value);
      values->n++;
    }
  return TRUE;
}

/* Inside a transaction, after read_source_row(): the row is locked. */
static gboolean
write_source_row (PrStore            *self,
                  const Target       *target,
                  const char         *record_id,
                  const char *const  *values,
                  GError            **error)
{
  g_autoptr(GString) sql = g_string_new (NULL);
  g_autoptr(GError) local_error = NULL;
  MYSQL_BIND params[MAX_WRITE_COLUMNS + 1];
  unsigned long lengths[MAX_WRITE_COLUMNS + 1];
  guint64 affected = 0;

  g_string_append_printf (sql, "UPDATE %s SET ", target->q_table);
  for (guint i = 0; i < target->n; i++)
    {
      g_string_append_printf (sql, "%s%s = ?", i > 0 ? ", " : "", target->q_columns[i]);
      bind_string (&params[i], values[i], &lengths[i]);
    }
  g_string_append_printf (sql, " WHERE %s = ?", target->q_id);
  bind_string (&params[target->n], record_id, &lengths[target->n]);

  if (!run_statement (self, sql->str, params, &affected, NULL,
                      _("write-back: cannot update the source row"), &local_error))
    {
      explain_write_back_error (target, error, local_error, "UPDATE");
      return FALSE;
    }
  /* read_source_row() found one row and locked it; a row with the same
   * id inserted since (no gap is locked at READ COMMITTED) is refused
   * here. */
  if (affected > 1)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("write-back: updating the record “%s” of “%s” changed %llu rows; "
                     "nothing was written"), record_id, target->table, (unsigned long long) affected);
      return FALSE;
    }
  return TRUE;
}

/* Writes @values into the row, and reads back what the server stored
 * (a number column, say, keeps "12" for "012"). */
static gboolean
change_source_row (PrStore            *self,
                   const Target       *target,
                   const char         *record_id,
                   const char *const  *values,
                   ColumnValues       *stored,
                   GError            **error)
{
  return write_source_row (self, target, record_id, values, error) &&
         read_source_row (self, target, record_id, stored, error);
}

static gint64
decide_written_back (PrStore            *self,
                     PrDecision         *decision,
                     const PrWriteBack  *write_back,
                     GError            **error)
{
  g_auto(Target) target = { 0 };
  g_auto(ColumnValues) before = { 0 };
  g_auto(ColumnValues) after = { 0 };
  g_autofree char *json = NULL;
  char *names[MAX_WRITE_COLUMNS];
  const char *values[MAX_WRITE_COLUMNS];
  gboolean repeat = decision->verdict != PR_VERDICT_NOT_REPEAT;
  gint64 micros = 0;
  gint64 id;
  guint n = 0;

  if (write_back->repeat_of_column != NULL)
    values[n++] = repeat ? decision->primary_id : NULL;
  if (write_back->status_column != NULL)
    values[n++] = repeat ? write_back->status_repeat : write_back->status_not_repeat;
  configured_columns (write_back, names);
  if (!resolve_target (self, write_back, names, n, &target, error))
    return 0;

  if (!begin_decision_transaction (self, error))
    return 0;
  if (!read_source_row (self, &target, decision->record_id, &before, error) ||
      !change_source_row (self, &target, decision->record_id, values, &after, error))
    goto fail;
  json = old_values_to_json (&before, &after);
  id = insert_decision (self, decision, json, &micros, error);
  if (id == 0 || !commit_transaction (self, error))
    goto fail;

  decision->id = id;
  decision->decided_at = micros / G_USEC_PER_SEC;
  g_free (decision->old_values);
  decision->old_values = g_steal_pointer (&json);
  return id;

fail:
  rollback_transaction (self);
  return 0;
}

/* A later written-back decision on the same record that still stands:
 * undoing this one first would restore values from under it. */
static gboolean
check_no_later_write (PrStore     *self,
                      const char  *table,
                      const char  *record_id,
                      gint64       undone,
                      GError     **error)
{
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  char id_text[24];
  const char *params[3] = { table, record_id, id_text };

  /* A plain read is current enough: at READ COMMITTED it sees every
   * commit so far, it is taken while the source row is locked, and every
   * written-back decision on this record commits while holding that lock. */
  g_snprintf (id_text, sizeof id_text, "%" G_GINT64_FORMAT, undone);
  sql = g_strdup_printf ("SELECT d.id FROM %s AS d WHERE d.source_table = ? AND d.record_id = ? "
                         "AND d.id > ? AND d.old_values IS NOT NULL AND d.verdict <> 'undo' "
                         "AND NOT EXISTS (SELECT 1 FROM %s AS u WHERE u.undoes = d.id) "
                         "ORDER BY d.id LIMIT 1", self->q_decisions, self->q_decisions);
  rows = _pr_connection_select (self->connection, sql, params, G_N_ELEMENTS (params), error);
  if (rows == NULL)
    return FALSE;
  if (rows->len > 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT,
                   _("decision %lld cannot be undone: the later decision %s wrote to "
                     "the same record “%s” and still stands; undo that one first. Nothing was written"),
                   (long long) undone, ((PrDbRow *) rows->pdata[0])->values[0], record_id);
      return FALSE;
    }
  return TRUE;
}

static gint64
undo_written_back (PrStore            *self,
                   PrDecision         *decision,
                   const PrWriteBack  *write_back,
                   GError            **error)
{
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_auto(Target) target = { 0 };
  g_auto(ColumnValues) restore = { 0 };
  g_auto(ColumnValues) written = { 0 };
  g_auto(ColumnValues) current = { 0 };
  g_auto(ColumnValues) restored = { 0 };
  g_autofree char *json = NULL;
  g_autofree char *record_id = NULL;
  const char *values[MAX_WRITE_COLUMNS];
  char id_text[24];
  const char *params[1] = { id_text };
  PrDbRow *row;
  gint64 micros = 0;
  gint64 id;

  /* Before the transaction, unlocked: a decision's record and old values
   * never change (append-only), and the source row must be locked first,
   * as every written-back decision does, lest two transactions wait for
   * each other. check_undo_target() then checks the rest under lock. */
  g_snprintf (id_text, sizeof id_text, "%" G_GINT64_FORMAT, decision->undoes);
  sql = g_strdup_printf ("SELECT source_table, record_id, old_values FROM %s WHERE id = ?", self->q_decisions);
  rows = _pr_connection_select (self->connection, sql, params, 1, error);
  if (rows == NULL)
    return 0;
  if (rows->len == 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("there is no decision %lld to undo"), (long long) decision->undoes);
      return 0;
    }
  row = rows->pdata[0];
  /* Nothing was written back for it (a primary, or write-back was off):
   * the undo is the log's alone. */
  if (row->values[2] == NULL)
    return pr_store_add_decision (self, decision, error);
  if (g_strcmp0 (row->values[0], write_back->table) != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("decision %lld is about the table “%s”, not “%s”"),
                   (long long) decision->undoes, row->values[0], write_back->table);
      return 0;
    }
  if (!old_values_from_json (row->values[2], decision->undoes, &restore, &written, error))
    return 0;
  record_id = g_strdup (row->values[1]);
  if (!resolve_target (self, write_back, restore.names, restore.n, &target, error))
    return 0;

  if (!begin_decision_transaction (self, error))
    return 0;
  if (!read_source_row (self, &target, record_id, &current, error) ||
      !check_undo_target (self, decision, error) ||
      !check_no_later_write (self, write_back->table, record_id, decision->undoes, error))
    goto fail;

  /* Optimistic: the row must still hold what the decision wrote. */
  for (guint i = 0; i < current.n; i++)
    if (g_strcmp0 (current.values[i], written.values[i]) != 0)
      {
        g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT,
                     _("decision %lld cannot be undone: the record “%s” was changed since; "
                       "its column “%s” holds %s%s%s where the decision wrote %s%s%s. The undo would "
                       "overwrite that change, so nothing was written"),
                     (long long) decision->undoes, record_id, current.names[i],
                     current.values[i] != NULL ? "“" : "", current.values[i] != NULL ? current.values[i] : "NULL",
                     current.values[i] != NULL ? "”" : "",
                     written.values[i] != NULL ? "“" : "", written.values[i] != NULL ? written.values[i] : "NULL",
                     written.values[i] != NULL ? "”" : "");
        goto fail;
      }

  for (guint i = 0; i < restore.n; i++)
    values[i] = restore.values[i];
  if (!change_source_row (self, &target, record_id, values, &restored, error))
    goto fail;
  json = old_values_to_json (&current, &restored);
  id = insert_decision (self, decision, json, &micros, error);
  if (id == 0 || !commit_transaction (self, error))
    goto fail;

  decision->id = id;
  decision->decided_at = micros / G_USEC_PER_SEC;
  g_free (decision->old_values);
  decision->old_values = g_steal_pointer (&json);
  return id;

fail:
  rollback_transaction (self);
  return 0;
}

/**
 * pr_store_add_decision_written_back:
 * @store: a store on a connection to the source table's database
 * @decision: (inout): the decision, as for pr_store_add_decision(); its
 *   table must be @write_back's
 * @write_back: (nullable): where to write; %NULL is write-back off, the
 *   same as pr_store_add_decision()
 * @error: return location for a #GError
 *
 * Records the decision and writes it into the source row, in one
 * transaction: all of it happens, or none.
 *
 * - repeat and merged: the column for the primary's id gets primary_id
 *   (required, and not the record itself), the status column
 *   status_repeat;
 * - not_repeat: the column for the primary's id gets NULL, the status
 *   column status_not_repeat;
 * - primary: the source is left alone; only the log gets the decision;
 * - undo: the columns the undone decision wrote get back the values they
 *   had before it. Refused with %PR_DB_ERROR_CONFLICT when the row no
 *   longer holds what that decision wrote, or a later written-back
 *   decision on the record still stands: the undo never overwrites
 *   someone else's change. An undo of a decision that wrote nothing is
 *   the log's alone.
 *
 * The record's row is locked while this runs, so that decisions on one
 * record from several connections are one at a time, each seeing the
 * last one's values, and the log's order is the order of the writes.
 *
 * The decision's old_values (set here) is a JSON object {"old": {…},
 * "new": {…}}, each mapping the written column names to their values as
 * text, or null for SQL NULL: before and after the change.
 *
 * Errors: %PR_DB_ERROR_PRIVILEGE, naming the privilege and the table, when
 * the user may not update the source table; %PR_DB_ERROR_NO_SUCH_TABLE
 * naming a configured column that is not in the table;
 * %PR_DB_ERROR_QUERY when the record is not in the table (or several rows
 * have its id). In all of these nothing is written and nothing recorded,
 * so the caller may offer to record the decision without write-back.
 *
 * Returns: the decision's id, or 0 with @error set
 */
gint64
pr_store_add_decision_written_back (PrStore            *self,
                                    PrDecision         *decision,
                                    const PrWriteBack  *write_back,
                                    GError            **error)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (decision != NULL, 0);

  if (write_back == NULL)
    return pr_store_add_decision (self, decision, error);

  if (!validate_decision (decision, error) || !validate_write_back (write_back, error))
    return 0;
  if (strcmp (decision->table, write_back->table) != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the decision is about the table “%s”, but write-back is set up for “%s”"),
                   decision->table, write_back->table);
      return 0;
    }

  switch (decision->verdict)
    {
    case PR_VERDICT_PRIMARY:
      return pr_store_add_decision (self, decision, error);
    case PR_VERDICT_UNDO:
      return undo_written_back (self, decision, write_back, error);
    case PR_VERDICT_REPEAT:
    case PR_VERDICT_MERGED:
      if (decision->primary_id == NULL || strcmp (decision->primary_id, decision->record_id) == 0)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("a %s decision written back needs the primary's id, other than the record's own"),
                       verdict_names[decision->verdict]);
          return 0;
        }
      return decide_written_back (self, decision, write_back, error);
    case PR_VERDICT_NOT_REPEAT:
    default:
      return decide_written_back (self, decision, write_back, error);
    }
}

/* The source record a decision of a batch writes to, or NULL for one that
 * writes nothing (a primary; the undo of a decision that wrote nothing,
 * or of one that is not there, which fails later on its own). A log row
 * never changes: read without a lock. */
static char *
batch_record (PrStore           *self,
              const PrDecision  *decision,
              const PrWriteBack *write_back)
{
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  char id_text[24];
  const char *params[1] = { id_text };
  PrDbRow *row;

  if (decision->verdict == PR_VERDICT_PRIMARY || g_strcmp0 (decision->table, write_back->table) != 0)
    return NULL;
  if (decision->verdict != PR_VERDICT_UNDO)
    return g_strdup (decision->record_id);

  g_snprintf (id_text, sizeof id_text, "%" G_GINT64_FORMAT, decision->undoes);
  sql = g_strdup_printf ("SELECT record_id, old_values FROM %s WHERE id = ?", self->q_decisions);
  rows = _pr_connection_select (self->connection, sql, params, 1, NULL);
  if (rows == NULL || rows->len == 0)
    return NULL;
  row = rows->pdata[0];
  return row->values[1] != NULL ? g_strdup (row->values[0]) : NULL;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Inside the batch's transaction, before its first decision: locks the
 * source rows the batch writes, one after the other in one order (the
 * ids' byte order), as every batch does. Locked as each decision came,
 * a merge (first to last) and the undo of another's (last to first) each
 * held a row the other waited for: a deadlock, and a step lost. A
 * record not in the table locks nothing here; its decision reports it. */
static gboolean
lock_batch_rows (PrStore            *self,
                 GPtrArray          *decisions,
                 const PrWriteBack  *write_back,
                 GError            **error)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (g_free);
  g_auto(Target) target = { 0 };
  g_autofree char *sql = NULL;

  for (guint i = 0; i < decisions->len; i++)
    {
      char *record = batch_record (self, decisions->pdata[i], write_back);

      if (record != NULL)
        g_ptr_array_add (records, record);
    }
  if (records->len < 2)
    return TRUE;
  g_ptr_array_sort (records, compare_strings);

  if (!resolve_target (self, write_back, NULL, 0, &target, error))
    return FALSE;
  sql = g_strdup_printf ("SELECT %s FROM %s WHERE %s = ? FOR UPDATE", target.q_id, target.q_table, target.q_id);
  for (guint i = 0; i < records->len; i++)
    {
      g_autoptr(GPtrArray) rows = NULL;
      const char *params[1] = { records->pdata[i] };

      if (i > 0 && strcmp (records->pdata[i], records->pdata[i - 1]) == 0)
        continue;
      /* Any failure ends the batch: a deadlock, say, has rolled its
       * transaction back already. */
      rows = _pr_connection_select (self->connection, sql, params, 1, error);
      if (rows == NULL)
        return FALSE;
    }
  return TRUE;
}

/**
 * pr_store_add_decisions_written_back:
 * @store: a store, as for pr_store_add_decision_written_back()
 * @decisions: (element-type PrDecision) (inout): the decisions, in the
 *   order they are recorded
 * @write_back: (nullable): where to write; %NULL is write-back off
 * @error: return location for a #GError
 *
 * Records every decision of @decisions as pr_store_add_decision_written_back()
 * records one, but all in one transaction: a merge, or the undo of one,
 * is in the log (and the source table) whole or not at all, even when
 * the server dies half-way. On failure no decision's id is set.
 *
 * Returns: %TRUE when all of them were recorded
 */
gboolean
pr_store_add_decisions_written_back (PrStore            *self,
                                     GPtrArray          *decisions,
                                     const PrWriteBack  *write_back,
                                     GError            **error)
{
  guint done = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (decisions != NULL, FALSE);
  g_return_val_if_fail (!self->in_batch, FALSE);

  if (decisions->len == 1)
    return pr_store_add_decision_written_back (self, decisions->pdata[0], write_back, error) > 0;

  if (!begin_decision_transaction (self, error))
    return FALSE;
  if (write_back != NULL && validate_write_back (write_back, NULL) &&
      !lock_batch_rows (self, decisions, write_back, error))
    {
      rollback_transaction (self);
      return FALSE;
    }
  self->in_batch = TRUE;
  for (; done < decisions->len; done++)
    if (pr_store_add_decision_written_back (self, decisions->pdata[done], write_back, error) == 0)
      break;
  self->in_batch = FALSE;
  if (done == decisions->len && commit_transaction (self, error))
    return TRUE;

  rollback_transaction (self);
  for (guint i = 0; i < decisions->len; i++)
    ((PrDecision *) decisions->pdata[i])->id = 0;
  return FALSE;
}
