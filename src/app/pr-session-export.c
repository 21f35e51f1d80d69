/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: the duplicate report, written on a connection and a thread of its
 * own, in the reviewer's language.
 */
#define G_LOG_DOMAIN "pr-session-export"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-session-private.h"

#include "pr-record-reader.h"
#include "pr-report-table.h"

/* Export */

/* The report's own columns; the mapped display columns follow. The
 * report is for people reading it in Excel: its headings and verdicts are
 * in the reviewer's language (the CLI's exports keep fixed English names
 * for other programs). New columns go after the verdict's, and the note
 * after the mapped columns, so that every column stays at the letter
 * readers' sheets expect it. */
static const char *const export_header[] = {
  /* "case" in its place when the clusters are named by case numbers */
  NC_("report column", "cluster"), NC_("report column", "record_id"), NC_("report column", "primary_id"),
  NC_("report column", "distance"), NC_("report column", "similarity"), NC_("report column", "verdict"),
  NC_("report column", "reviewer"), NC_("report column", "decided_at"), NC_("report column", "repeat_kind"),
  /* Translators: the reviewer's note on the decision (处理意见) */
  NC_("report column", "note"),
};
#define EXPORT_FIXED G_N_ELEMENTS (export_header)
/* The note's cell, written last, after the mapped columns. */
#define EXPORT_NOTE (EXPORT_FIXED - 1)

/* A member as the list showed it when the export began: its strings are
 * held in the export's string chunk, and the cells are made from them on
 * the worker, so that the click's turn only copies. */
typedef struct {
  guint            cluster;   /* its number, and whether a case's (pr_cluster_name_format ()) */
  gboolean         is_case;
  const char      *id;
  const char      *primary;
  const char      *reviewer;  /* NULL when undecided */
  const char      *note;
  guint            distance;
  PrMemberState    state;
  PrPetitionerKind petitioner;
  gint64           decided_at;
  gboolean         decided;
} ExportRow;

typedef struct {
  PrConnectionParams    *params;
  char                  *table;
  PrMapping             *mapping;
  int                    id_column;
  gboolean               cases;      /* the first column is the case number */
  char                  *path;
  GArray                *rows;       /* ExportRow */
  GStringChunk          *strings;    /* the rows' strings */
  GPtrArray             *items;      /* the cases shown at the click, each NULL once copied */
  GPtrArray             *item_rows;  /* per case: a GArray of its ExportRow once copied, or NULL */
  guint                  next;       /* the next case the copy's slices take */
  GHashTable            *row_of;     /* record id (borrowed from rows) → row index + 1 */
  GPtrArray             *values;     /* per row: GPtrArray of the display values, or NULL */
  GArray                *display_dates; /* gboolean per display column: a date column */
  PrSessionProgress      progress;
  guint64                read, estimate;
  GCancellable          *cancellable;
} ExportData;

/* A row's display values: %NULL for a record the table no longer has,
 * and once copied into the report. */
static void
values_free (gpointer values)
{
  if (values != NULL)
    g_ptr_array_unref (values);
}

/* An item once copied, and a case's rows not yet copied: %NULL. */
static void
unref_nullable (gpointer object)
{
  if (object != NULL)
    g_object_unref (object);
}

static void
rows_free (gpointer rows)
{
  if (rows != NULL)
    g_array_unref (rows);
}

static void
export_data_free (ExportData *data)
{
  pr_connection_params_free (data->params);
  g_free (data->table);
  pr_mapping_free (data->mapping);
  g_free (data->path);
  g_hash_table_unref (data->row_of);
  g_array_unref (data->rows);
  g_string_chunk_free (data->strings);
  g_ptr_array_unref (data->items);
  g_ptr_array_unref (data->item_rows);
  g_ptr_array_unref (data->values);
  g_clear_pointer (&data->display_dates, g_array_unref);
  _pr_session_progress_clear (&data->progress);
  g_free (data);
}

static gboolean
is_display_column (const PrMappingColumn *column)
{
  return column->role == PR_COLUMN_ROLE_SHORT || column->role == PR_COLUMN_ROLE_TEXT || column->role == PR_COLUMN_ROLE_DATE;
}

static void
export_report (ExportData *data,
               gboolean    force)
{
  _pr_session_progress_post (&data->progress, PR_SCAN_PHASE_READ, data->read, data->read,
                 MAX (data->estimate, data->read), force);
}

static gboolean
collect_values (const char *const *values,
                const gsize       *lengths,
                gpointer           user_data)
{
  ExportData *data = user_data;
  guint n = pr_mapping_get_n_columns (data->mapping);
  gpointer found;

  data->read++;
  export_report (data, FALSE);
  if (values[data->id_column] != NULL &&
      (found = g_hash_table_lookup (data->row_of, values[data->id_column])) != NULL)
    {
      GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);
      guint row = GPOINTER_TO_UINT (found) - 1;

      for (guint c = 0; c < n; c++)
        if (is_display_column (pr_mapping_get_column (data->mapping, c)))
          g_ptr_array_add (kept, values[c] != NULL ? g_strndup (values[c], lengths[c]) : NULL);
      g_clear_pointer (&data->values->pdata[row], g_ptr_array_unref);
      data->values->pdata[row] = kept;
    }
  return !g_cancellable_is_cancelled (data->cancellable);
}

/* The report's rows, one place for both the CSV file and the workbook.
 * Returns: (transfer full) (nullable): %NULL if @cancellable was cancelled */
static PrReportTable *
build_report (ExportData    *data,
              GCancellable  *cancellable,
              GError       **error)
{
  /* Translators: the name of the report's sheet in an Excel workbook: at
   * most 31 characters, none of []:*?/\ (重复信访报告) */
  g_autoptr(PrReportTable) table = pr_report_table_new (C_("report sheet", "Repeat petitions"));
  guint n_columns = pr_mapping_get_n_columns (data->mapping);
  g_autofree char *cluster = NULL;

  data->display_dates = g_array_new (FALSE, FALSE, sizeof (gboolean));
  for (guint i = 0; i < EXPORT_NOTE; i++)
    pr_report_table_add_heading (table, i == 0 && data->cases
                                          ? C_("report column", "case")
                                          : g_dpgettext2 (GETTEXT_PACKAGE, "report column", export_header[i]));
  for (guint c = 0; c < n_columns; c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (data->mapping, c);
      gboolean is_date = column->role == PR_COLUMN_ROLE_DATE;

      if (!is_display_column (column))
        continue;
      pr_report_table_add_heading (table, pr_mapping_column_get_label (column));
      g_array_append_val (data->display_dates, is_date);
    }
  pr_report_table_add_heading (table, g_dpgettext2 (GETTEXT_PACKAGE, "report column", export_header[EXPORT_NOTE]));

  for (guint r = 0; r < data->rows->len; r++)
    {
      ExportRow *row = &g_array_index (data->rows, ExportRow, r);
      GPtrArray *display = data->values->pdata[r];

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (r == 0 || row->cluster != row[-1].cluster || row->is_case != row[-1].is_case)
        {
          g_free (cluster);
          cluster = pr_cluster_name_format (row->is_case, row->cluster);
        }
      pr_report_table_begin_row (table);
      pr_report_table_add_text (table, cluster);
      pr_report_table_add_id (table, row->id);
      pr_report_table_add_id (table, row->primary);
      pr_report_table_add_integer (table, row->distance);
      pr_report_table_add_percent (table, (64 - row->distance) / 64.0);
      pr_report_table_add_text (table, row->state == PR_MEMBER_REPEAT ? C_("verdict", "repeat")
                                       : row->state == PR_MEMBER_NOT_REPEAT ? C_("verdict", "not a repeat") : "");
      pr_report_table_add_text (table, row->decided ? row->reviewer : NULL);
      if (row->decided)
        pr_report_table_add_unix_time (table, row->decided_at);
      else
        pr_report_table_add_text (table, NULL);
      /* Empty for the primary, and where a petitioner is not known. */
      pr_report_table_add_text (table, row->petitioner == PR_PETITIONER_SAME ? C_("repeat kind", "the same petitioner")
                                       : row->petitioner == PR_PETITIONER_OTHER ? C_("repeat kind", "another petitioner")
                                       : "");
      for (guint d = 0; d < data->display_dates->len; d++)
        {
          const char *value = display != NULL && d < display->len ? display->pdata[d] : NULL;

          if (g_array_index (data->display_dates, gboolean, d))
            pr_report_table_add_date (table, value);
          else
            pr_report_table_add_text (table, value);
        }
      pr_report_table_add_text (table, row->decided ? row->note : NULL);
      /* Copied into the report: a petition's text is held once, not twice,
       * while a large report is written. */
      g_clear_pointer (&data->values->pdata[r], g_ptr_array_unref);
    }
  return g_steal_pointer (&table);
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportData *data = task_data;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrReportTable) table = NULL;
  GError *error = NULL;

  data->cancellable = cancellable;
  for (guint i = 0; i < data->item_rows->len; i++)
    {
      GArray *rows = data->item_rows->pdata[i];

      g_array_append_vals (data->rows, rows->data, rows->len);
    }
  g_ptr_array_set_size (data->item_rows, 0);
  g_ptr_array_set_size (data->values, data->rows->len);
  for (guint r = 0; r < data->rows->len; r++)
    g_hash_table_insert (data->row_of, (gpointer) g_array_index (data->rows, ExportRow, r).id, GUINT_TO_POINTER (r + 1));
  connection = pr_connection_open (data->params, &error);
  if (connection == NULL)
    goto failed;
  data->estimate = pr_catalog_estimate_rows (connection, data->table, NULL);
  /* The display values come from one pass over the table, not a query per
   * record: a report may hold hundreds of thousands of them. */
  if (!pr_record_reader_stream (connection, data->table, data->mapping, collect_values, data,
                                cancellable, &error))
    goto failed;
  if (g_cancellable_set_error_if_cancelled (cancellable, &error))
    goto failed;
  export_report (data, TRUE);

  table = build_report (data, cancellable, &error);
  if (table == NULL)
    goto failed;
  /* A workbook by its name's .xlsx; else CSV: UTF-8 with a BOM, so that
   * Excel reads Chinese right, formulas neutralised, and ids and ID card
   * numbers kept whole as text. Either is written to a temporary file and
   * renamed at the end: on a failure an existing report at the path is
   * left as it was. */
  if (!pr_report_table_write (table, data->path,
                              PR_CSV_WRITER_BOM | PR_CSV_WRITER_NEUTRALIZE | PR_CSV_WRITER_DIGITS_AS_TEXT,
                              cancellable, &error))
    goto failed;
  g_task_return_int (task, data->rows->len);
  return;

failed:
  g_task_return_error (task, error);
}

/* The rows of the @i th case shown, as the list shows them now, taken
 * on the main thread: only copied (a report may hold hundreds of
 * thousands of rows); the worker makes the cells and finds the rows by id. */
static void
copy_case (PrSession  *self,
           ExportData *data,
           guint       i)
{
  g_autoptr(PrClusterItem) item = g_steal_pointer (&data->items->pdata[i]);
  guint n_members = pr_cluster_item_get_n_members (item);
  guint number = pr_cluster_item_get_number (item);
  gboolean is_case = pr_cluster_item_get_is_case (item);
  GArray *rows = g_array_sized_new (FALSE, TRUE, sizeof (ExportRow), n_members);
  const char *primary = n_members > 0 ? g_string_chunk_insert (data->strings, pr_cluster_item_get_primary_id (item))
                                      : NULL;

  g_array_set_size (rows, n_members);
  for (guint m = 0; m < n_members; m++)
    {
      PrClusterMember *member = pr_cluster_item_get_member (item, m);
      const PrDecision *decision = member->decision != 0 && m > 0
                                     ? g_hash_table_lookup (self->decisions, &member->decision) : NULL;
      ExportRow *row = &g_array_index (rows, ExportRow, m);

      row->cluster = number;
      row->is_case = is_case;
      row->id = m == 0 ? primary : g_string_chunk_insert (data->strings, member->id);
      row->primary = primary;
      row->distance = member->distance;
      row->state = member->state;
      row->petitioner = member->petitioner;
      if (decision != NULL)
        {
          row->reviewer = decision->reviewer != NULL ? g_string_chunk_insert (data->strings, decision->reviewer) : NULL;
          row->note = decision->note != NULL ? g_string_chunk_insert (data->strings, decision->note) : NULL;
          row->decided_at = decision->decided_at;
          row->decided = TRUE;
        }
    }
  data->item_rows->pdata[i] = rows;
}

/* The main thread's time a slice of the copy may take (microseconds). */
#define COPY_BUDGET 8000

/* A slice of the cases' rows copied, each turn of the main loop, until
 * all are; then the worker reads the table and writes the report. */
static gboolean
copy_slice (gpointer user_data)
{
  GTask *task = user_data;
  PrSession *self = g_task_get_source_object (task);
  ExportData *data = g_task_get_task_data (task);
  gint64 until = g_get_monotonic_time () + COPY_BUDGET;
  guint done = 0;

  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      g_ptr_array_remove_fast (self->exports_copying, task);
      g_task_return_error_if_cancelled (task);
      return G_SOURCE_REMOVE;
    }
  if (self->export_held)
    return G_SOURCE_CONTINUE;
  self->export_slices++;
  while (data->next < data->items->len &&
         (self->export_slice == 0 || done < self->export_slice) &&
         (done % 64 != 0 || g_get_monotonic_time () < until))
    {
      if (data->items->pdata[data->next] != NULL)
        copy_case (self, data, data->next);
      data->next++;
      done++;
    }
  if (data->next < data->items->len)
    return G_SOURCE_CONTINUE;
  g_ptr_array_remove_fast (self->exports_copying, task);
  _pr_session_run_in_background (task, export_thread);
  return G_SOURCE_REMOVE;
}

/* PrClusterItem::will-change of any cluster, before it changes (a
 * decision, an undo, a split, another reviewer's decision): an export of
 * @data's session still copying takes its rows first, so that the report
 * holds the cases as they were at its start. A hook on the signal rather
 * than a handler per cluster: a scan has a hundred thousand of them, and
 * none but a copying export's need be watched. */
static gboolean
cluster_will_change (GSignalInvocationHint *hint,
                     guint                  n_values,
                     const GValue          *values,
                     gpointer               data)
{
  PrSession *self = data;
  PrClusterItem *item = g_value_get_object (&values[0]);

  for (guint e = 0; e < self->exports_copying->len; e++)
    {
      ExportData *data = g_task_get_task_data (self->exports_copying->pdata[e]);

      for (guint i = data->next; i < data->items->len; i++)
        if (data->items->pdata[i] == item)
          copy_case (self, data, i);
    }
  return TRUE;
}

/* From the session's start to its disposal. */
void
_pr_session_export_watch (PrSession *self)
{
  gpointer klass = g_type_class_ref (PR_TYPE_CLUSTER_ITEM);

  self->will_change_hook = g_signal_add_emission_hook (g_signal_lookup ("will-change", PR_TYPE_CLUSTER_ITEM), 0,
                                                       cluster_will_change, self, NULL);
  g_type_class_unref (klass);
}

void
_pr_session_export_unwatch (PrSession *self)
{
  if (self->will_change_hook != 0)
    g_signal_remove_emission_hook (g_signal_lookup ("will-change", PR_TYPE_CLUSTER_ITEM), self->will_change_hook);
  self->will_change_hook = 0;
}

/**
 * pr_session_export_async:
 * @file: the file to write: an Excel workbook if its name ends in .xlsx,
 *   else CSV (replaced, atomically, when it exists)
 * @progress: (nullable): rows of the table read, on the main thread
 *
 * Writes the duplicate report: one row per member of each cluster of the
 * last scan, primary first — cluster, record_id, primary_id, distance
 * (bits, to the primary), similarity (of the fingerprints, 1 − distance/64,
 * as a percentage), verdict (repeat, not_repeat or empty), reviewer,
 * decided_at, repeat_kind (the same petitioner as the primary's, another,
 * or empty for the primary and where it is not known) — then the mapped
 * short, text and date columns, and last the note (the decision's 处理意见,
 * or empty), so that the mapped columns keep their letters. CSV: UTF-8 with a BOM, RFC 4180, cells that
 * begin with = + - @ (or a full-width or other form of them) neutralised.
 * A workbook has the same cells, with numbers and dates as values.
 */
void
pr_session_export_async (PrSession             *self,
                         GFile                 *file,
                         PrScanProgressFunc     progress,
                         gpointer               progress_data,
                         GCancellable          *cancellable,
                         GAsyncReadyCallback    callback,
                         gpointer               user_data)
{
  pr_session_export_clusters_async (self, file, NULL, progress, progress_data, cancellable, callback, user_data);
}

/**
 * pr_session_export_clusters_async:
 * @clusters: (nullable): the #PrClusterItem s to report (the list as
 *   filtered), in their order; %NULL for every cluster, in cluster order
 *
 * pr_session_export_async () of some clusters.
 */
void
pr_session_export_clusters_async (PrSession             *self,
                                  GFile                 *file,
                                  GListModel            *clusters,
                                  PrScanProgressFunc     progress,
                                  gpointer               progress_data,
                                  GCancellable          *cancellable,
                                  GAsyncReadyCallback    callback,
                                  gpointer               user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  ExportData *data = g_new0 (ExportData, 1);
  guint n_items = clusters != NULL ? g_list_model_get_n_items (clusters) : self->items->len;

  g_return_if_fail (self->result != NULL);

  data->params = pr_connection_params_copy (self->params);
  data->table = g_strdup (self->table);
  data->mapping = pr_mapping_copy (self->mapping);
  data->id_column = -1;
  data->cases = self->items->len > 0 && pr_cluster_item_get_is_case (self->items->pdata[0]);
  for (guint c = 0; c < pr_mapping_get_n_columns (self->mapping); c++)
    if (pr_mapping_get_column (self->mapping, c)->role == PR_COLUMN_ROLE_ID)
      data->id_column = (int) c;
  data->path = g_file_get_path (file);
  data->rows = g_array_new (FALSE, TRUE, sizeof (ExportRow));
  data->strings = g_string_chunk_new (64 * 1024);
  data->items = g_ptr_array_new_full (n_items, unref_nullable);
  data->item_rows = g_ptr_array_new_full (n_items, rows_free);
  data->row_of = g_hash_table_new (g_str_hash, g_str_equal);
  data->values = g_ptr_array_new_with_free_func (values_free);
  _pr_session_progress_init (&data->progress, self, progress, progress_data);
  g_task_set_source_tag (task, pr_session_export_async);
  g_task_set_task_data (task, data, (GDestroyNotify) export_data_free);

  if (data->path == NULL || data->id_column < 0)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               data->path == NULL ? _("The report can only be saved to a local file")
                                                  : _("The mapping has no id column"));
      return;
    }
  /* Refused before the table is read, not after. */
  {
    GError *error = NULL;

    if (!pr_report_path_check_name (data->path, &error))
      {
        g_task_return_error (task, error);
        return;
      }
  }

  /* The cases as the list shows them now; their rows are copied in
   * slices, each case before anything changes it (PrClusterItem::will-change). */
  for (guint i = 0; i < n_items; i++)
    g_ptr_array_add (data->items, clusters != NULL ? g_list_model_get_item (clusters, i)
                                                   : g_object_ref (self->items->pdata[i]));
  g_ptr_array_set_size (data->item_rows, n_items);
  g_ptr_array_add (self->exports_copying, g_object_ref (task));
  if (copy_slice (task) == G_SOURCE_CONTINUE)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, copy_slice, g_steal_pointer (&task), g_object_unref);

}

/* Returns: the rows written, or 0 with @error set */
guint64
pr_session_export_finish (PrSession     *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  gssize n = g_task_propagate_int (G_TASK (result), error);

  return n < 0 ? 0 : (guint64) n;
}

