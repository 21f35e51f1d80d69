/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The decision log: pr_decisions, append-only (no UPDATE, no DELETE; an
 * undo is a new row), its listing and its CSV export.
 */
#define G_LOG_DOMAIN "pr-store-decisions"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-store-private.h"

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
  g_free (decision->login);
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
  copy->login = g_strdup (decision->login);
  return copy;
}

/**
 * pr_decision_compare_ids:
 * @a: a pointer to a #PrDecision pointer
 * @b: another
 *
 * For g_ptr_array_sort(): the log's order, by id.
 */
int
pr_decision_compare_ids (gconstpointer a,
                         gconstpointer b)
{
  const PrDecision *x = *(const PrDecision *const *) a;
  const PrDecision *y = *(const PrDecision *const *) b;

  return (x->id > y->id) - (x->id < y->id);
}

/* The undo's target, locked until the transaction ends, so that of two
 * reviewers undoing it at once the second waits and then sees the first's
 * undo. Fills in the undo's record and primary ids from the target. */
gboolean
_pr_store_check_undo_target (PrStore     *self,
                             PrDecision  *decision,
                             GError     **error)
{
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  char id_text[24];
  const char *params[1] = { id_text };
  const PrStoreKey *key;
  PrDbRow *row;

  if ((key = _pr_store_resolve (self, decision->table, error)) == NULL)
    return FALSE;
  g_snprintf (id_text, sizeof id_text, "%" G_GINT64_FORMAT, decision->undoes);
  sql = g_strdup_printf ("SELECT source_table, record_id, primary_id, verdict, source_database FROM %s "
                         "WHERE id = ? FOR UPDATE", self->q_decisions);
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
  if (g_strcmp0 (row->values[0], key->table) != 0 || g_strcmp0 (row->values[4], key->database) != 0)
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
gboolean
_pr_store_validate_decision (const PrDecision  *decision,
                             GError           **error)
{
  gboolean undo = decision->verdict == PR_VERDICT_UNDO;

  if (!_pr_store_check_table_name (decision->table, error))
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
  if (decision->login != NULL &&
      (!g_utf8_validate (decision->login, -1, NULL) || g_utf8_strlen (decision->login, -1) > MAX_ID_CHARS))
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("a decision's login name must be UTF-8 of at most %d characters"), MAX_ID_CHARS);
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
  if (!undo && (!_pr_store_check_record_id (decision->record_id, _("the decision's record id"), error) ||
                (decision->primary_id != NULL &&
                 !_pr_store_check_record_id (decision->primary_id, _("the decision's primary id"), error))))
    return FALSE;
  return TRUE;
}

/* Inside a transaction: appends the row, and reads back its time in
 * microseconds since the epoch (whatever the session's time zone). */
gint64
_pr_store_insert_decision (PrStore           *self,
                           const PrDecision  *decision,
                           const char        *old_values,
                           gint64            *micros,
                           GError           **error)
{
  g_autofree char *sql = NULL;
  g_autofree char *time_sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  unsigned long lengths[9];
  MYSQL_BIND params[11];
  gint64 id = 0;
  char id_text[24];
  const char *time_params[1] = { id_text };
  const char *value;
  const PrStoreKey *key;

  if ((key = _pr_store_resolve (self, decision->table, error)) == NULL)
    return 0;
  sql = g_strdup_printf ("INSERT INTO %s (source_database, source_table, record_id, primary_id, verdict, reviewer, "
                         "decided_at, note, undoes, old_values, case_number, login) "
                         "VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(6), ?, ?, ?, ?, ?)",
                         self->q_decisions);
  _pr_store_bind_key (params, key, lengths);
  _pr_statement_bind_string (&params[2], decision->record_id, &lengths[2]);
  _pr_statement_bind_string (&params[3], decision->primary_id, &lengths[3]);
  _pr_statement_bind_string (&params[4], verdict_names[decision->verdict], &lengths[4]);
  _pr_statement_bind_string (&params[5], decision->reviewer, &lengths[5]);
  _pr_statement_bind_string (&params[6], decision->note, &lengths[6]);
  if (decision->undoes != 0)
    _pr_statement_bind_i64 (&params[7], &decision->undoes);
  else
    _pr_statement_bind_null (&params[7]);
  _pr_statement_bind_string (&params[8], old_values, &lengths[7]);
  if (decision->case_number != 0)
    _pr_statement_bind_u32 (&params[9], &decision->case_number);
  else
    _pr_statement_bind_null (&params[9]);
  _pr_statement_bind_string (&params[10], decision->login, &lengths[8]);
  if (!_pr_statement_run (self->connection, sql, params, NULL, &id, _("cannot record the decision"), error))
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

  /* The key resolved (and an older store's rows claimed) before the
   * transaction begins. */
  if (!_pr_store_validate_decision (decision, error) || _pr_store_resolve (self, decision->table, error) == NULL)
    return 0;

  if (!_pr_store_begin_decision_transaction (self, error))
    return 0;
  if (decision->verdict == PR_VERDICT_UNDO && !_pr_store_check_undo_target (self, decision, error))
    goto fail;
  id = _pr_store_insert_decision (self, decision, NULL, &micros, error);
  if (id == 0 || !_pr_store_commit_transaction (self, error))
    goto fail;

  decision->id = id;
  decision->decided_at = micros / G_USEC_PER_SEC;
  return id;

fail:
  _pr_store_rollback_transaction (self);
  return 0;
}

/* Rows of pr_decisions as strings, in id order, those after @after only,
 * and of the case @case_number only unless it is 0; the columns are
 * those of the CSV export but its last two, then decided_at in
 * microseconds, then old_values, then the case number and the login (the
 * export's last columns). */
static GPtrArray *
select_decisions (PrStore     *self,
                  const char  *table,
                  gint64       after,
                  guint32      case_number,
                  GError     **error)
{
  g_autofree char *sql = NULL;
  char after_text[24];
  char case_text[24];
  const char *params[4] = { after_text, self->database, NULL, NULL };
  guint n_params = 2;
  const PrStoreKey *key = NULL;

  if (table != NULL && (key = _pr_store_resolve (self, table, error)) == NULL)
    return NULL;
  if (key != NULL)
    params[n_params++] = key->table;
  g_snprintf (after_text, sizeof after_text, "%" G_GINT64_FORMAT, after);
  g_snprintf (case_text, sizeof case_text, "%" G_GUINT32_FORMAT, case_number);
  if (case_number != 0)
    params[n_params++] = case_text;
  /* A range of the primary key: reading the decisions since the last
   * look costs what they are, not what the log is. */
  sql = g_strdup_printf ("SELECT id, source_table, record_id, primary_id, verdict, reviewer, "
                         "DATE_FORMAT(decided_at, '%%Y-%%m-%%d %%H:%%i:%%s.%%f'), note, undoes, "
                         "TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', decided_at), old_values, "
                         "case_number, login FROM %s WHERE id > CAST(? AS SIGNED) AND source_database = ? %s %s "
                         "ORDER BY id",
                         self->q_decisions, table != NULL ? "AND source_table = ?" : "",
                         case_number != 0 ? "AND case_number = CAST(? AS UNSIGNED)" : "");
  return _pr_connection_select (self->connection, sql, params, n_params, error);
}

static GPtrArray *decisions_of_rows (GPtrArray  *rows,
                                     GError    **error);

/**
 * pr_store_list_decisions:
 * @store: a store
 * @table: (nullable): a source table, or %NULL for all the tables of the
 *   connection's database
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
 * @table: (nullable): a source table, or %NULL for all the tables of the
 *   connection's database
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

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (after >= 0, NULL);

  rows = select_decisions (self, table, after, 0, error);
  if (rows == NULL)
    return NULL;
  return decisions_of_rows (rows, error);
}

/**
 * pr_store_list_case_decisions:
 * @store: a store
 * @table: a source table
 * @case_number: a case of @table
 * @error: return location for a #GError
 *
 * The case's history: the decisions made against it, undos included, in
 * the order they were made.
 *
 * Returns: (transfer full) (element-type PrDecision): the decisions; %NULL
 *   on error
 */
GPtrArray *
pr_store_list_case_decisions (PrStore     *self,
                              const char  *table,
                              guint32      case_number,
                              GError     **error)
{
  g_autoptr(GPtrArray) rows = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (case_number != 0, NULL);

  rows = select_decisions (self, table, 0, case_number, error);
  if (rows == NULL)
    return NULL;
  return decisions_of_rows (rows, error);
}

static GPtrArray *
decisions_of_rows (GPtrArray  *rows,
                   GError    **error)
{
  g_autoptr(GPtrArray) decisions = NULL;

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
      decision->case_number = row->values[11] != NULL ? (guint32) g_ascii_strtoull (row->values[11], NULL, 10) : 0;
      decision->login = g_strdup (row->values[12]);
    }

  return g_steal_pointer (&decisions);
}

/* The export's columns, and the select's column of each. */
static const char *const export_header[] = {
  "id", "table", "record_id", "primary_id", "verdict", "reviewer", "decided_at", "note", "undoes", "case",
  "login",
};
static const guint export_column[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12 };
G_STATIC_ASSERT (G_N_ELEMENTS (export_column) == G_N_ELEMENTS (export_header));

static gboolean
export_decisions (PrStore      *self,
                  const char   *table,
                  guint32       case_number,
                  PrCsvWriter  *writer,
                  GError      **error)
{
  g_autoptr(GPtrArray) rows = NULL;

  rows = select_decisions (self, table, 0, case_number, error);
  if (rows == NULL)
    return FALSE;
  if (!pr_csv_writer_write_row (writer, export_header, G_N_ELEMENTS (export_header), error))
    return FALSE;

  for (guint i = 0; i < rows->len; i++)
    {
      PrDbRow *row = rows->pdata[i];
      const char *fields[G_N_ELEMENTS (export_header)];

      for (guint f = 0; f < G_N_ELEMENTS (export_header); f++)
        fields[f] = row->values[export_column[f]] != NULL ? row->values[export_column[f]] : "";
      if (!pr_csv_writer_write_row (writer, fields, G_N_ELEMENTS (fields), error))
        return FALSE;
    }

  return TRUE;
}

/**
 * pr_store_report_decisions:
 * @table: (nullable): a source table, or %NULL for all the tables
 * @case_number: a case of @table, or 0 for every decision
 * @report: an empty table, filled here
 *
 * The rows pr_store_export_decisions () writes (or
 * pr_store_export_case_decisions ()), as typed cells for a workbook: the
 * same headings and texts; id, undoes and case numbers; the record ids
 * text, never numbers (0012345 and 18-digit ids stay exact); decided_at
 * text, as it has microseconds a workbook's date would drop.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_report_decisions (PrStore        *self,
                           const char     *table,
                           guint32         case_number,
                           PrReportTable  *report,
                           GError        **error)
{
  g_autoptr(GPtrArray) rows = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (case_number == 0 || table != NULL, FALSE);
  g_return_val_if_fail (report != NULL, FALSE);

  rows = select_decisions (self, table, 0, case_number, error);
  if (rows == NULL)
    return FALSE;
  for (guint f = 0; f < G_N_ELEMENTS (export_header); f++)
    pr_report_table_add_heading (report, export_header[f]);
  for (guint i = 0; i < rows->len; i++)
    {
      PrDbRow *row = rows->pdata[i];

      pr_report_table_begin_row (report);
      for (guint f = 0; f < G_N_ELEMENTS (export_header); f++)
        {
          const char *value = row->values[export_column[f]];
          const char *name = export_header[f];

          if (value != NULL && (g_str_equal (name, "id") || g_str_equal (name, "undoes") || g_str_equal (name, "case")))
            pr_report_table_add_integer (report, g_ascii_strtoll (value, NULL, 10));
          else if (g_str_equal (name, "record_id") || g_str_equal (name, "primary_id"))
            pr_report_table_add_id (report, value);
          else
            pr_report_table_add_text (report, value);
        }
    }
  return TRUE;
}

/**
 * pr_store_export_decisions:
 * @store: a store
 * @table: (nullable): a source table, or %NULL for all the tables of the
 *   connection's database
 * @writer: where the rows go; not closed here
 * @error: return location for a #GError
 *
 * Writes a header row "id,table,record_id,primary_id,verdict,reviewer,
 * decided_at,note,undoes,case,login" and one row per decision in id
 * order; decided_at is UTC as "YYYY-MM-DD HH:MM:SS.ffffff", a missing
 * note, undoes, case number or login is an empty field. reviewer is the
 * name the reviewer set, login the account the decision was made from.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_export_decisions (PrStore      *self,
                           const char   *table,
                           PrCsvWriter  *writer,
                           GError      **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (writer != NULL, FALSE);

  return export_decisions (self, table, 0, writer, error);
}

/**
 * pr_store_export_case_decisions:
 * @store: a store
 * @table: a source table
 * @case_number: a case of @table
 * @writer: where the rows go; not closed here
 * @error: return location for a #GError
 *
 * As pr_store_export_decisions(), the decisions made against one case.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_export_case_decisions (PrStore      *self,
                                const char   *table,
                                guint32       case_number,
                                PrCsvWriter  *writer,
                                GError      **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (case_number != 0, FALSE);
  g_return_val_if_fail (writer != NULL, FALSE);

  return export_decisions (self, table, case_number, writer, error);
}
