/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A report as an Excel workbook (Office Open XML, .xlsx), which Excel and
 * WPS open as it is: one sheet, the headings bold and frozen, ids as text,
 * numbers, percentages and dates as values with their formats, columns as
 * wide as their contents (within limits). Written by libxlsxwriter to a
 * temporary file beside the target and renamed over it when complete.
 * libxlsxwriter writes in its constant-memory mode: each row goes to its
 * temporary file once the next one begins, texts as inline strings rather
 * than a shared table, so that a large report is not held in memory once
 * more (the cells and the sheet's layout are the same).
 */
#define G_LOG_DOMAIN "pr-report-xlsx"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <string.h>

#include <xlsxwriter.h>

#include "pr-output-file.h"
#include "pr-report-table.h"

/* A sheet's rows, the headings' included (Excel's limit) */
#define XLSX_MAX_ROWS 1048576
/* Column widths, in characters of the default font: a petition's text
 * would otherwise make its column wider than the screen. */
#define MIN_WIDTH 6.0
#define MAX_WIDTH 60.0

/* The width a text takes: East Asian wide characters take two. */
static double
text_width (const char *text)
{
  double width = 0;

  if (text == NULL)
    return 0;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n')
        break;
      width += g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

/* A workbook's text writes a character XML cannot hold (a CR) as
 * _xHHHH_, so a text that holds such a pattern itself must write its "_"
 * as _x005F_ (ECMA-376, ST_Xstring); libxlsxwriter does not, and Excel
 * would show "_x000D_" copied from another workbook as a line break.
 * The noncharacters U+FFFE and U+FFFF are written so too.
 * Returns: (transfer full) (nullable): the escaped text, or %NULL if
 * @text needs none */
static char *
escape_x_patterns (const char *text)
{
  GString *escaped;

  if (strstr (text, "_x") == NULL && strstr (text, "\xef\xbf\xbe") == NULL && strstr (text, "\xef\xbf\xbf") == NULL)
    return NULL;
  escaped = g_string_new (NULL);
  for (const char *p = text; *p != '\0';)
    {
      /* U+FFFE and U+FFFF are no characters to XML, and libxlsxwriter
       * writes them as they are: the workbook would not open. */
      if ((guchar) p[0] == 0xEF && (guchar) p[1] == 0xBF && ((guchar) p[2] == 0xBE || (guchar) p[2] == 0xBF))
        {
          g_string_append (escaped, (guchar) p[2] == 0xBE ? "_xFFFE_" : "_xFFFF_");
          p += 3;
        }
      else if (p[0] == '_' && p[1] == 'x' && g_ascii_isxdigit (p[2]) && g_ascii_isxdigit (p[3]) &&
               g_ascii_isxdigit (p[4]) && g_ascii_isxdigit (p[5]) && p[6] == '_')
        {
          g_string_append (escaped, "_x005F_x");
          p += 2;
        }
      else
        g_string_append_c (escaped, *p++);
    }
  return g_string_free (escaped, FALSE);
}

static lxw_error
write_text (lxw_worksheet *sheet,
            lxw_row_t      r,
            lxw_col_t      c,
            const char    *text,
            lxw_format    *format)
{
  g_autofree char *escaped = escape_x_patterns (text);

  return worksheet_write_string (sheet, r, c, escaped != NULL ? escaped : text, format);
}

typedef struct {
  lxw_format *heading, *id, *integer, *percent, *date, *datetime;
} Formats;

static lxw_error
write_cell (lxw_worksheet      *sheet,
            lxw_row_t           r,
            lxw_col_t           c,
            const PrReportCell *cell,
            const Formats      *formats)
{
  lxw_datetime when;

  if (cell == NULL || cell->text == NULL || cell->text[0] == '\0')
    return LXW_NO_ERROR;
  switch (cell->kind)
    {
    case PR_REPORT_CELL_ID:
      return write_text (sheet, r, c, cell->text, formats->id);
    case PR_REPORT_CELL_INTEGER:
      return worksheet_write_number (sheet, r, c, cell->number, formats->integer);
    case PR_REPORT_CELL_PERCENT:
      return worksheet_write_number (sheet, r, c, cell->number, formats->percent);
    case PR_REPORT_CELL_DATE:
    case PR_REPORT_CELL_DATETIME:
      when = (lxw_datetime) { cell->date.year, cell->date.month, cell->date.day,
                              cell->date.hour, cell->date.minute, cell->date.second };
      return worksheet_write_datetime (sheet, r, c, &when,
                                       cell->kind == PR_REPORT_CELL_DATE ? formats->date : formats->datetime);
    case PR_REPORT_CELL_TEXT:
    default:
      /* A string cell, never a formula: "=1+1" is shown as it is. */
      return write_text (sheet, r, c, cell->text, NULL);
    }
}

static lxw_format *
number_format (lxw_workbook *book,
               const char   *pattern)
{
  lxw_format *format = workbook_add_format (book);

  format_set_num_format (format, pattern);
  return format;
}

/* Fills the sheet, row by row in order (the workbook keeps only the row
 * being written in memory); on a cell that cannot be written, says which. */
static gboolean
fill_sheet (PrReportTable  *self,
            lxw_workbook   *book,
            lxw_worksheet  *sheet,
            const char     *path,
            GCancellable   *cancellable,
            GError        **error)
{
  guint n_columns = pr_report_table_get_n_columns (self);
  guint n_rows = pr_report_table_get_n_rows (self);
  g_autofree double *widths = g_new0 (double, n_columns);
  Formats formats;

  formats.heading = workbook_add_format (book);
  format_set_bold (formats.heading);
  formats.id = number_format (book, "@");
  formats.integer = number_format (book, "0");
  formats.percent = number_format (book, "0.0%");
  formats.date = number_format (book, "yyyy-mm-dd");
  formats.datetime = number_format (book, "yyyy-mm-dd hh:mm:ss");

  for (guint c = 0; c < n_columns; c++)
    {
      const char *heading = pr_report_table_get_heading (self, c);

      widths[c] = text_width (heading) + 2;
      if (write_text (sheet, 0, c, heading, formats.heading) != LXW_NO_ERROR)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("cannot write %s: the heading “%s” cannot be written to a workbook"), path, heading);
          return FALSE;
        }
    }
  for (guint r = 0; r < n_rows; r++)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      for (guint c = 0; c < n_columns; c++)
        {
          const PrReportCell *cell = pr_report_table_get_cell (self, r, c);
          lxw_error failed = write_cell (sheet, r + 1, c, cell, &formats);

          if (failed == LXW_ERROR_MAX_STRING_LENGTH_EXCEEDED)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("cannot write %s: row %u’s “%s” is longer than an Excel cell can hold "
                             "(32,767 characters): export the report as CSV instead"),
                           path, r + 2, pr_report_table_get_heading (self, c));
              return FALSE;
            }
          if (failed != LXW_NO_ERROR)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("cannot write %s: row %u’s “%s”: %s"),
                           path, r + 2, pr_report_table_get_heading (self, c), lxw_strerror (failed));
              return FALSE;
            }
          if (cell != NULL)
            widths[c] = MAX (widths[c], cell->kind == PR_REPORT_CELL_DATETIME ? 20 : text_width (cell->text) + 1);
        }
    }

  for (guint c = 0; c < n_columns; c++)
    worksheet_set_column (sheet, c, c, CLAMP (widths[c], MIN_WIDTH, MAX_WIDTH), NULL);
  worksheet_freeze_panes (sheet, 1, 0);
  if (n_columns > 0)
    worksheet_autofilter (sheet, 0, 0, n_rows, n_columns - 1);
  return TRUE;
}

/**
 * pr_report_table_write_xlsx:
 * @path: the workbook to write; replaced only when the new one is complete
 * @cancellable: (nullable): checked before each row
 *
 * Returns: %FALSE with @error set ("cannot write @path: …", and what to
 *   do): too many rows for a sheet, a text too long for a cell, no room;
 *   or %G_IO_ERROR_CANCELLED. @path is then left as it was.
 */
gboolean
pr_report_table_write_xlsx (PrReportTable  *self,
                            const char     *path,
                            GCancellable   *cancellable,
                            GError        **error)
{
  g_autoptr(PrOutputFile) file = NULL;
  lxw_workbook_options options = { .constant_memory = LXW_TRUE, .tmpdir = NULL, .use_zip64 = LXW_TRUE };
  lxw_workbook *book;
  lxw_worksheet *sheet;
  const char *sheet_name = pr_report_table_get_sheet_name (self);
  gboolean filled;
  lxw_error closed;
  int saved_errno;

  if ((guint64) pr_report_table_get_n_rows (self) + 1 > XLSX_MAX_ROWS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("cannot write %s: the report has %u rows and an Excel sheet holds at most %u: "
                     "export fewer cases, or export as CSV"),
                   path, pr_report_table_get_n_rows (self), XLSX_MAX_ROWS - 1);
      return FALSE;
    }

  file = pr_output_file_new (path, error);
  if (file == NULL)
    return FALSE;
  book = workbook_new_opt (pr_output_file_get_temp_path (file), &options);
  if (book == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("cannot write %s: out of memory: close other programs and export again"), path);
      return FALSE;
    }
  /* A translated name a sheet cannot have (too long, a ':') falls back to
   * the default name rather than fail the export. */
  if (sheet_name == NULL || workbook_validate_sheet_name (book, sheet_name) != LXW_NO_ERROR)
    sheet_name = NULL;
  sheet = workbook_add_worksheet (book, sheet_name);
  filled = sheet != NULL && fill_sheet (self, book, sheet, path, cancellable, error);
  if (sheet == NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("cannot write %s: no sheet could be added"), path);

  /* The workbook is assembled and written here: this is where a full disk
   * or a folder removed meanwhile shows. Freed either way. */
  errno = 0;
  closed = workbook_close (book);
  saved_errno = errno;
  if (!filled)
    return FALSE;
  if (closed == LXW_ERROR_CREATING_TMPFILE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("cannot write %s: no temporary file could be made in %s (%s): "
                     "free some space there, or set TMPDIR to a folder with room, and export again"),
                   path, g_get_tmp_dir (), g_strerror (saved_errno != 0 ? saved_errno : ENOSPC));
      return FALSE;
    }
  if (closed != LXW_NO_ERROR)
    {
      /* Its words end in a full stop, which the reason given after them
       * would follow. */
      g_autofree char *words = g_strdup (lxw_strerror (closed));

      if (g_str_has_suffix (words, "."))
        words[strlen (words) - 1] = '\0';
      g_set_error (error, G_IO_ERROR, saved_errno != 0 ? g_io_error_from_errno (saved_errno) : G_IO_ERROR_FAILED,
                   _("cannot write %s: %s%s%s: check that the folder still exists and the disk has room, "
                     "then export again"),
                   path, words, saved_errno != 0 ? ": " : "",
                   saved_errno != 0 ? g_strerror (saved_errno) : "");
      return FALSE;
    }
  return pr_output_file_commit (file, error);
}
