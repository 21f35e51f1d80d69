/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A record set read from a CSV file: the header names the columns, each
 * row is a record, and the text is checked for the wrong encoding once
 * the last line is read.
 */
#define G_LOG_DOMAIN "pr-record-set"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row.h"
#include "pr-csv-reader.h"
#include "pr-encoding-check.h"
#include "pr-record-set.h"

/* Whether @header, a header read as one field, holds @name between
 * semicolons: a file whose columns are separated so. */
static gboolean
is_semicolon_header (const char *header,
                     const char *name)
{
  g_auto(GStrv) parts = NULL;

  if (strchr (header, ';') == NULL)
    return FALSE;
  parts = g_strsplit (header, ";", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (g_str_equal (g_strstrip (parts[i]), name))
      return TRUE;
  return FALSE;
}

/* A CSV file as a row source: the header names the columns. */
typedef struct {
  PrCsvReader  *reader;
  const char   *path;
  guint         n_columns;
  int          *field_of;     /* mapping column → CSV field */
  const char  **names;        /* mapping column → its name */
  guint         n_header_fields;
  const char  **values;
  gsize        *lengths;
  guint64       bytes_total;
  const PrMapping *mapping;
  const char   *encoding;     /* as given; NULL: UTF-8 */
  const char   *iconv_encoding; /* iconv's name of it, for the misread check; NULL: no check */
  PrEncodingCheck **checks;   /* per mapping column; NULL: not checked */
  char         *unreadable;   /* why the current row's value cannot be read, or NULL */
  gboolean      skip_bad_rows;
  gboolean      skippable;    /* the command has --skip-bad-rows */
  int           utf8_column;  /* the current row's column holding UTF-8 text, or -1 */
  char         *utf8_reason;  /* why it is a bad row */
  guint64       n_rows;
  guint64       n_unreadable_rows;
} CsvSource;

/* After the last line: a column whose text reads as another encoding's
 * bytes decoded wrong is refused, with the encoding that fits. */
static gboolean
csv_source_check_encoding (CsvSource  *source,
                           GError    **error)
{
  for (guint c = 0; c < source->n_columns; c++)
    {
      const char *name = pr_mapping_get_column (source->mapping, c)->name;
      guint64 first = 0, count = 0;
      PrEncodingGuess guess;

      if (source->checks[c] == NULL)
        continue;
      guess = pr_encoding_check_verdict (source->checks[c], &first, &count);
      if (guess == PR_ENCODING_GUESS_NONE)
        continue;
      pr_encoding_check_set_csv_error (error, source->path, name, source->encoding, guess, first, count,
                                       pr_encoding_check_is_raw (source->checks[c], guess),
                                       pr_encoding_check_get_reading (source->checks[c], guess, NULL));
      return FALSE;
    }
  return TRUE;
}

/* A line that is a Ctrl-Z (byte 0x1A) alone: a DOS end-of-file mark, as
 * COPY and old editors leave it, with more lines after it (the reader
 * drops the mark at the very end of the file, pr-dos-end-stream.c), or,
 * as the last line, a quoted value. A file of one column may hold it as a
 * value anywhere. */
static gboolean
is_dos_end_mark (PrCsvReader *reader,
                 guint        source_header_fields)
{
  gsize length = 0;
  const char *value;

  if (pr_csv_reader_get_n_fields (reader) != 1 || source_header_fields == 1)
    return FALSE;
  value = pr_csv_reader_get_field (reader, 0, &length);
  return length == 1 && value[0] == '\x1A';
}

static gboolean
csv_source_next (gpointer            data,
                 const char *const **values,
                 const gsize       **lengths,
                 guint64            *position,
                 GCancellable       *cancellable,
                 GError            **error)
{
  CsvSource *source = data;
  g_autoptr(GError) local_error = NULL;
  gboolean more = pr_csv_reader_next (source->reader, cancellable, &local_error);

  if (more && is_dos_end_mark (source->reader, source->n_header_fields))
    {
      guint64 mark_line = pr_csv_reader_get_line (source->reader);

      more = pr_csv_reader_next (source->reader, cancellable, &local_error);
      if (more)
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                       _("line %llu is a DOS end-of-file mark (Ctrl-Z, byte 0x1A), but more lines follow it "
                         "(were files put together?): delete the mark, then scan again"),
                       (unsigned long long) mark_line);
          return FALSE;
        }
      if (local_error == NULL)
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX, _("line %llu: %u fields, but the header has %u"),
                       (unsigned long long) mark_line, 1, source->n_header_fields);
          return FALSE;
        }
    }
  if (!more)
    {
      if (local_error != NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      /* A few bad bytes are a few bad rows; in most rows they are a file
       * in another encoding, which skipping would all but empty. */
      else if (source->n_unreadable_rows * 2 > source->n_rows)
        g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                     _("%s: %llu of its %llu records hold bytes that are not %s text, so the file is in another "
                       "encoding: give the right one with --encoding (or none for UTF-8)"),
                     source->path, (unsigned long long) source->n_unreadable_rows,
                     (unsigned long long) source->n_rows, source->encoding);
      else if (source->checks != NULL)
        csv_source_check_encoding (source, error);
      return FALSE;
    }

  *position = pr_csv_reader_get_line (source->reader);
  source->n_rows++;
  if (pr_csv_reader_get_n_fields (source->reader) != source->n_header_fields)
    {
      g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                   _("line %llu: %u fields, but the header has %u"),
                   (unsigned long long) *position, pr_csv_reader_get_n_fields (source->reader), source->n_header_fields);
      return FALSE;
    }

  if (!pr_csv_reader_check_not_header (source->reader, source->names, source->field_of, source->n_columns, error))
    return FALSE;

  source->utf8_column = -1;
  g_clear_pointer (&source->utf8_reason, g_free);
  for (guint c = 0; c < source->n_columns; c++)
    {
      source->values[c] = pr_csv_reader_get_field (source->reader, source->field_of[c], &source->lengths[c]);
      if (source->checks != NULL && source->checks[c] != NULL)
        {
          g_autofree char *reason = NULL;

          /* Western text in UTF-8 read as GBK or Big5 is valid text of
           * other characters (Jos茅 for José), in which the column's check
           * sees nothing wrong. */
          if (source->iconv_encoding != NULL &&
              (reason = pr_bad_row_utf8_misread (source->values[c], source->lengths[c], source->encoding,
                                                 source->iconv_encoding, source->skippable)) != NULL)
            {
              if (!source->skip_bad_rows)
                {
                  pr_bad_row_set_utf8_misread (error, *position, source->names[c], reason);
                  return FALSE;
                }
              if (source->utf8_column < 0)
                {
                  source->utf8_column = (int) c;
                  source->utf8_reason = g_steal_pointer (&reason);
                }
              continue;
            }
          pr_encoding_check_add (source->checks[c], source->values[c], source->lengths[c], *position);
        }
    }
  *values = source->values;
  *lengths = source->lengths;

  return TRUE;
}

static void
csv_source_progress (gpointer  data,
                     guint64  *done,
                     guint64  *total)
{
  CsvSource *source = data;

  *done = MIN (pr_csv_reader_get_bytes_read (source->reader), MAX (source->bytes_total, 1));
  *total = source->bytes_total;
}

/* A value holding bytes that are not text in the file's encoding, which
 * the reader marked, or UTF-8 text read in it (skip_bad_rows): the row is
 * a bad row. */
static const char *
csv_source_unreadable (gpointer  data,
                       int      *column)
{
  CsvSource *source = data;

  g_clear_pointer (&source->unreadable, g_free);
  if (source->utf8_column >= 0)
    {
      *column = source->utf8_column;
      source->n_unreadable_rows++;
      return source->utf8_reason;
    }
  if (pr_csv_reader_get_n_marked (source->reader) == 0 ||
      (*column = pr_bad_row_find_marked ((const char *const *) source->values, source->lengths, source->n_columns,
                                         source->encoding, &source->unreadable)) < 0)
    return NULL;
  source->n_unreadable_rows++;
  return source->unreadable;
}

static const PrRowSourceClass csv_source_class = {
  csv_source_next,
  csv_source_progress,
  /* Translators: how an error names a record's place in a CSV file, before
   * its number: "line 12 (id “A7”): …" */
  N_("line"),
  NULL,
  csv_source_unreadable,
};

/**
 * pr_record_set_load_csv:
 * @path: a CSV file with a header row
 * @mapping: the columns to use, by header name
 * @options: encoding, tokenizer flags, threads
 * @progress: (nullable): called after each batch with bytes read of the file's size
 * @progress_data: passed to @progress
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Reads and fingerprints every record of @path.
 *
 * Returns: (transfer full) (nullable): the record set, or %NULL with @error
 *   naming the line (and id) at fault: a mapped column missing from the
 *   header, a record with the wrong number of fields, an empty or repeated
 *   id, text that is not valid in the encoding.
 */
PrRecordSet *
pr_record_set_load_csv (const char           *path,
                        const PrMapping      *mapping,
                        const PrLoadOptions  *options,
                        PrLoadProgressFunc    progress,
                        gpointer              progress_data,
                        GCancellable         *cancellable,
                        GError              **error)
{
  g_autoptr(PrCsvReader) reader = NULL;
  g_autofree int *field_of = NULL;
  g_autofree const char **names = NULL;
  g_autofree const char **values = NULL;
  g_autofree gsize *lengths = NULL;
  g_autofree PrEncodingCheck **checks = NULL;
  g_autofree char *iconv_encoding = NULL;
  CsvSource source = { 0 };
  PrRecordSet *set;
  guint n_columns;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (mapping != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  reader = pr_csv_reader_new_for_path (path, options->encoding, error);
  if (reader == NULL)
    return NULL;
  if (!pr_bad_row_utf8_check_encoding (options->encoding, options->force_encoding, &iconv_encoding, error))
    return NULL;

  {
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, 0, NULL, NULL);

    /* Only for progress: a pipe has no size, and that is fine. */
    if (info != NULL)
      source.bytes_total = g_file_info_get_size (info);
  }

  /* One bad byte leaves out its row, not the file, when bad rows may be
   * skipped; otherwise the reader's own message says where it is. */
  if (options->skip_bad_rows)
    pr_csv_reader_set_mark_unreadable (reader);
  pr_csv_reader_set_skippable (reader, options->skippable);
  if (!pr_csv_reader_next_header (reader, path, cancellable, error))
    return NULL;
  /* The mapped fields are checked row by row (pr-bad-row.c), by column
   * name, and a bad row can be skipped. */
  pr_csv_reader_set_check_text (reader, FALSE);

  n_columns = pr_mapping_get_n_columns (mapping);
  field_of = g_new (int, MAX (n_columns, 1));
  for (guint c = 0; c < n_columns; c++)
    {
      const char *name = pr_mapping_get_column (mapping, c)->name;

      if (!pr_csv_reader_check_unique_field (reader, name, path, error))
        return NULL;
      field_of[c] = pr_csv_reader_find_field (reader, name);
      if (field_of[c] < 0)
        {
          g_autofree char *names = pr_csv_reader_describe_header (reader);
          int near = pr_csv_reader_find_field_as_read (reader, name, -1);

          if (near >= 0)
            {
              g_autofree char *shown = pr_csv_reader_show_invisible (pr_csv_reader_get_field (reader, near, NULL));

              /* Not taken for it: a name is matched as written. */
              g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                           _("column “%s” is not in the header of %s, but its column %d is “%s”, which differs only "
                             "in case, full-width letters or white space: give the name as the header writes it, "
                             "or correct the header"),
                           name, path, near + 1, shown);
              return NULL;
            }
          if (pr_csv_reader_get_n_fields (reader) == 1 && strstr (names, "<U+0009>") != NULL)
            /* Excel's "Unicode Text" and "Text (Tab delimited)". */
            g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                         _("column “%s” is not in the header of %s, whose columns are separated by tabs, not "
                           "commas (its header: %s): save the file as CSV"),
                         name, path, names);
          else if (pr_csv_reader_get_n_fields (reader) == 1 && is_semicolon_header (names, name))
            /* Excel's "CSV" where the list separator is a semicolon. */
            g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                         _("column “%s” is not in the header of %s, whose columns are separated by semicolons, not "
                           "commas (its header: %s): save the file as CSV with commas (in Excel, with the list "
                           "separator set to a comma)"),
                         name, path, names);
          else
            g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID,
                         _("column “%s” is not in the header of %s (its columns: %s)"),
                         name, path, names);
          pr_mapping_explain_missing_column (name, error);
          return NULL;
        }
    }

  values = g_new0 (const char *, MAX (n_columns, 1));
  lengths = g_new0 (gsize, MAX (n_columns, 1));
  source.reader = reader;
  source.path = path;
  source.n_columns = n_columns;
  source.field_of = field_of;
  names = g_new (const char *, MAX (n_columns, 1));
  for (guint c = 0; c < n_columns; c++)
    names[c] = pr_mapping_get_column (mapping, c)->name;
  source.names = names;
  source.n_header_fields = pr_csv_reader_get_n_fields (reader);
  source.values = values;
  source.lengths = lengths;
  source.mapping = mapping;
  source.encoding = options->encoding;
  source.iconv_encoding = iconv_encoding;
  source.skip_bad_rows = options->skip_bad_rows;
  source.skippable = options->skippable;
  source.utf8_column = -1;
  /* Unless the encoding was given and the check's verdict set aside
   * (--force-encoding): reading on from a wrong guess is silent. */
  if (!options->force_encoding)
    {
      checks = g_new0 (PrEncodingCheck *, MAX (n_columns, 1));
      for (guint c = 0; c < n_columns; c++)
        {
          PrColumnRole role = pr_mapping_get_column (mapping, c)->role;

          if (role == PR_COLUMN_ROLE_SHORT || role == PR_COLUMN_ROLE_TEXT)
            checks[c] = pr_encoding_check_new ();
        }
      source.checks = checks;
    }

  set = pr_record_set_load (mapping, options, &csv_source_class, &source,
                            progress, progress_data, cancellable, error);
  g_free (source.unreadable);
  g_free (source.utf8_reason);
  for (guint c = 0; checks != NULL && c < n_columns; c++)
    pr_encoding_check_free (checks[c]);
  return set;
}
