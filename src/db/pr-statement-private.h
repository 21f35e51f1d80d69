/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Prepared statements, the one way the db layer binds values and reads
 * results: the connection's _pr_connection_select(), the store and the
 * sample server all go through these. Not for callers outside src/db.
 */
#pragma once

#include "pr-connection-private.h"

G_BEGIN_DECLS

/* Binding a value. The MYSQL_BIND keeps pointers: the values (and
 * @length) must live until the statement has run. */
void        _pr_statement_bind_string   (MYSQL_BIND           *bind,
                                         const char           *value,
                                         unsigned long        *length);
void        _pr_statement_bind_text     (MYSQL_BIND           *bind,
                                         const char           *value,
                                         gsize                 n_bytes,
                                         unsigned long        *length);
void        _pr_statement_bind_blob     (MYSQL_BIND           *bind,
                                         const guint8         *bytes,
                                         gsize                 n_bytes,
                                         unsigned long        *length);
void        _pr_statement_bind_null     (MYSQL_BIND           *bind);
void        _pr_statement_bind_u64      (MYSQL_BIND           *bind,
                                         const guint64        *value);
void        _pr_statement_bind_i64      (MYSQL_BIND           *bind,
                                         const gint64         *value);
void        _pr_statement_bind_i32      (MYSQL_BIND           *bind,
                                         const gint32         *value);
void        _pr_statement_bind_u32      (MYSQL_BIND           *bind,
                                         const guint32        *value);
void        _pr_statement_bind_u16      (MYSQL_BIND           *bind,
                                         const guint16        *value);
void        _pr_statement_bind_u8       (MYSQL_BIND           *bind,
                                         const guint8         *value);
void        _pr_statement_bind_datetime (MYSQL_BIND           *bind,
                                         const MYSQL_TIME     *value,
                                         const my_bool        *is_null);

/* Binding a result column: @buffer may be NULL (with @buffer_length 0)
 * to learn the length first and fetch the value with
 * _pr_statement_fetch_column(). */
void        _pr_statement_bind_result   (MYSQL_BIND           *bind,
                                         enum enum_field_types type,
                                         void                 *buffer,
                                         unsigned long         buffer_length,
                                         unsigned long        *length,
                                         my_bool              *is_null);

gboolean    _pr_statement_bind_results  (MYSQL_STMT           *stmt,
                                         MYSQL_BIND           *results,
                                         const char           *what,
                                         GError              **error);

MYSQL_STMT *_pr_statement_prepare       (PrConnection         *connection,
                                         const char           *sql,
                                         const char           *what,
                                         GError              **error);
gboolean    _pr_statement_execute       (MYSQL_STMT           *stmt,
                                         MYSQL_BIND           *params,
                                         const char           *what,
                                         GError              **error);
MYSQL_STMT *_pr_statement_query         (PrConnection         *connection,
                                         const char           *sql,
                                         MYSQL_BIND           *params,
                                         const char           *what,
                                         GError              **error);
gboolean    _pr_statement_run           (PrConnection         *connection,
                                         const char           *sql,
                                         MYSQL_BIND           *params,
                                         guint64              *affected,
                                         gint64               *insert_id,
                                         const char           *what,
                                         GError              **error);

typedef enum {
  PR_FETCH_ROW,
  PR_FETCH_TRUNCATED,   /* a row, and a column did not fit its buffer */
  PR_FETCH_DONE,
  PR_FETCH_FAILED,
} PrFetchStatus;

PrFetchStatus _pr_statement_fetch       (MYSQL_STMT           *stmt,
                                         const char           *what,
                                         GError              **error);
gboolean    _pr_statement_fetch_column  (MYSQL_STMT           *stmt,
                                         guint                 column,
                                         enum enum_field_types type,
                                         void                 *buffer,
                                         unsigned long         buffer_length,
                                         const char           *what,
                                         GError              **error);

G_END_DECLS
