/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Prepared statements (pr-statement-private.h): values are bound, never
 * put into SQL text, and every failure becomes a #GError saying what
 * was being done.
 */
#define G_LOG_DOMAIN "pr-statement"

#include "config.h"

#include <string.h>

#include "pr-statement-private.h"

/* A string, or SQL NULL for NULL. */
void
_pr_statement_bind_string (MYSQL_BIND    *bind,
                           const char    *value,
                           unsigned long *length)
{
  if (value == NULL)
    _pr_statement_bind_null (bind);
  else
    _pr_statement_bind_text (bind, value, strlen (value), length);
}

/* @n_bytes of @value, which need not end in NUL. */
void
_pr_statement_bind_text (MYSQL_BIND    *bind,
                         const char    *value,
                         gsize          n_bytes,
                         unsigned long *length)
{
  memset (bind, 0, sizeof *bind);
  *length = n_bytes;
  bind->buffer_type = MYSQL_TYPE_STRING;
  bind->buffer = (char *) value;
  bind->buffer_length = *length;
  bind->length = length;
}

/* @bytes may be NULL for an empty (not NULL) value. */
void
_pr_statement_bind_blob (MYSQL_BIND    *bind,
                         const guint8  *bytes,
                         gsize          n_bytes,
                         unsigned long *length)
{
  memset (bind, 0, sizeof *bind);
  *length = n_bytes;
  bind->buffer_type = MYSQL_TYPE_BLOB;
  bind->buffer = bytes != NULL ? (void *) bytes : (void *) "";
  bind->buffer_length = *length;
  bind->length = length;
}

void
_pr_statement_bind_null (MYSQL_BIND *bind)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_NULL;
}

void
_pr_statement_bind_u64 (MYSQL_BIND    *bind,
                        const guint64 *value)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_LONGLONG;
  bind->buffer = (void *) value;
  bind->is_unsigned = 1;
}

void
_pr_statement_bind_i64 (MYSQL_BIND   *bind,
                        const gint64 *value)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_LONGLONG;
  bind->buffer = (void *) value;
}

void
_pr_statement_bind_i32 (MYSQL_BIND   *bind,
                        const gint32 *value)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_LONG;
  bind->buffer = (void *) value;
}

void
_pr_statement_bind_u32 (MYSQL_BIND    *bind,
                        const guint32 *value)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_LONG;
  bind->buffer = (void *) value;
  bind->is_unsigned = 1;
}

void
_pr_statement_bind_u16 (MYSQL_BIND    *bind,
                        const guint16 *value)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_SHORT;
  bind->buffer = (void *) value;
  bind->is_unsigned = 1;
}

void
_pr_statement_bind_u8 (MYSQL_BIND   *bind,
                       const guint8 *value)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_TINY;
  bind->buffer = (void *) value;
  bind->is_unsigned = 1;
}

/* A DATETIME, or SQL NULL while *@is_null is nonzero: both read when the
 * statement runs, so one binding serves every row. */
void
_pr_statement_bind_datetime (MYSQL_BIND       *bind,
                             const MYSQL_TIME *value,
                             const my_bool    *is_null)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = MYSQL_TYPE_DATETIME;
  bind->buffer = (void *) value;
  bind->is_null = (my_bool *) is_null;
}

void
_pr_statement_bind_result (MYSQL_BIND            *bind,
                           enum enum_field_types  type,
                           void                  *buffer,
                           unsigned long          buffer_length,
                           unsigned long         *length,
                           my_bool               *is_null)
{
  memset (bind, 0, sizeof *bind);
  bind->buffer_type = type;
  bind->buffer = buffer;
  bind->buffer_length = buffer_length;
  bind->length = length;
  bind->is_null = is_null;
}

/* Binds the result columns of a statement that has run, before the
 * first fetch. */
gboolean
_pr_statement_bind_results (MYSQL_STMT  *stmt,
                            MYSQL_BIND  *results,
                            const char  *what,
                            GError     **error)
{
  if (mysql_stmt_bind_result (stmt, results) != 0)
    return _pr_db_set_stmt_error (error, stmt, what);
  return TRUE;
}

/* Returns: (transfer full) (nullable): the prepared statement, to close
 * with mysql_stmt_close(); NULL with @error set on failure. */
MYSQL_STMT *
_pr_statement_prepare (PrConnection  *connection,
                       const char    *sql,
                       const char    *what,
                       GError       **error)
{
  MYSQL *handle = _pr_connection_get_handle (connection);
  MYSQL_STMT *stmt = mysql_stmt_init (handle);

  if (stmt == NULL)
    {
      _pr_db_set_error (error, handle, what);
      return NULL;
    }
  if (mysql_stmt_prepare (stmt, sql, strlen (sql)) != 0)
    {
      _pr_db_set_stmt_error (error, stmt, what);
      mysql_stmt_close (stmt);
      return NULL;
    }
  return stmt;
}

/* Binds @params (NULL: the statement has none) and runs the prepared
 * statement; it may run again with the same or new values. */
gboolean
_pr_statement_execute (MYSQL_STMT  *stmt,
                       MYSQL_BIND  *params,
                       const char  *what,
                       GError     **error)
{
  if ((params != NULL && mysql_stmt_bind_param (stmt, params) != 0) ||
      mysql_stmt_execute (stmt) != 0)
    return _pr_db_set_stmt_error (error, stmt, what);
  return TRUE;
}

/* Prepares, binds and runs a statement. Returns: (transfer full)
 * (nullable): it, to read its result or count its rows; NULL with @error
 * set on failure. */
MYSQL_STMT *
_pr_statement_query (PrConnection  *connection,
                     const char    *sql,
                     MYSQL_BIND    *params,
                     const char    *what,
                     GError       **error)
{
  MYSQL_STMT *stmt = _pr_statement_prepare (connection, sql, what, error);

  if (stmt != NULL && !_pr_statement_execute (stmt, params, what, error))
    g_clear_pointer (&stmt, mysql_stmt_close);
  return stmt;
}

/* Prepares, binds and runs a statement without a result. @affected and
 * @insert_id may be NULL. */
gboolean
_pr_statement_run (PrConnection  *connection,
                   const char    *sql,
                   MYSQL_BIND    *params,
                   guint64       *affected,
                   gint64        *insert_id,
                   const char    *what,
                   GError       **error)
{
  MYSQL_STMT *stmt = _pr_statement_query (connection, sql, params, what, error);

  if (stmt == NULL)
    return FALSE;
  if (affected != NULL)
    *affected = mysql_stmt_affected_rows (stmt);
  if (insert_id != NULL)
    *insert_id = mysql_stmt_insert_id (stmt);
  mysql_stmt_close (stmt);
  return TRUE;
}

/* The next row into the bound result buffers. A column bound with a
 * buffer too short for it gives PR_FETCH_TRUNCATED: whether that is an
 * error (a value too long) or the plan (a length learnt first) is the
 * caller's to say. */
PrFetchStatus
_pr_statement_fetch (MYSQL_STMT  *stmt,
                     const char  *what,
                     GError     **error)
{
  int status = mysql_stmt_fetch (stmt);

  if (status == MYSQL_NO_DATA)
    return PR_FETCH_DONE;
  if (status == 1)
    {
      _pr_db_set_stmt_error (error, stmt, what);
      return PR_FETCH_FAILED;
    }
  return status == MYSQL_DATA_TRUNCATED ? PR_FETCH_TRUNCATED : PR_FETCH_ROW;
}

/* The current row's @column (from 0), whole, into @buffer. */
gboolean
_pr_statement_fetch_column (MYSQL_STMT            *stmt,
                            guint                  column,
                            enum enum_field_types  type,
                            void                  *buffer,
                            unsigned long          buffer_length,
                            const char            *what,
                            GError               **error)
{
  MYSQL_BIND bind;

  _pr_statement_bind_result (&bind, type, buffer, buffer_length, NULL, NULL);
  if (mysql_stmt_fetch_column (stmt, &bind, column, 0) != 0)
    return _pr_db_set_stmt_error (error, stmt, what);
  return TRUE;
}
