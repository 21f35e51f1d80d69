/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The most columns a decision writes back: the primary's id and a status. */
#define MAX_WRITE_COLUMNS 2

/* Columns of a source row and their values, in the write-back's order. */
typedef struct {
  guint  n;
  char  *names[MAX_WRITE_COLUMNS];
  char  *values[MAX_WRITE_COLUMNS];   /* NULL for SQL NULL */
} PrColumnValues;

void      _pr_column_values_clear  (PrColumnValues        *values);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PrColumnValues, _pr_column_values_clear)

char     *_pr_old_values_to_json   (const PrColumnValues  *before,
                                    const PrColumnValues  *after);
gboolean  _pr_old_values_from_json (const char            *text,
                                    gint64                 decision_id,
                                    PrColumnValues        *before,
                                    PrColumnValues        *after,
                                    GError               **error);

G_END_DECLS
