/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Write-back: a decision written into the source table's row, for a
 * connection on which the user switched it on (docs/design.md, "Data safety"),
 * in one transaction with its row in the decision log (pr-store-decisions.c),
 * whose old_values keep what it changed (pr-old-values.c).
 */
#define G_LOG_DOMAIN "pr-write-back"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-catalog.h"
#include "pr-old-values-private.h"
#include "pr-store-private.h"
#include "pr-write-back.h"

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
  if (!_pr_store_check_table_name (write_back->table, error) ||
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

  if (!_pr_store_begin_transaction (self, error))
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
  _pr_store_rollback_transaction (self);
  if (ok)
    return TRUE;
  if (g_error_matches (local_error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE))
    {
      g_autofree char *source = pr_db_error_dup_source_or_message (local_error);

      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE,
                   /* The server's own words last, after what they mean here. */
                   _("the user lacks the %s privilege on the source table “%s”.“%s” or its columns (writing "
                     "decisions back needs SELECT and UPDATE on them): ask for the privilege; %s"),
                   privilege, target.database, target.table, source);
      if (error != NULL)
        _pr_db_error_keep_source (*error, local_error);
    }
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
    {
      g_autofree char *source = pr_db_error_dup_source_or_message (cause);

      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE,
                   /* Translators: the last %s is what failed and the server's own words */
                   _("write-back refused: the user lacks the %s privilege on the source table “%s”.“%s” "
                     "(writing decisions back needs SELECT and UPDATE on it); nothing was written and the "
                     "decision was not recorded: record it without write-back, or ask for the privilege; %s"),
                   privilege, target->database, target->table, source);
      if (error != NULL)
        _pr_db_error_keep_source (*error, cause);
    }
  else
    g_propagate_error (error, g_error_copy (cause));
}

/* Inside a transaction: reads the record's configured columns, locking
 * its row until the transaction ends, so that decisions on one record
 * are one at a time and each sees the last one's values. Values must be
 * text without NUL: anything else could not be restored exactly. */
static gboolean
read_source_row (PrStore         *self,
                 const Target    *target,
                 const char      *record_id,
                 PrColumnValues  *values,
                 GError         **error)
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

  /* Through the text protocol, as a scan read the id and the values: a
   * prepared statement's ZEROFILL 00000008 comes as 8, not the id. */
  rows = _pr_connection_select_text (self->connection, sql->str, params, 1, &local_error);
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
      _pr_statement_bind_string (&params[i], values[i], &lengths[i]);
    }
  g_string_append_printf (sql, " WHERE %s = ?", target->q_id);
  _pr_statement_bind_string (&params[target->n], record_id, &lengths[target->n]);

  if (!_pr_statement_run (self->connection, sql->str, params, &affected, NULL,
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
                   PrColumnValues     *stored,
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
  g_auto(PrColumnValues) before = { 0 };
  g_auto(PrColumnValues) after = { 0 };
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

  if (!_pr_store_begin_decision_transaction (self, error))
    return 0;
  if (!read_source_row (self, &target, decision->record_id, &before, error) ||
      !change_source_row (self, &target, decision->record_id, values, &after, error))
    goto fail;
  json = _pr_old_values_to_json (&before, &after);
  id = _pr_store_insert_decision (self, decision, json, &micros, error);
  if (id == 0 || !_pr_store_commit_transaction (self, error))
    goto fail;

  decision->id = id;
  decision->decided_at = micros / G_USEC_PER_SEC;
  g_free (decision->old_values);
  decision->old_values = g_steal_pointer (&json);
  return id;

fail:
  _pr_store_rollback_transaction (self);
  return 0;
}

/* A later written-back decision on the same record that still stands:
 * undoing this one first would restore values from under it. */
static gboolean
check_no_later_write (PrStore           *self,
                      const PrStoreKey  *key,
                      const char        *record_id,
                      gint64             undone,
                      GError           **error)
{
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  char id_text[24];
  const char *params[4] = { key->database, key->table, record_id, id_text };

  /* A plain read is current enough: at READ COMMITTED it sees every
   * commit so far, it is taken while the source row is locked, and every
   * written-back decision on this record commits while holding that lock. */
  g_snprintf (id_text, sizeof id_text, "%" G_GINT64_FORMAT, undone);
  sql = g_strdup_printf ("SELECT d.id FROM %s AS d WHERE d.source_database = ? AND d.source_table = ? "
                         "AND d.record_id = ? "
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
  g_auto(PrColumnValues) restore = { 0 };
  g_auto(PrColumnValues) written = { 0 };
  g_auto(PrColumnValues) current = { 0 };
  g_auto(PrColumnValues) restored = { 0 };
  g_autofree char *json = NULL;
  g_autofree char *record_id = NULL;
  const char *values[MAX_WRITE_COLUMNS];
  char id_text[24];
  const char *params[1] = { id_text };
  PrDbRow *row;
  gint64 micros = 0;
  gint64 id;
  const PrStoreKey *key;

  if ((key = _pr_store_resolve (self, write_back->table, error)) == NULL)
    return 0;
  /* Before the transaction, unlocked: a decision's record and old values
   * never change (append-only), and the source row must be locked first,
   * as every written-back decision does, lest two transactions wait for
   * each other. _pr_store_check_undo_target() then checks the rest under lock. */
  g_snprintf (id_text, sizeof id_text, "%" G_GINT64_FORMAT, decision->undoes);
  sql = g_strdup_printf ("SELECT source_table, record_id, old_values, source_database FROM %s WHERE id = ?",
                         self->q_decisions);
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
  if (g_strcmp0 (row->values[0], key->table) != 0 || g_strcmp0 (row->values[3], key->database) != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("decision %lld is about the table “%s”, not “%s”"),
                   (long long) decision->undoes, row->values[0], write_back->table);
      return 0;
    }
  if (!_pr_old_values_from_json (row->values[2], decision->undoes, &restore, &written, error))
    return 0;
  record_id = g_strdup (row->values[1]);
  if (!resolve_target (self, write_back, restore.names, restore.n, &target, error))
    return 0;

  if (!_pr_store_begin_decision_transaction (self, error))
    return 0;
  if (!read_source_row (self, &target, record_id, &current, error) ||
      !_pr_store_check_undo_target (self, decision, error) ||
      !check_no_later_write (self, key, record_id, decision->undoes, error))
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
  json = _pr_old_values_to_json (&current, &restored);
  id = _pr_store_insert_decision (self, decision, json, &micros, error);
  if (id == 0 || !_pr_store_commit_transaction (self, error))
    goto fail;

  decision->id = id;
  decision->decided_at = micros / G_USEC_PER_SEC;
  g_free (decision->old_values);
  decision->old_values = g_steal_pointer (&json);
  return id;

fail:
  _pr_store_rollback_transaction (self);
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
  const PrStoreKey *decision_key, *write_back_key;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (decision != NULL, 0);

  if (write_back == NULL)
    return pr_store_add_decision (self, decision, error);

  if (!_pr_store_validate_decision (decision, error) || !validate_write_back (write_back, error))
    return 0;
  /* Resolved before any transaction begins (an older store's rows are
   * claimed in one of their own); the same table spelt two ways is one. */
  if ((decision_key = _pr_store_resolve (self, decision->table, error)) == NULL ||
      (write_back_key = _pr_store_resolve (self, write_back->table, error)) == NULL)
    return 0;
  if (strcmp (decision_key->database, write_back_key->database) != 0 ||
      strcmp (decision_key->table, write_back_key->table) != 0)
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
                       pr_verdict_to_string (decision->verdict));
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
      rows = _pr_connection_select_text (self->connection, sql, params, 1, error);
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

  /* Every table's key before the batch's transaction: resolving one may
   * claim an older store's rows, in a transaction of its own. */
  for (guint i = 0; i < decisions->len; i++)
    if (_pr_store_resolve (self, ((PrDecision *) decisions->pdata[i])->table, NULL) == NULL)
      break;

  if (!_pr_store_begin_decision_transaction (self, error))
    return FALSE;
  if (write_back != NULL && validate_write_back (write_back, NULL) &&
      !lock_batch_rows (self, decisions, write_back, error))
    {
      _pr_store_rollback_transaction (self);
      return FALSE;
    }
  self->in_batch = TRUE;
  for (; done < decisions->len; done++)
    if (pr_store_add_decision_written_back (self, decisions->pdata[done], write_back, error) == 0)
      break;
  self->in_batch = FALSE;
  if (done == decisions->len && _pr_store_commit_transaction (self, error))
    return TRUE;

  _pr_store_rollback_transaction (self);
  for (guint i = 0; i < decisions->len; i++)
    ((PrDecision *) decisions->pdata[i])->id = 0;
  return FALSE;
}
