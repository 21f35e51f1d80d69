/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The application's own tables: scans, stored fingerprints and the
 * reviewers' decisions, in a schema the user chooses (the source database
 * or a separate one). Nothing in the store writes to the source table,
 * except pr_store_add_decision_written_back() (pr-write-back.c) for a
 * connection on which the user switched write-back on (docs/design.md,
 * "Data safety"); it writes only the configured columns, and keeps their old
 * values in the decision log. Decisions are append-only: the store has no
 * UPDATE and no DELETE on pr_decisions; an undo is a new row.
 *
 * All times are written as UTC (UTC_TIMESTAMP(6)), so that the values do
 * not depend on the time zone of whichever session wrote them.
 *
 * This file: opening and freeing a store, the transaction helpers and
 * checks the other parts share (pr-store-private.h), locks, and the
 * errors explained; statements go through pr-statement.c. The tables are made in pr-store-schema.c, scans and
 * checks are in pr-store-scans.c, the decision log in
 * pr-store-decisions.c, write-back in pr-write-back.c.
 */
#define G_LOG_DOMAIN "pr-store"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-store-private.h"

/* In a batch of decisions, the batch's transaction is the one begun and
 * committed: a decision's own begin and commit do nothing. */
gboolean
_pr_store_begin_transaction (PrStore  *self,
                             GError  **error)
{
  return self->in_batch || pr_connection_execute (self->connection, "START TRANSACTION", error);
}

/* Whether a transaction is open on the store's connection: the store's
 * own batch, or one a caller began (the store shares the source's
 * connection), which a START TRANSACTION would commit. */
gboolean
_pr_store_in_transaction (PrStore *self)
{
  unsigned int status = 0;

  if (self->in_batch)
    return TRUE;
  /* Unknown counts as open: a snapshot is not worth someone's commit. */
  if (mariadb_get_infov (_pr_connection_get_handle (self->connection), MARIADB_CONNECTION_SERVER_STATUS, &status))
    return TRUE;
  return (status & SERVER_STATUS_IN_TRANS) != 0;
}

/* For a decision: READ COMMITTED, so that every read sees the latest
 * commits and a search locks the rows it finds but not the gaps between
 * them. At REPEATABLE READ, two undos of different decisions each locked
 * the same gap of the undoes index (looking for an undo of their target)
 * and then each waited to insert into it: a deadlock, and a decision
 * lost. The row locks (the source row, the undone decision) do the
 * ordering that matters. Applies to the next transaction only. */
gboolean
_pr_store_begin_decision_transaction (PrStore  *self,
                                      GError  **error)
{
  if (self->in_batch)
    return TRUE;
  return pr_connection_execute (self->connection, "SET TRANSACTION ISOLATION LEVEL READ COMMITTED", error) &&
         _pr_store_begin_transaction (self, error);
}

gboolean
_pr_store_commit_transaction (PrStore  *self,
                              GError  **error)
{
  return self->in_batch || pr_connection_execute (self->connection, "COMMIT", error);
}

/* After a failure: the first error is the one worth reporting, and a lost
 * connection has rolled back already. In a batch it rolls the whole batch
 * back, as it should: one failure leaves none of its decisions. */
void
_pr_store_rollback_transaction (PrStore *self)
{
  g_autoptr(GError) ignored = NULL;

  if (!pr_connection_execute (self->connection, "ROLLBACK", &ignored))
    g_debug ("rollback failed: %s", ignored->message);
}

gboolean
_pr_store_check_table_name (const char  *table,
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

gboolean
_pr_store_check_record_id (const char  *id,
                           const char  *what,
                           GError     **error)
{
  if (id == NULL || !g_utf8_validate (id, -1, NULL) || g_utf8_strlen (id, -1) > MAX_ID_CHARS)
    {
      g_autofree char *valid = id != NULL ? g_utf8_make_valid (id, -1) : NULL;
      /* Cut between characters, not inside one (which showed as U+FFFD). */
      g_autofree char *shown = valid != NULL ? g_utf8_substring (valid, 0, MIN (g_utf8_strlen (valid, -1), 40)) : NULL;

      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   /* Translators: the first %s is “the record id” or another
                    * such name; the next two are the id and “…” if it is cut. */
                   _("%s “%s%s” cannot be stored: a record id must be UTF-8 of at most %d characters"),
                   what, shown != NULL ? shown : "(null)",
                   valid != NULL && g_utf8_strlen (valid, -1) > 40 ? "…" : "", MAX_ID_CHARS);
      return FALSE;
    }
  return TRUE;
}

/* Says which privilege on which schema is missing, instead of the server's
 * "command denied to user" for one table. */
void
_pr_store_explain_error (PrStore     *self,
                         GError     **error,
                         GError      *cause,
                         const char  *privilege,
                         const char  *doing)
{
  g_autofree char *source = pr_db_error_dup_source_or_message (cause);

  /* The server's own words last, after what they mean here. */
  if (g_error_matches (cause, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE))
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE,
                 /* Translators: the first %s is “read”, “create”, “write” or
                  * “upgrade” (context “tables”); the third is an SQL privilege;
                  * the last, what failed and the server's own words. */
                 _("the user may not %s the application's tables in the schema “%s”: "
                   "it lacks the %s privilege on “%s” (the tables need SELECT, INSERT and UPDATE, "
                   "and CREATE the first time, when they are made): ask the administrator for it; %s"),
                 doing, self->schema, privilege, self->schema, source);
  else if (g_error_matches (cause, PR_DB_ERROR, PR_DB_ERROR_UNKNOWN_DATABASE))
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_UNKNOWN_DATABASE,
                 /* Translators: the last %s is what failed and the server's own words */
                 _("the schema “%s” chosen for the application's tables does not exist: "
                   "create it first, or choose another; %s"), self->schema, source);
  else
    {
      /* As it is: its server's words and number kept apart with it. */
      g_propagate_error (error, g_error_copy (cause));
      return;
    }
  if (error != NULL)
    _pr_db_error_keep_source (*error, cause);
}

/* The name of an advisory lock on @what (a source table, as `database`.`table`;
 * or "" for the whole store) in this store's schema. */
char *
_pr_store_lock_name (PrStore    *self,
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


void
_pr_store_release_lock (PrStore    *self,
                        const char *name)
{
  const char *params[] = { name };
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) ignored = NULL;

  rows = _pr_connection_select (self->connection, "SELECT RELEASE_LOCK(?)", params, 1, &ignored);
  if (rows == NULL)
    g_debug ("cannot release the scan lock: %s", ignored->message);
}

/**
 * pr_store_open:
 * @connection: an open connection; it must outlive the store, and like
 *   the connection the store belongs to one thread at a time
 * @schema: (nullable): the schema (database) for the application's tables,
 *   or %NULL for the connection's current database
 * @error: return location for a #GError
 *
 * Creates the tables pr_meta, pr_scans, pr_fingerprints, pr_decisions and
 * pr_repeats in @schema if they are not there yet; tables of an older version are
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
  QUOTE_TABLE (q_repeats, "pr_repeats");
  QUOTE_TABLE (q_cases, "pr_cases");
  QUOTE_TABLE (q_case_members, "pr_case_members");
  QUOTE_TABLE (q_passages, "pr_passages");
  QUOTE_TABLE (q_passage_counts, "pr_passage_counts");
  QUOTE_TABLE (q_judged, "pr_judged_pairs");
  QUOTE_TABLE (q_part_pairs, "pr_part_pairs");
  QUOTE_TABLE (q_short_texts, "pr_short_texts");
  QUOTE_TABLE (q_short_bodies, "pr_short_bodies");
  QUOTE_TABLE (q_short_grams, "pr_short_grams");
#undef QUOTE_TABLE

  if (!_pr_store_ensure_tables (self, error) || !_pr_store_init_keys (self, error))
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
        _pr_store_release_lock (self, value);
    }
  g_clear_pointer (&self->scan_locks, g_hash_table_unref);
  g_clear_pointer (&self->case_cache, _pr_case_cache_free);
  g_clear_pointer (&self->judged, _pr_judged_kept_free);
  g_clear_pointer (&self->part_pairs, _pr_part_pairs_kept_free);
  g_clear_pointer (&self->short_texts, _pr_short_texts_kept_free);
  g_free (self->schema);
  g_free (self->q_meta);
  g_free (self->q_scans);
  g_free (self->q_fingerprints);
  g_free (self->q_decisions);
  g_free (self->q_repeats);
  g_free (self->q_cases);
  g_free (self->q_case_members);
  g_free (self->q_passages);
  g_free (self->q_passage_counts);
  g_free (self->q_judged);
  g_free (self->q_part_pairs);
  g_free (self->q_short_texts);
  g_free (self->q_short_bodies);
  g_free (self->q_short_grams);
  g_free (self->database);
  g_clear_pointer (&self->keys, g_hash_table_unref);
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
