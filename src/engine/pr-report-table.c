/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A report as rows of typed cells: built once, written as CSV or as an
 * Excel workbook (pr-report-xlsx.c), so that both files say the same.
 * Each cell keeps the text the CSV file gets; a number, a percentage or a
 * date keeps its value too, for a spreadsheet file to write as such.
 */
#define G_LOG_DOMAIN "pr-report-table"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-report-table.h"

struct _PrReportTable
{
  char      *sheet_name;
  GPtrArray *headings;  /* char * */
  GPtrArray *rows;      /* GArray of PrReportCell */
};

static void
cell_clear (PrReportCell *cell)
{
  g_free (cell->text);
}

/**
 * pr_report_table_new:
 * @sheet_name: the worksheet's name in a workbook: at most 31 characters,
 *   none of []:*?/\
 *
 * Returns: (transfer full): an empty report
 */
PrReportTable *
pr_report_table_new (const char *sheet_name)
{
  PrReportTable *self = g_new0 (PrReportTable, 1);

  self->sheet_name = g_strdup (sheet_name);
  self->headings = g_ptr_array_new_with_free_func (g_free);
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  return self;
}

void
pr_report_table_free (PrReportTable *self)
{
  if (self == NULL)
    return;
  g_free (self->sheet_name);
  g_ptr_array_unref (self->headings);
  g_ptr_array_unref (self->rows);
  g_free (self);
}

void
pr_report_table_add_heading (PrReportTable *self,
                             const char    *heading)
{
  g_ptr_array_add (self->headings, g_strdup (heading));
}

/* Starts a row: the cells added next fill it, left to right. */
void
pr_report_table_begin_row (PrReportTable *self)
{
  GArray *row = g_array_sized_new (FALSE, TRUE, sizeof (PrReportCell), self->headings->len);

  g_array_set_clear_func (row, (GDestroyNotify) cell_clear);
  g_ptr_array_add (self->rows, row);
}

static PrReportCell *
add_cell (PrReportTable    *self,
          PrReportCellKind  kind,
          char             *text)
{
  GArray *row;
  PrReportCell cell = { 0 };

  g_return_val_if_fail (self->rows->len > 0, NULL);
  row = self->rows->pdata[self->rows->len - 1];
  cell.kind = kind;
  cell.text = text;
  g_array_append_val (row, cell);
  return &g_array_index (row, PrReportCell, row->len - 1);
}

/* @text: (nullable): %NULL or "" for an empty cell */
void
pr_report_table_add_text (PrReportTable *self,
                          const char    *text)
{
  add_cell (self, PR_REPORT_CELL_TEXT, g_strdup (text));
}

/* An id stays text in a spreadsheet: its leading zeros and its digits past
 * the fifteenth are kept. */
void
pr_report_table_add_id (PrReportTable *self,
                        const char    *id)
{
  add_cell (self, PR_REPORT_CELL_ID, g_strdup (id));
}

void
pr_report_table_add_integer (PrReportTable *self,
                             gint64         value)
{
  add_cell (self, PR_REPORT_CELL_INTEGER, g_strdup_printf ("%" G_GINT64_FORMAT, value))->number = (double) value;
}

/* @fraction: 0.984 is written "98.4%". The value a workbook gets is the
 * text's, rounded as the text is: 0.8125 is "81.2%" (printf rounds a tie
 * to even), which a spreadsheet would show as 81.3%. */
void
pr_report_table_add_percent (PrReportTable *self,
                             double         fraction)
{
  char rounded[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (rounded, sizeof rounded, "%.1f", 100.0 * fraction);
  add_cell (self, PR_REPORT_CELL_PERCENT, g_strdup_printf ("%.1f%%", 100.0 * fraction))->number =
    g_ascii_strtod (rounded, NULL) / 100.0;
}

static gboolean
parse_fixed (const char *text,
             guint       n,
             int        *value)
{
  *value = 0;
  for (guint i = 0; i < n; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return FALSE;
      *value = *value * 10 + (text[i] - '0');
    }
  return TRUE;
}

/* Only the database's own forms, "YYYY-MM-DD" and "YYYY-MM-DD HH:MM:SS",
 * from 1900 on (the first day a workbook can hold): anything else, or a
 * day that does not exist, stays text as it was, rather than be guessed. */
static gboolean
parse_date (const char   *text,
            PrReportCell *cell)
{
  size_t n = strlen (text);
  int *d = &cell->date.year;

  if (!(n == 10 || n == 19) || text[4] != '-' || text[7] != '-' ||
      !parse_fixed (text, 4, &d[0]) || !parse_fixed (text + 5, 2, &d[1]) || !parse_fixed (text + 8, 2, &d[2]))
    return FALSE;
  if (d[0] < 1900 || !g_date_valid_dmy (d[2], d[1], d[0]))
    return FALSE;
  if (n == 10)
    {
      cell->kind = PR_REPORT_CELL_DATE;
      return TRUE;
    }
  if (text[10] != ' ' || text[13] != ':' || text[16] != ':' ||
      !parse_fixed (text + 11, 2, &d[3]) || !parse_fixed (text + 14, 2, &d[4]) || !parse_fixed (text + 17, 2, &d[5]))
    return FALSE;
  if (d[3] > 23 || d[4] > 59 || d[5] > 59)
    return FALSE;
  cell->kind = PR_REPORT_CELL_DATETIME;
  return TRUE;
}

/* @text: (nullable): a date as the table holds it; one not in the
 * database's own form stays text */
void
pr_report_table_add_date (PrReportTable *self,
                          const char    *text)
{
  PrReportCell *cell = add_cell (self, PR_REPORT_CELL_TEXT, g_strdup (text));

  if (text != NULL && !parse_date (text, cell))
    cell->kind = PR_REPORT_CELL_TEXT;
}

/* @seconds: a moment, written in the local time zone */
void
pr_report_table_add_unix_time (PrReportTable *self,
                               gint64         seconds)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (seconds);
  g_autoptr(GDateTime) local = utc != NULL ? g_date_time_to_local (utc) : NULL;
  g_autofree char *text = local != NULL ? g_date_time_format (local, "%Y-%m-%d %H:%M:%S") : NULL;

  pr_report_table_add_date (self, text);
}

const char *
pr_report_table_get_sheet_name (PrReportTable *self)
{
  return self->sheet_name;
}

guint
pr_report_table_get_n_columns (PrReportTable *self)
{
  return self->headings->len;
}

const char *
pr_report_table_get_heading (PrReportTable *self,
                             guint          column)
{
  return self->headings->pdata[column];
}

guint
pr_report_table_get_n_rows (PrReportTable *self)
{
  return self->rows->len;
}

/* Returns: (nullable): the cell, %NULL past the end of a short row */
const PrReportCell *
pr_report_table_get_cell (PrReportTable *self,
                          guint          row,
                          guint          column)
{
  GArray *cells = self->rows->pdata[row];

  return column < cells->len ? &g_array_index (cells, PrReportCell, column) : NULL;
}

/**
 * pr_report_table_write_csv:
 * @flags: the CSV writer's
 * @cancellable: (nullable): checked before each row
 *
 * Writes the headings and the rows' text, replacing @path only when the
 * file is complete.
 *
 * Returns: %FALSE with @error set ("cannot write @path: …", or
 *   %G_IO_ERROR_CANCELLED), @path then left as it was
 */
gboolean
pr_report_table_write_csv (PrReportTable     *self,
                           const char        *path,
                           PrCsvWriterFlags   flags,
                           GCancellable      *cancellable,
                           GError           **error)
{
  g_autoptr(PrCsvWriter) writer = pr_csv_writer_new_for_path (path, flags, error);
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();

  if (writer == NULL)
    return FALSE;
  if (!pr_csv_writer_write_row (writer, (const char *const *) self->headings->pdata, self->headings->len, error))
    return FALSE;
  for (guint r = 0; r < self->rows->len; r++)
    {
      GArray *row = self->rows->pdata[r];

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      g_ptr_array_set_size (fields, 0);
      for (guint c = 0; c < row->len; c++)
        g_ptr_array_add (fields, g_array_index (row, PrReportCell, c).text);
      if (!pr_csv_writer_write_row (writer, (const char *const *) fields->pdata, fields->len, error))
        return FALSE;
    }
  /* Freed unclosed after a failure, the writer leaves @path as it was. */
  return pr_csv_writer_close (writer, error);
}

/* Whether @path names an Excel workbook (.xlsx, in any case) */
gboolean
pr_report_path_is_xlsx (const char *path)
{
  size_t n = path != NULL ? strlen (path) : 0;

  return n >= 5 && g_ascii_strcasecmp (path + n - 5, ".xlsx") == 0;
}

/**
 * pr_report_path_is_tsv:
 * @path: (nullable): a file name
 *
 * Whether @path names a tab-separated file (.tsv, in any case): the
 * programs that open such a file part its values at tabs, so CSV text
 * under that name is read as one value a line.
 */
gboolean
pr_report_path_is_tsv (const char *path)
{
  size_t n = path != NULL ? strlen (path) : 0;

  return n > 4 && path[n - 5] != '/' && g_ascii_strcasecmp (path + n - 4, ".tsv") == 0;
}

/**
 * pr_report_path_spreadsheet_extension:
 * @path: (nullable): a file name
 *
 * The names a spreadsheet program opens as its own workbooks (Excel's,
 * WPS's, LibreOffice's, Numbers'), other than .xlsx, which this program
 * writes: CSV text under such a name is refused or misread there.
 *
 * Returns: (nullable): the extension as @path spells it (".XLS"), or
 *   %NULL if @path does not end in one
 */
const char *
pr_report_path_spreadsheet_extension (const char *path)
{
  static const char *const extensions[] = {
    ".xls", ".xlsm", ".xlsb", ".xlt", ".xltx", ".xltm", ".xla", ".xlam", ".xlw",
    ".ods", ".ots", ".fods", ".et", ".ett", ".numbers", ".gnumeric",
  };
  const char *dot = path != NULL ? strrchr (path, '.') : NULL;

  if (dot == NULL || dot == path || strchr (dot, '/') != NULL || dot[-1] == '/')
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    if (g_ascii_strcasecmp (dot, extensions[i]) == 0)
      return dot;
  return NULL;
}

/**
 * pr_report_table_write:
 * @csv_flags: the CSV writer's, for a CSV file
 * @cancellable: (nullable): checked before each row; cancelled, the
 *   write stops with %G_IO_ERROR_CANCELLED and leaves @path as it was
 *
 * Writes an Excel workbook if @path ends in .xlsx, else CSV; CSV under
 * another spreadsheet's name (pr_report_path_check_name ()) is refused.
 */
gboolean
pr_report_table_write (PrReportTable     *self,
                       const char        *path,
                       PrCsvWriterFlags   csv_flags,
                       GCancellable      *cancellable,
                       GError           **error)
{
  if (pr_report_path_is_xlsx (path))
    return pr_report_table_write_xlsx (self, path, cancellable, error);
  if (!pr_report_path_check_name (path, error))
    return FALSE;
  return pr_report_table_write_csv (self, path, csv_flags, cancellable, error);
}

/**
 * pr_report_path_check_name:
 * @path: the file pr_report_table_write () is to write
 *
 * Whether pr_report_table_write () can write @path: a workbook (.xlsx),
 * or CSV under a name no spreadsheet program takes for one of its own
 * workbooks (.xls, .ods, WPS's .et…), which it would refuse or misread,
 * nor for a tab-separated file (.tsv).
 *
 * Returns: %FALSE with @error set (%G_IO_ERROR_INVALID_FILENAME) if not
 */
gboolean
pr_report_path_check_name (const char  *path,
                           GError     **error)
{
  const char *extension = pr_report_path_is_xlsx (path) ? NULL : pr_report_path_spreadsheet_extension (path);
  g_autofree char *name = NULL;

  if (extension == NULL && !pr_report_path_is_tsv (path))
    return TRUE;
  name = g_filename_display_basename (path);
  if (extension == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("“%s” names a tab-separated file (.tsv), but the report would be written as CSV text, its "
                     "values parted by commas, which a program opening a .tsv file reads as one value a line: "
                     "export again and name the file .csv, or choose the Excel workbook type (.xlsx)"),
                   name);
      return FALSE;
    }
  /* Translators: the file's name, then its extension (.xls, .et) */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
               _("“%s” names a spreadsheet workbook (%s), but the report would be written as CSV text, which "
                 "a spreadsheet program refuses or misreads under that name: export again and choose the "
                 "Excel workbook type (.xlsx), or name the file .csv"),
               name, extension);
  return FALSE;
}
