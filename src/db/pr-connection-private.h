/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <mysql.h>

#include "pr-connection.h"

G_BEGIN_DECLS

MYSQL   *_pr_connection_get_handle (PrConnection *connection);
gsize    _pr_connection_statement_budget (PrConnection *connection);
gboolean _pr_db_set_error          (GError      **error,
                                    MYSQL        *handle,
                                    const char   *what);
gboolean _pr_db_set_stmt_error     (GError      **error,
                                    MYSQL_STMT   *stmt,
                                    const char   *what);

G_END_DECLS

G_BEGIN_DECLS

/* One row of a result: n values, NULL for SQL NULL. */
typedef struct {
  guint   n_values;
  char  **values;
  gsize  *lengths;   /* the values' lengths in bytes, a NUL among them too; NULL but from
                      * _pr_connection_select_text () */
} PrDbRow;

void       _pr_db_row_free          (gpointer       row);
GPtrArray *_pr_connection_select    (PrConnection  *connection,
                                     const char    *sql,
                                     const char   **params,
                                     guint          n_params,
                                     GError       **error);
GPtrArray *_pr_connection_select_text (PrConnection  *connection,
                                       const char    *sql,
                                       const char   **params,
                                       guint          n_params,
                                       GError       **error);

G_END_DECLS
