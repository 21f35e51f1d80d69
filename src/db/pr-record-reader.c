/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Streams a table's rows into a record set. The rows come with
 * mysql_use_result(): one at a time from the server, so memory stays flat
 * however large the table; the engine fingerprints them in batches as they
 * arrive. Only the mapped columns are selected, by names from the
 * catalogue, quoted.
 */
#define G_LOG_DOMAIN "pr-record-reader"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-catalog.h"
#include "pr-column-decoder-private.h"
#include "pr-connection-private.h"
#include "pr-date-column.h"
#include "pr-record-reader.h"

typedef struct {
  PrConnection *connection;
  MYSQL_RES    *result;
  guint         n_columns;     /* the mapping's */
  int          *field_of;      /* mapping column → result field, -1 if not selected */
  const char  **values;
  gsize        *lengths;
  guint64       row;
  guint64       estimate;
  PrColumnDecoder *decoder;    /* given encodings, the mis-encoding check */
} DbSource;

static gboolean db_source_take_row (DbSource           *source,
                                    MYSQL_ROW           row,
                                    const char *const **values,
                                    const gsize       **lengths,
                                    guint64            *position,
                                    GError            **error);

static gboolean
db_source_next (gpointer            data,
                const char *const **values,
                const gsize       **lengths,
                guint64            *position,
                GCancellable       *cancellable,
                GError            **error)
{
  DbSource *source = data;
  MYSQL *handle = _pr_connection_get_handle (source->connection);
  MYSQL_ROW row;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      /* Stop the server's stream at once rather than read the rest. */
      mariadb_cancel (handle);
      return FALSE;
    }

  row = mysql_fetch_row (source->result);
  if (row == NULL)
    {
      if (mysql_errno (handle) != 0)
        {
          g_autofree char *what = g_strdup_printf (_("reading stopped after row %llu"),
                                                   (unsigned long long) source->row);

          return _pr_db_set_error (error, handle, what);
        }
      /* The whole table read: its columns' verdicts. */
      _pr_column_decoder_finish (source->decoder, error);
      return FALSE;
    }

  return db_source_take_row (source, row, values, lengths, position, error);
}

/* Hands the fetched @row to the record set, through the column decoder. */
static gboolean
db_source_take_row (DbSource           *source,
                    MYSQL_ROW           row,
                    const char *const **values,
                    const gsize       **lengths,
                    guint64            *position,
                    GError            **error)
{
  unsigned long *field_lengths = mysql_fetch_lengths (source->result);

  for (guint c = 0; c < source->n_columns; c++)
    {
      int f = source->field_of[c];

      source->values[c] = f >= 0 ? row[f] : NULL;
      source->lengths[c] = f >= 0 ? field_lengths[f] : 0;
    }
  if (!_pr_column_decoder_row (source->decoder, source->values, source->lengths, source->row + 1, error))
    return FALSE;

  *values = source->values;
  *lengths = source->lengths;
  *position = ++source->row;

  return TRUE;
}

static void
db_source_progress (gpointer  data,
                    guint64  *done,
                    guint64  *total)
{
  DbSource *source = data;

  *done = source->row;
  /* The estimate can be low: never show more than all. */
  *total = MAX (source->estimate, source->row);
}

static const PrEncodingValue *
db_source_known (gpointer data)
{
  DbSource *source = data;

  return _pr_column_decoder_get_known (source->decoder);
}

static const char *
db_source_unreadable (gpointer  data,
                      int      *column)
{
  DbSource *source = data;

  return _pr_column_decoder_get_unreadable (source->decoder, column);
}

static const PrRowSourceClass db_source_class = {
  db_source_next,
  db_source_progress,
  /* Translators: how an error names a record's place among the rows read
   * from a database table, before its number: "row 12 (id “A7”): …" */
  N_("row"),
  db_source_known,
  db_source_unreadable,
};

static const PrColumnInfo *
find_column (GPtrArray  *columns,
             const char *name)
{
  for (guint i = 0; i < columns->len; i++)
    if (strcmp (((PrColumnInfo *) columns->pdata[i])->name, name) == 0)
      return columns->pdata[i];
  return NULL;
}

/* Checks the mapping's columns against the catalogue and writes
 * "SELECT `a`, `b` FROM `table`" into @sql, with field_of[c] the result
 * field of mapping column c (-1 for ignored columns). A binary id column
 * is read as its bytes, which the column decoder writes in hex: raw bytes
 * would be no text for a file, a message or the store, and the same
 * bytes always give the same hex. Not the server's HEX(): past half the
 * server's max_allowed_packet it gives NULL with only a warning, and the
 * id would read as empty. @binary_id (nullable) says whether it is one. A column with an encoding in the
 * mapping is read as BINARY, its stored bytes, for pr-column-decoder.c to
 * convert. @unicode (nullable, per mapping column) says whether the
 * column's character set is Unicode, for the decoder's advice;
 * @east_asian (nullable, per mapping column) names the iconv encoding of
 * an East Asian character set (gbk, big5, sjis…), else NULL. @known
 * (nullable): the table's columns, read already; else from the catalogue. */
static gboolean
build_select (PrConnection     *connection,
              const char       *table,
              GPtrArray        *known,
              const PrMapping  *mapping,
              GString          *sql,
              int              *field_of,
              gboolean         *binary_id,
              gboolean         *unicode,
              const char      **east_asian,
              GError          **error)
{
  g_autoptr(GPtrArray) columns = known != NULL ? g_ptr_array_ref (known)
                                                : pr_catalog_list_columns (connection, table, error);
  g_autofree char *quoted_table = NULL;
  guint n_selected = 0;

  if (columns == NULL)
    return FALSE;

  if (binary_id != NULL)
    *binary_id = FALSE;
  g_string_assign (sql, "SELECT ");
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);
      const PrColumnInfo *info = find_column (columns, column->name);
      g_autofree char *quoted = NULL;

      if (info == NULL)
        {
          GString *names = g_string_new (NULL);

          for (guint i = 0; i < columns->len; i++)
            g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", ((PrColumnInfo *) columns->pdata[i])->name);
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE,
                       _("column “%s” is not in table “%s” (its columns: %s)"), column->name, table, names->str);
          pr_mapping_explain_missing_column (column->name, error);
          g_string_free (names, TRUE);
          return FALSE;
        }

      field_of[c] = -1;
      if (unicode != NULL)
        unicode[c] = pr_column_info_is_unicode (info) || pr_column_info_is_binary (info);
      if (east_asian != NULL)
        east_asian[c] = pr_column_info_east_asian_encoding (info);
      if (column->role == PR_COLUMN_ROLE_IGNORE)
        continue;

      /* A BIT value comes as the bytes of its number: an id 12592 would
       * read "10", another record's; and the server compares it with a
       * typed id neither as text nor as hex. */
      if (g_str_equal (info->data_type, "bit"))
        {
          g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                       _("column “%s” of table “%s” is of type BIT, whose values are bit patterns, not text or ids "
                         "that can be read and found again: leave it out of the mapping, or, for the id, name "
                         "another unique column (--id)"), column->name, table);
          return FALSE;
        }
      if (g_str_equal (info->data_type, "float") || g_str_equal (info->data_type, "double"))
        {
          g_autofree char *type = g_ascii_strup (info->data_type, -1);

          /* A FLOAT or DOUBLE key comes back in the server's short display
           * (17313270 as 17313300): written in the report it names no
           * record, and no id typed back finds the one stored. */
          if (column->role == PR_COLUMN_ROLE_ID)
            {
              g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                           _("column “%s” of table “%s” is of type %s, a floating-point number the server shows "
                             "rounded: as the id, the report would name records by numbers they do not hold, and "
                             "explain and check would not find them. Name another unique column as the id (--id), "
                             "or change the column to an integer or DECIMAL type"),
                           column->name, table, type);
              return FALSE;
            }
          /* A FLOAT keeps some 7 digits, a DOUBLE some 16: the phone
           * 13800138000 in a FLOAT comes back as 13800100000, another
           * valid mobile, and an ID card number in a DOUBLE as
           * 4.1010519900101126e17. */
          if (column->identity == PR_IDENTITY_PETITIONER || column->identity == PR_IDENTITY_PHONE ||
              column->identity == PR_IDENTITY_ID_CARD)
            {
              g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                           _("column “%s” of table “%s” is of type %s, a floating-point number that keeps only its "
                             "first digits: its phones and ID numbers have lost digits and would read as other "
                             "people's. Change the column to VARCHAR or CHAR (or DECIMAL or BIGINT for whole "
                             "numbers) and fill it again from the original data, or leave it out of the mapping"),
                           column->name, table, type);
              return FALSE;
            }
        }
      quoted = pr_connection_quote_identifier (column->name);
      if (column->role == PR_COLUMN_ROLE_ID && pr_column_info_is_binary (info))
        {
          g_string_append_printf (sql, "%s%s", n_selected > 0 ? ", " : "", quoted);
          if (binary_id != NULL)
            *binary_id = TRUE;
        }
      else if (column->encoding != NULL)
        g_string_append_printf (sql, "%sBINARY %s", n_selected > 0 ? ", " : "", quoted);
      /* A JSON string's text, not its quotes and escapes; an object or
       * array stays as it is. */
      else if (info->json)
        g_string_append_printf (sql, "%sJSON_UNQUOTE(%s)", n_selected > 0 ? ", " : "", quoted);
      else
        g_string_append_printf (sql, "%s%s", n_selected > 0 ? ", " : "", quoted);
      field_of[c] = n_selected++;
    }
  if (n_selected == 0)
    {
      g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                   _("no column to fingerprint: map at least one text or short column"));
      return FALSE;
    }

  quoted_table = pr_connection_quote_identifier (table);
  g_string_append_printf (sql, " FROM %s", quoted_table);

  return TRUE;
}

/* Checks the mapping against the catalogue, starts the streaming SELECT
 * of its columns and sets up @source to read it; close_source() ends it. */
static gboolean
open_source (DbSource         *source,
             PrConnection     *connection,
             const char       *table,
             const PrMapping  *mapping,
             guint64           limit,
             GError          **error)
{
  MYSQL *handle = _pr_connection_get_handle (connection);
  g_autoptr(GString) sql = g_string_new (NULL);
  guint n_columns = pr_mapping_get_n_columns (mapping);
  gboolean binary_id = FALSE;

  source->connection = connection;
  source->n_columns = n_columns;
  source->field_of = g_new (int, MAX (n_columns, 1));
  source->values = g_new0 (const char *, MAX (n_columns, 1));
  source->lengths = g_new0 (gsize, MAX (n_columns, 1));
  g_autofree gboolean *unicode = g_new0 (gboolean, MAX (n_columns, 1));
  g_autofree const char **east_asian = g_new0 (const char *, MAX (n_columns, 1));

  if (!build_select (connection, table, NULL, mapping, sql, source->field_of, &binary_id, unicode, east_asian,
                     error))
    return FALSE;
  source->decoder = _pr_column_decoder_new (mapping, table, binary_id);
  _pr_column_decoder_set_unicode (source->decoder, unicode);
  _pr_column_decoder_set_east_asian (source->decoder, east_asian);
  if (limit > 0)
    g_string_append_printf (sql, " LIMIT %" G_GUINT64_FORMAT, limit);
  source->estimate = pr_catalog_estimate_rows (connection, table, NULL);

  g_debug ("%s", sql->str);
  if (mysql_real_query (handle, sql->str, sql->len) != 0 ||
      (source->result = mysql_use_result (handle)) == NULL)
    {
      g_autofree char *what = g_strdup_printf (_("cannot read table “%s”"), table);

      return _pr_db_set_error (error, handle, what);
    }

  return TRUE;
}

/* On an early stop, freeing the result reads what the server still sends;
 * after mariadb_cancel() there is nothing more. */
static void
close_source (DbSource *source)
{
  g_clear_pointer (&source->result, mysql_free_result);
  g_clear_pointer (&source->field_of, g_free);
  g_clear_pointer (&source->values, g_free);
  g_clear_pointer (&source->lengths, g_free);
  g_clear_pointer (&source->decoder, _pr_column_decoder_free);
}

/**
 * pr_record_reader_load:
 * @connection: a connection whose current database holds @table
 * @table: the table, by its catalogue name
 * @mapping: its columns, by catalogue names
 * @options: tokenizer flags, threads, labels
 * @progress: (nullable): called after each batch with rows read of the
 *   server's estimate
 * @progress_data: passed to @progress
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Reads and fingerprints every row of @table. Reads only: nothing is
 * written to the table.
 *
 * Returns: (transfer full) (nullable): the record set, or %NULL with @error:
 *   a missing table or column (the message lists the table's columns), a
 *   lost connection (%PR_DB_ERROR_SERVER_GONE, naming the last row read),
 *   a missing privilege, an empty or repeated id, invalid UTF-8
 */
PrRecordSet *
pr_record_reader_load (PrConnection         *connection,
                       const char           *table,
                       const PrMapping      *mapping,
                       const PrLoadOptions  *options,
                       PrLoadProgressFunc    progress,
                       gpointer              progress_data,
                       GCancellable         *cancellable,
                       GError              **error)
{
  DbSource source = { 0 };
  PrRecordSet *set = NULL;

  g_return_val_if_fail (connection != NULL, NULL);
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (mapping != NULL, NULL);

  if (open_source (&source, connection, table, mapping, 0, error))
    {
      _pr_column_decoder_set_advice (source.decoder, options->advice);
      _pr_column_decoder_set_lenient (source.decoder, TRUE);
      set = pr_record_set_load (mapping, options, &db_source_class, &source,
                                progress, progress_data, cancellable, error);
    }
  close_source (&source);

  return set;
}

/**
 * pr_record_reader_fetch:
 * @connection: a connection whose current database holds @table
 * @table: the table, by its catalogue name
 * @mapping: its columns, with an id column
 * @id: the record's id
 * @advice: how an encoding error says to give the column's encoding
 * @error: return location for a #GError
 *
 * Reads one record, for a single check. The server finds it by its own
 * comparison, which may be loose (a number column matches "536 ", "0536"
 * and "536.0"): the record's id is the one it returned, in the id column's
 * place among the values, which may differ from @id. For a binary id
 * column @id is in hex, as records read from the table name it.
 *
 * Returns: (transfer full) (array zero-terminated=0): one value per mapping
 *   column, in mapping order, %NULL for SQL NULL and ignored columns (free
 *   with g_free() each and the array); %NULL with %PR_DB_ERROR_NO_SUCH_TABLE
 *   when no record has @id, or %PR_DB_ERROR_QUERY when several do
 */
char **
pr_record_reader_fetch (PrConnection     *connection,
                        const char       *table,
                        const PrMapping  *mapping,
                        const char       *id,
                        PrAdvice          advice,
                        GError          **error)
{
  g_autoptr(PrRecordFetcher) fetcher = pr_record_fetcher_new (connection, table, mapping, advice, error);

  if (fetcher == NULL)
    return NULL;
  return pr_record_fetcher_fetch (fetcher, id, error);
}

/* The query of pr_record_reader_fetch(), made once for many records: the
 * catalogue is read when it is made, not for each record. */
struct _PrRecordFetcher {
  PrConnection *connection;   /* not owned */
  char         *table;
  PrMapping    *mapping;
  PrAdvice      advice;
  GString      *sql;
  int          *field_of;
  gboolean     *unicode;
  const char  **east_asian;
  gboolean      binary_id;
  int           id_column;
  const char   *id_encoding; /* the id column's, from the mapping; NULL: none */
};

/* An id column read with an encoding (--column-encoding) holds bytes its
 * character set does not say: the server would compare a typed id in
 * that character set, or refuse to ("Illegal mix of collations"). Such an
 * id is compared as the bytes it has in the encoding: BINARY col =
 * UNHEX(hex of them). Returns the hex, or NULL with @error if @id cannot
 * be written in @encoding. */
static char *
id_in_encoding_hex (const char  *id,
                    const char  *encoding,
                    const char  *table,
                    GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  g_autofree char *bytes = g_convert (id, -1, encoding, "UTF-8", NULL, &length, &local_error);

  if (bytes == NULL)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE,
                   _("the id “%s” cannot be written in %s, the encoding of the id column of table “%s” (%s): "
                     "check the id"), id, encoding, table, local_error->message);
      return NULL;
    }
  return _pr_column_decoder_hex (bytes, length);
}

void
pr_record_fetcher_free (PrRecordFetcher *self)
{
  g_free (self->table);
  g_clear_pointer (&self->mapping, pr_mapping_free);
  if (self->sql != NULL)
    g_string_free (self->sql, TRUE);
  g_free (self->field_of);
  g_free (self->unicode);
  g_free (self->east_asian);
  g_free (self);
}

/**
 * pr_record_fetcher_new:
 * @connection: a connection whose current database holds @table (kept,
 *   not owned: it outlives the fetcher)
 * @table: the table, by its catalogue name
 * @mapping: its columns, with an id column
 * @advice: how an encoding error says to give the column's encoding
 * @error: return location for a #GError
 *
 * Returns: (transfer full): what reads records by id, as
 *   pr_record_reader_fetch() does, or %NULL with @error set
 */
PrRecordFetcher *
pr_record_fetcher_new (PrConnection     *connection,
                       const char       *table,
                       const PrMapping  *mapping,
                       PrAdvice          advice,
                       GError          **error)
{
  g_autoptr(PrRecordFetcher) self = g_new0 (PrRecordFetcher, 1);
  g_autofree char *quoted_id = NULL;
  guint n_columns = pr_mapping_get_n_columns (mapping);

  self->connection = connection;
  self->table = g_strdup (table);
  self->mapping = pr_mapping_copy (mapping);
  self->advice = advice;
  self->id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);
  if (self->id_column < 0)
    {
      g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                   _("the mapping has no id column: a record cannot be found by its id"));
      return NULL;
    }

  self->sql = g_string_new (NULL);
  self->field_of = g_new (int, MAX (n_columns, 1));
  self->unicode = g_new0 (gboolean, MAX (n_columns, 1));
  self->east_asian = g_new0 (const char *, MAX (n_columns, 1));
  if (!build_select (connection, table, NULL, mapping, self->sql, self->field_of, &self->binary_id, self->unicode,
                     self->east_asian,
                     error))
    return NULL;
  quoted_id = pr_connection_quote_identifier (pr_mapping_get_column (mapping, self->id_column)->name);
  if (!self->binary_id)
    self->id_encoding = pr_mapping_get_column (self->mapping, self->id_column)->encoding;
  g_string_append_printf (self->sql,
                          self->binary_id ? " WHERE %s = UNHEX(?)"
                          : self->id_encoding != NULL ? " WHERE BINARY %s = UNHEX(?)" : " WHERE %s = ?",
                          quoted_id);
  /* Enough to name ten, and to know there are more. */
  g_string_append (self->sql, " LIMIT 11");
  return g_steal_pointer (&self);
}

/**
 * pr_record_fetcher_fetch:
 * @self: the fetcher
 * @id: the record's id
 * @error: return location for a #GError
 *
 * Returns: as pr_record_reader_fetch()
 */
char **
pr_record_fetcher_fetch (PrRecordFetcher  *self,
                         const char       *id,
                         GError          **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  PrConnection *connection = self->connection;
  const char *table = self->table;
  const PrMapping *mapping = self->mapping;
  const char *sql = self->sql->str;
  const int *field_of = self->field_of;
  guint n_columns = pr_mapping_get_n_columns (mapping);
  int id_column = self->id_column;
  const char *params[] = { id };
  g_autofree char *encoded = NULL;
  PrDbRow *row;
  char **values;

  if (self->id_encoding != NULL)
    {
      encoded = id_in_encoding_hex (id, self->id_encoding, table, error);
      if (encoded == NULL)
        return NULL;
      params[0] = encoded;
    }
  rows = _pr_connection_select_text (connection, sql, params, 1, error);
  if (rows == NULL)
    return NULL;
  /* The server compares a number column with the typed text loosely, and
   * cuts what is not a number ("1246abc" is 1246) with only a warning:
   * that would answer for another record than the one typed. Spaces
   * around a number (pasted from a spreadsheet) warn too, so they are
   * tried without them; leading zeros and "536.0" compare without one. */
  if (mysql_warning_count (_pr_connection_get_handle (connection)) > 0)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (id));

      if (strcmp (stripped, id) != 0)
        {
          params[0] = stripped;
          g_clear_pointer (&rows, g_ptr_array_unref);
          rows = _pr_connection_select_text (connection, sql, params, 1, error);
          if (rows == NULL)
            return NULL;
        }
    }
  if (mysql_warning_count (_pr_connection_get_handle (connection)) > 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE,
                   _("the id “%s” is not a value the id column of table “%s” can hold (the server would have to "
                     "cut it to compare): check the id"), id, table);
      return NULL;
    }
  if (rows->len == 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE,
                   _("table “%s” has no record with the id “%s”: check the id (as the table holds it, without "
                     "spaces around it)"), table, id);
      return NULL;
    }
  if (rows->len > 1)
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; i < MIN (rows->len, 10); i++)
        {
          const PrDbRow *one = rows->pdata[i];
          const char *value = one->values[field_of[id_column]];
          g_autofree char *hex = self->binary_id && value != NULL
                                 ? _pr_column_decoder_hex (value, one->lengths[field_of[id_column]]) : NULL;

          g_string_append_printf (names, "%s“%s”", i > 0 ? ", " : "", hex != NULL ? hex : value);
        }
      if (rows->len > 10)
        g_string_append (names, ", …");
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the id “%s” matches several records of table “%s” (the server compares it loosely): %s; "
                     "give the id exactly as one of them"), id, table, names->str);
      return NULL;
    }

  row = rows->pdata[0];
  {
    g_autoptr(PrColumnDecoder) decoder = _pr_column_decoder_new (mapping, table, self->binary_id);
    g_autofree const char **read = g_new0 (const char *, MAX (n_columns, 1));
    g_autofree gsize *lengths = g_new0 (gsize, MAX (n_columns, 1));

    _pr_column_decoder_set_unicode (decoder, self->unicode);
    _pr_column_decoder_set_east_asian (decoder, self->east_asian);

    for (guint c = 0; c < n_columns; c++)
      if (field_of[c] >= 0 && row->values[field_of[c]] != NULL)
        {
          read[c] = row->values[field_of[c]];
          lengths[c] = row->lengths[field_of[c]];
        }
    /* One record: its own encoding errors, no column verdict. */
    _pr_column_decoder_set_advice (decoder, self->advice);
    if (!_pr_column_decoder_row (decoder, read, lengths, 1, error))
      return NULL;
    values = g_new0 (char *, MAX (n_columns, 1));
    for (guint c = 0; c < n_columns; c++)
      values[c] = g_strdup (read[c]);
  }

  return values;
}


/**
 * pr_record_reader_stream:
 * @connection: a connection whose current database holds @table
 * @table: the table, by its catalogue name
 * @mapping: the columns to read, by catalogue names
 * @func: called for each row
 * @user_data: passed to @func
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Streams the mapped columns of every row to @func, without keeping them.
 *
 * Returns: %FALSE with @error if reading failed or was cancelled
 */
gboolean
pr_record_reader_stream (PrConnection     *connection,
                         const char       *table,
                         const PrMapping  *mapping,
                         PrRowFunc         func,
                         gpointer          user_data,
                         GCancellable     *cancellable,
                         GError          **error)
{
  DbSource source = { 0 };
  g_autoptr(GError) local_error = NULL;
  const char *const *row;
  const gsize *row_lengths;
  guint64 position;
  gboolean more = TRUE;

  if (!open_source (&source, connection, table, mapping, 0, error))
    {
      close_source (&source);
      return FALSE;
    }

  while (more && db_source_next (&source, &row, &row_lengths, &position, cancellable, &local_error))
    more = func (row, row_lengths, user_data);

  /* Stopped early by @func: the rest of the stream is not wanted. */
  if (!more)
    mariadb_cancel (_pr_connection_get_handle (connection));
  close_source (&source);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  return TRUE;
}

/* The date column's (0) and the accepted column's (1) readers, and
 * where their values are in the rows streamed; NULL for one not mapped. */
typedef struct {
  PrDateColumn *columns[2];
  int           at[2];
  guint64       position;
} ClockScan;

static gboolean
add_clock_row (const char *const *values,
               const gsize       *lengths,
               gpointer           data)
{
  ClockScan *scan = data;
  gint64 seconds;

  scan->position++;
  /* Only the clock is wanted: a date unreadable for another reason adds
   * nothing to it. */
  for (guint c = 0; c < G_N_ELEMENTS (scan->columns); c++)
    if (scan->columns[c] != NULL)
      pr_date_column_add (scan->columns[c], values[scan->at[c]], "", scan->position, &seconds, NULL);
  /* Read to the end even once it shows both: a stream stopped early
   * costs the connection, which the caller goes on with. */
  return TRUE;
}

/**
 * pr_record_reader_date_clocks:
 * @connection: a connection whose current database holds @table
 * @table: the table, by its catalogue name
 * @mapping: the mapping, whose date and accepted-date columns are read
 * @options: the load's options: their date_order reads the dates, and
 *   their date_clock and accepted_clock are set
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Streams the date and accepted-date columns of @table alone (one pass)
 * to tell what each shows of its clock, so that a few rows read by id
 * (chosen_rows) read their unmarked hours as a scan of the whole table
 * does. A column not mapped shows nothing.
 *
 * Returns: %FALSE with @error if reading failed or was cancelled
 */
gboolean
pr_record_reader_date_clocks (PrConnection   *connection,
                              const char     *table,
                              const PrMapping *mapping,
                              PrLoadOptions  *options,
                              GCancellable   *cancellable,
                              GError        **error)
{
  static const PrColumnRole roles[] = { PR_COLUMN_ROLE_DATE, PR_COLUMN_ROLE_ACCEPTED };
  g_autoptr(PrMapping) dates = pr_mapping_copy_roles (mapping, roles, G_N_ELEMENTS (roles));
  ClockScan scan = { { NULL, NULL }, { -1, -1 }, 0 };
  gboolean read;

  options->date_clock = PR_DATE_CLOCK_EVIDENCE_NONE;
  options->accepted_clock = PR_DATE_CLOCK_EVIDENCE_NONE;
  if (pr_mapping_get_n_columns (dates) == 0)
    return TRUE;
  for (guint c = 0; c < G_N_ELEMENTS (roles); c++)
    {
      scan.at[c] = pr_mapping_find (dates, roles[c]);
      if (scan.at[c] < 0)
        continue;
      scan.columns[c] = pr_date_column_new (pr_mapping_get_column (dates, scan.at[c])->name, options->date_order,
                                            N_("row"));
      pr_date_column_set_allow_unreadable (scan.columns[c], TRUE);
    }
  read = pr_record_reader_stream (connection, table, dates, add_clock_row, &scan, cancellable, error);
  if (read && scan.columns[0] != NULL)
    options->date_clock = pr_date_column_get_clock_evidence (scan.columns[0]);
  if (read && scan.columns[1] != NULL)
    options->accepted_clock = pr_date_column_get_clock_evidence (scan.columns[1]);
  for (guint c = 0; c < G_N_ELEMENTS (roles); c++)
    g_clear_pointer (&scan.columns[c], pr_date_column_free);
  return read;
}

/**
 * pr_record_reader_head:
 * @connection: a connection whose current database holds @table
 * @table: the table, by its catalogue name
 * @mapping: the columns to read, by catalogue names
 * @limit: how many rows, at most
 * @advice: how an encoding error says to give the column's encoding
 * @func: called for each row
 * @user_data: passed to @func
 * @error: return location for a #GError
 *
 * Like pr_record_reader_stream() for the first @limit rows only (in the
 * server's order), leaving the connection usable, as a preview needs.
 *
 * Returns: %FALSE with @error if reading failed
 */
gboolean
pr_record_reader_head (PrConnection     *connection,
                       const char       *table,
                       const PrMapping  *mapping,
                       guint64           limit,
                       PrAdvice          advice,
                       PrRowFunc         func,
                       gpointer          user_data,
                       GError          **error)
{
  DbSource source = { 0 };
  g_autoptr(GError) local_error = NULL;
  const char *const *row;
  const gsize *row_lengths;
  guint64 position;

  g_return_val_if_fail (limit > 0, FALSE);

  if (!open_source (&source, connection, table, mapping, limit, error))
    {
      close_source (&source);
      return FALSE;
    }
  _pr_column_decoder_set_advice (source.decoder, advice);
  /* All of the (few) rows are read, so the connection stays in step. */
  while (db_source_next (&source, &row, &row_lengths, &position, NULL, &local_error))
    func (row, row_lengths, user_data);
  close_source (&source);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

/* The rows of chosen ids, a batch of ids per SELECT; then one row per id
 * no batch returned (deleted since), its id alone. */
#define IDS_PER_BATCH 500

typedef struct {
  DbSource      db;
  GString      *select;      /* SELECT … FROM `table` */
  char         *quoted_id;
  gboolean      binary_id;
  int           id_column;
  const char   *id_encoding; /* as the fetcher's */
  const char   *table;
  char *const  *ids;
  gsize         n_ids;
  gsize         next_batch;  /* the first id of the next batch */
  GHashTable   *wanted;      /* id → GINT_TO_POINTER (1), 2 once read */
  gsize         next_missing; /* after the batches: the next id to look at */
  GPtrArray    *missing;     /* (out) char *: ids no row had */
  GPtrArray    *known;       /* the columns passed in, to check the result against; or NULL */
  const PrMapping *mapping;
} IdSource;

/* Whether the result's own field of a column read as it is agrees with
 * what the columns passed in said of it: an ALTER since they were read
 * would have it read with the old treatment (JSON left quoted, a FLOAT
 * or BIT not refused, binary bytes not as hex). The fields come with the
 * result: no statement more. */
static gboolean
field_agrees (const MYSQL_FIELD     *field,
              const PrColumnInfo    *info)
{
  static const struct {
    enum enum_field_types type;
    const char           *name;
  } refused[] = { { MYSQL_TYPE_BIT, "bit" }, { MYSQL_TYPE_FLOAT, "float" }, { MYSQL_TYPE_DOUBLE, "double" } };
  MARIADB_CONST_STRING format = { NULL, 0 };
  gboolean json;

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    if ((field->type == refused[i].type) != g_str_equal (info->data_type, refused[i].name))
      return FALSE;
  json = mariadb_field_attr (&format, field, MARIADB_FIELD_ATTR_FORMAT_NAME) == 0 && format.length == 4 &&
         g_ascii_strncasecmp (format.str, "json", 4) == 0;
  if (json != info->json)
    return FALSE;
  /* A text column's bytes come converted to the connection's character
   * set; only a binary one keeps the binary set. */
  if ((field->type == MYSQL_TYPE_STRING || field->type == MYSQL_TYPE_VAR_STRING ||
       field->type == MYSQL_TYPE_VARCHAR || field->type == MYSQL_TYPE_BLOB || field->type == MYSQL_TYPE_TINY_BLOB ||
       field->type == MYSQL_TYPE_MEDIUM_BLOB || field->type == MYSQL_TYPE_LONG_BLOB) &&
      (field->charsetnr == 63) != pr_column_info_is_binary (info))
    return FALSE;
  return TRUE;
}

/* Checks @source's result against the columns passed in: the columns
 * selected as they are (not through BINARY or JSON_UNQUOTE(), nor a
 * binary id, which is written in hex). */
static gboolean
id_source_check_fields (IdSource  *source,
                        GError   **error)
{
  MYSQL_FIELD *fields = mysql_fetch_fields (source->db.result);

  for (guint c = 0; c < pr_mapping_get_n_columns (source->mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (source->mapping, c);
      const PrColumnInfo *info = find_column (source->known, column->name);

      if (source->db.field_of[c] < 0 || info->json || column->encoding != NULL ||
          (column->role == PR_COLUMN_ROLE_ID && pr_column_info_is_binary (info)))
        continue;
      if (!field_agrees (&fields[source->db.field_of[c]], info))
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT,
                       _("column “%s” of table “%s” was changed since the table's columns were read: read them "
                         "again"), column->name, source->table);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
id_source_query_batch (IdSource  *source,
                       GError   **error)
{
  MYSQL *handle = _pr_connection_get_handle (source->db.connection);
  g_autoptr(GString) sql = g_string_new (source->select->str);
  gsize end = MIN (source->next_batch + IDS_PER_BATCH, source->n_ids);

  g_string_append_printf (sql, source->id_encoding != NULL ? " WHERE BINARY %s IN (" : " WHERE %s IN (",
                          source->quoted_id);
  for (gsize i = source->next_batch; i < end; i++)
    {
      gsize length = strlen (source->ids[i]);
      g_autofree char *escaped = g_malloc (length * 2 + 1);

      if (source->id_encoding != NULL)
        {
          g_autofree char *hex = id_in_encoding_hex (source->ids[i], source->id_encoding, source->table, error);

          if (hex == NULL)
            return FALSE;
          g_string_append_printf (sql, "%sUNHEX('%s')", i > source->next_batch ? ", " : "", hex);
          continue;
        }
      mysql_real_escape_string (handle, escaped, source->ids[i], length);
      g_string_append_printf (sql, source->binary_id ? "%sUNHEX('%s')" : "%s'%s'",
                              i > source->next_batch ? ", " : "", escaped);
    }
  g_string_append_c (sql, ')');
  source->next_batch = end;

  if (mysql_real_query (handle, sql->str, sql->len) != 0 ||
      (source->db.result = mysql_use_result (handle)) == NULL)
    return _pr_db_set_error (error, handle, _("cannot read the records of the last scan"));
  if (source->known != NULL && !id_source_check_fields (source, error))
    {
      /* Its rows read to the end: cancelling would drop the connection. */
      g_clear_pointer (&source->db.result, mysql_free_result);
      return FALSE;
    }
  return TRUE;
}

static gboolean
id_source_next (gpointer            data,
                const char *const **values,
                const gsize       **lengths,
                guint64            *position,
                GCancellable       *cancellable,
                GError            **error)
{
  IdSource *source = data;
  MYSQL *handle = _pr_connection_get_handle (source->db.connection);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      if (source->db.result != NULL)
        mariadb_cancel (handle);
      return FALSE;
    }

  while (source->db.result != NULL || source->next_batch < source->n_ids)
    {
      MYSQL_ROW row;
      const char *id;
      g_autofree char *decoded = NULL;
      gpointer key, state;

      if (source->db.result == NULL && !id_source_query_batch (source, error))
        return FALSE;
      row = mysql_fetch_row (source->db.result);
      if (row == NULL)
        {
          if (mysql_errno (handle) != 0)
            return _pr_db_set_error (error, handle, _("cannot read the records of the last scan"));
          g_clear_pointer (&source->db.result, mysql_free_result);
          continue;
        }
      /* The server compares loosely (a number column, a collation that
       * ignores case): only a row whose id is one asked for, once. */
      id = row[source->db.field_of[source->id_column]];
      /* An id read with an encoding comes as its bytes in it (BINARY):
       * @wanted holds the ids as the scan read them, in UTF-8. One the
       * encoding cannot read is no id asked for. */
      if (id != NULL && source->id_encoding != NULL)
        {
          gsize length = mysql_fetch_lengths (source->db.result)[source->db.field_of[source->id_column]];

          id = decoded = g_convert (id, length, "UTF-8", source->id_encoding, NULL, NULL, NULL);
        }
      /* A binary id comes as its bytes; the ids asked for are in hex. */
      else if (id != NULL && source->binary_id)
        id = decoded = _pr_column_decoder_hex (id, mysql_fetch_lengths (source->db.result)
                                                     [source->db.field_of[source->id_column]]);
      if (id == NULL || !g_hash_table_lookup_extended (source->wanted, id, &key, &state) ||
          GPOINTER_TO_INT (state) != 1)
        continue;
      g_hash_table_insert (source->wanted, key, GINT_TO_POINTER (2));
      return db_source_take_row (&source->db, row, values, lengths, position, error);
    }

  for (; source->next_missing < source->n_ids; source->next_missing++)
    {
      const char *id = source->ids[source->next_missing];

      if (GPOINTER_TO_INT (g_hash_table_lookup (source->wanted, id)) == 2)
        continue;
      g_ptr_array_add (source->missing, g_strdup (id));
      for (guint c = 0; c < source->db.n_columns; c++)
        {
          source->db.values[c] = NULL;
          source->db.lengths[c] = 0;
        }
      source->db.values[source->id_column] = id;
      source->db.lengths[source->id_column] = strlen (id);
      *values = source->db.values;
      *lengths = source->db.lengths;
      *position = ++source->db.row;
      source->next_missing++;
      return TRUE;
    }
  return FALSE;
}

static void
id_source_progress (gpointer  data,
                    guint64  *done,
                    guint64  *total)
{
  IdSource *source = data;

  *done = source->db.row;
  *total = source->n_ids;
}

static const PrRowSourceClass id_source_class = {
  id_source_next,
  id_source_progress,
  N_("row"),
};

/* Sets up @source to read the rows of @ids (each once) by batches; with
 * @error when the mapping does not fit the table. id_source_close() ends
 * it either way. */
static gboolean
id_source_open (IdSource         *source,
                PrConnection     *connection,
                const char       *table,
                GPtrArray        *columns,
                const PrMapping  *mapping,
                PrAdvice          advice,
                char *const      *ids,
                gsize             n_ids,
                GError          **error)
{
  guint n_columns = pr_mapping_get_n_columns (mapping);
  g_autofree gboolean *unicode = NULL;
  g_autofree const char **east_asian = NULL;

  source->missing = g_ptr_array_new_with_free_func (g_free);
  source->wanted = g_hash_table_new (g_str_hash, g_str_equal);
  source->select = g_string_new (NULL);
  source->id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);
  if (source->id_column < 0)
    {
      g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                   _("the mapping has no id column: a record cannot be found by its id"));
      return FALSE;
    }
  source->db.connection = connection;
  source->db.n_columns = n_columns;
  source->db.field_of = g_new (int, MAX (n_columns, 1));
  source->db.values = g_new0 (const char *, MAX (n_columns, 1));
  source->db.lengths = g_new0 (gsize, MAX (n_columns, 1));
  source->ids = ids;
  source->n_ids = n_ids;
  for (gsize i = 0; i < n_ids; i++)
    g_hash_table_insert (source->wanted, ids[i], GINT_TO_POINTER (1));

  unicode = g_new0 (gboolean, MAX (n_columns, 1));
  east_asian = g_new0 (const char *, MAX (n_columns, 1));
  if (!build_select (connection, table, columns, mapping, source->select, source->db.field_of, &source->binary_id,
                     unicode, east_asian, error))
    return FALSE;
  source->quoted_id = pr_connection_quote_identifier (pr_mapping_get_column (mapping, source->id_column)->name);
  source->table = table;
  source->known = columns;
  source->mapping = mapping;
  if (!source->binary_id)
    source->id_encoding = pr_mapping_get_column (mapping, source->id_column)->encoding;
  source->db.decoder = _pr_column_decoder_new (mapping, table, source->binary_id);
  _pr_column_decoder_set_unicode (source->db.decoder, unicode);
  _pr_column_decoder_set_east_asian (source->db.decoder, east_asian);
  _pr_column_decoder_set_advice (source->db.decoder, advice);
  return TRUE;
}

static void
id_source_close (IdSource *source)
{
  if (source->db.result != NULL)
    mariadb_cancel (_pr_connection_get_handle (source->db.connection));
  close_source (&source->db);
  g_string_free (source->select, TRUE);
  g_free (source->quoted_id);
  g_hash_table_unref (source->wanted);
  g_clear_pointer (&source->missing, g_ptr_array_unref);
}

/**
 * pr_record_reader_load_ids:
 * @connection: a connection whose current database holds @table
 * @table: the table, by its catalogue name
 * @mapping: its columns, with an id column
 * @options: as pr_record_reader_load()'s
 * @ids: (array length=n_ids): the records' ids, as a scan read them (hex
 *   for a binary id column), each once
 * @n_ids: how many
 * @missing: (out) (transfer full) (element-type utf8): the ids no row of
 *   the table has now
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Reads and fingerprints the records of @ids only, a few hundred ids per
 * SELECT, so that the time is the records', not the table's. A record
 * deleted since is in the set all the same, with its id and nothing
 * else, and named in @missing. Reads only.
 *
 * Returns: (transfer full) (nullable): the record set, or %NULL with @error
 */
PrRecordSet *
pr_record_reader_load_ids (PrConnection         *connection,
                           const char           *table,
                           const PrMapping      *mapping,
                           const PrLoadOptions  *options,
                           char *const          *ids,
                           gsize                 n_ids,
                           GPtrArray           **missing,
                           GCancellable         *cancellable,
                           GError              **error)
{
  IdSource source = { { 0 } };
  PrRecordSet *set = NULL;

  g_return_val_if_fail (missing != NULL, NULL);

  if (id_source_open (&source, connection, table, NULL, mapping, options->advice, ids, n_ids, error))
    set = pr_record_set_load (mapping, options, &id_source_class, &source, NULL, NULL, cancellable, error);
  *missing = set != NULL ? g_steal_pointer (&source.missing) : NULL;
  id_source_close (&source);
  return set;
}

/* A record no row has is NULL in the array: nothing to free. */
static void
free_record (gpointer record)
{
  if (record != NULL)
    g_ptr_array_unref (record);
}

/**
 * pr_record_reader_fetch_ids:
 * @connection: a connection whose current database holds @table
 * @table: the table, by its catalogue name
 * @columns: (nullable) (element-type PrColumnInfo): @table's columns as
 *   pr_catalog_list_columns() gave them, or %NULL to read them now
 * @mapping: its columns, with an id column
 * @ids: (array length=n_ids): the records' ids, as a scan read them (hex
 *   for a binary id column)
 * @n_ids: how many
 * @advice: how an encoding error says to give the column's encoding
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Reads the records of @ids as they are now, a few hundred per SELECT
 * rather than one statement each, keyed by the id exactly as the scan
 * read it (the server's loose comparison may return other rows too).
 *
 * Returns: (transfer full) (element-type GPtrArray): per id of @ids, in
 *   order, its values in mapping order (%NULL for SQL NULL and ignored
 *   columns), or %NULL in place of a record no row has now; %NULL with
 *   @error
 */
GPtrArray *
pr_record_reader_fetch_ids (PrConnection     *connection,
                            const char       *table,
                            GPtrArray        *columns,
                            const PrMapping  *mapping,
                            char *const      *ids,
                            gsize             n_ids,
                            PrAdvice          advice,
                            GCancellable     *cancellable,
                            GError          **error)
{
  IdSource source = { { 0 } };
  guint n_columns = pr_mapping_get_n_columns (mapping);
  g_autoptr(GHashTable) read = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                     (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *const *values;
  const gsize *lengths;
  guint64 position;

  if (!id_source_open (&source, connection, table, columns, mapping, advice, ids, n_ids, error))
    {
      id_source_close (&source);
      return NULL;
    }
  while (id_source_next (&source, &values, &lengths, &position, cancellable, &local_error))
    {
      const char *id = values[source.id_column];
      gpointer key, state;
      GPtrArray *record;

      /* After the batches come the ids no row had: left out here. */
      if (!g_hash_table_lookup_extended (source.wanted, id, &key, &state) || GPOINTER_TO_INT (state) != 2 ||
          g_hash_table_contains (read, key))
        continue;
      record = g_ptr_array_new_full (n_columns, g_free);
      for (guint c = 0; c < n_columns; c++)
        g_ptr_array_add (record, g_strndup (values[c], lengths[c]));
      g_hash_table_insert (read, key, record);
    }
  id_source_close (&source);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  records = g_ptr_array_new_full (n_ids, free_record);
  for (gsize i = 0; i < n_ids; i++)
    {
      GPtrArray *found = g_hash_table_lookup (read, ids[i]);

      g_ptr_array_add (records, found != NULL ? g_ptr_array_ref (found) : NULL);
    }
  return g_steal_pointer (&records);
}
