/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  PR_CSV_WRITER_FLAGS_NONE = 0,
  /* Start with a UTF-8 byte order mark: Excel then reads the file as UTF-8. */
  PR_CSV_WRITER_BOM        = 1 << 0,
  /* Prefix cells that start with = + - @ (or a tab or CR), after any white
   * space, with ' so that a
   * spreadsheet shows them as text instead of running them as formulas.
   * Only the first byte counts: "a=b" is left alone, but "-5" becomes "'-5"
   * too, since a spreadsheet would read "-1+cmd|..." as a formula. */
  PR_CSV_WRITER_NEUTRALIZE = 1 << 1,
  /* Write a cell that a spreadsheet would show otherwise than written
   * (pr_excel_changes_cell (): a leading zero, 12 digits or more, a date,
   * a fraction, an amount of money) as ="…", which Excel and WPS show as
   * the text itself. For reports a person opens, not for files read back. */
  PR_CSV_WRITER_DIGITS_AS_TEXT = 1 << 2,
} PrCsvWriterFlags;

typedef struct _PrCsvWriter PrCsvWriter;

PrCsvWriter *pr_csv_writer_new          (GOutputStream     *stream,
                                         PrCsvWriterFlags   flags);
PrCsvWriter *pr_csv_writer_new_for_path (const char        *path,
                                         PrCsvWriterFlags   flags,
                                         GError           **error);
void         pr_csv_writer_set_name     (PrCsvWriter       *writer,
                                         const char        *name);
gboolean     pr_csv_writer_write_row    (PrCsvWriter       *writer,
                                         const char *const *fields,
                                         guint              n_fields,
                                         GError           **error);
gboolean     pr_csv_writer_close        (PrCsvWriter       *writer,
                                         GError           **error);
void         pr_csv_writer_free         (PrCsvWriter       *writer);
void         pr_csv_append_field        (GString           *line,
                                         const char        *field,
                                         PrCsvWriterFlags   flags);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrCsvWriter, pr_csv_writer_free)

G_END_DECLS
