/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-csv-writer.h"

G_BEGIN_DECLS

/* What a cell holds, so that a spreadsheet file can say it: its text is
 * always what a CSV file gets. */
typedef enum {
  PR_REPORT_CELL_TEXT,     /* any text */
  PR_REPORT_CELL_ID,       /* text, never a number: 0012345, an ID card's 18 digits */
  PR_REPORT_CELL_INTEGER,  /* @number, written as its digits */
  PR_REPORT_CELL_PERCENT,  /* @number a fraction, written as "98.4%" */
  PR_REPORT_CELL_DATE,     /* @date: "2026-11-25" */
  PR_REPORT_CELL_DATETIME, /* @date: "2026-11-25 09:30:00" */
} PrReportCellKind;

typedef struct {
  PrReportCellKind  kind;
  char             *text;   /* nullable: an empty cell */
  double            number;
  struct {
    int year, month, day, hour, minute, second;
  } date;
} PrReportCell;

typedef struct _PrReportTable PrReportTable;

PrReportTable      *pr_report_table_new          (const char          *sheet_name);
void                pr_report_table_free         (PrReportTable       *self);
void                pr_report_table_add_heading  (PrReportTable       *self,
                                                  const char          *heading);
void                pr_report_table_begin_row    (PrReportTable       *self);
void                pr_report_table_add_text     (PrReportTable       *self,
                                                  const char          *text);
void                pr_report_table_add_id       (PrReportTable       *self,
                                                  const char          *id);
void                pr_report_table_add_integer  (PrReportTable       *self,
                                                  gint64               value);
void                pr_report_table_add_percent  (PrReportTable       *self,
                                                  double               fraction);
void                pr_report_table_add_date     (PrReportTable       *self,
                                                  const char          *text);
void                pr_report_table_add_unix_time (PrReportTable      *self,
                                                   gint64              seconds);

const char         *pr_report_table_get_sheet_name (PrReportTable     *self);
guint               pr_report_table_get_n_columns  (PrReportTable     *self);
const char         *pr_report_table_get_heading    (PrReportTable     *self,
                                                    guint              column);
guint               pr_report_table_get_n_rows     (PrReportTable     *self);
const PrReportCell *pr_report_table_get_cell       (PrReportTable     *self,
                                                    guint              row,
                                                    guint              column);

gboolean            pr_report_table_write_csv    (PrReportTable       *self,
                                                  const char          *path,
                                                  PrCsvWriterFlags     flags,
                                                  GCancellable        *cancellable,
                                                  GError             **error);
gboolean            pr_report_table_write_xlsx   (PrReportTable       *self,
                                                  const char          *path,
                                                  GCancellable        *cancellable,
                                                  GError             **error);
gboolean            pr_report_table_write        (PrReportTable       *self,
                                                  const char          *path,
                                                  PrCsvWriterFlags     csv_flags,
                                                  GCancellable        *cancellable,
                                                  GError             **error);
gboolean            pr_report_path_is_xlsx       (const char          *path);
gboolean            pr_report_path_is_tsv        (const char          *path);
const char         *pr_report_path_spreadsheet_extension (const char *path);
gboolean            pr_report_path_check_name    (const char          *path,
                                                  GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrReportTable, pr_report_table_free)

G_END_DECLS
