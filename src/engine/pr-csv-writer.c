/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RFC 4180 output: fields with a comma, a quote, CR or LF are quoted and
 * their quotes doubled; lines end in CRLF, as the RFC and Excel expect.
 * Give it a stream from g_file_replace(): an existing report is then
 * replaced only when the new one is complete and closed.
 */
#define G_LOG_DOMAIN "pr-csv-writer"

#include "config.h"

#include <string.h>

#include "pr-csv-writer.h"

struct _PrCsvWriter
{
  GOutputStream    *stream;
  PrCsvWriterFlags  flags;
  GString          *line;
  gboolean          started;
};

/**
 * pr_csv_writer_new:
 * @stream: where the CSV goes
 * @flags: BOM and formula neutralisation
 *
 * Returns: (transfer full): a writer that holds a reference on @stream
 */
PrCsvWriter *
pr_csv_writer_new (GOutputStream    *stream,
                   PrCsvWriterFlags  flags)
{
  PrCsvWriter *self;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), NULL);

  self = g_new0 (PrCsvWriter, 1);
  self->stream = g_object_ref (stream);
  self->flags = flags;
  self->line = g_string_new (NULL);

  return self;
}

/**
 * pr_csv_append_field:
 * @line: the line being built
 * @field: (nullable): the field's UTF-8 text; %NULL is written as empty
 * @flags: whether to neutralise formulas
 *
 * Appends one field, quoted when it must be; the caller adds separators.
 */
void
pr_csv_append_field (GString          *line,
                     const char       *field,
                     PrCsvWriterFlags  flags)
{
  gboolean neutralize;

  if (field == NULL)
    return;

  neutralize = (flags & PR_CSV_WRITER_NEUTRALIZE) && field[0] != '\0' && strchr ("=+-@\t\r", field[0]) != NULL;

  if (!neutralize && strpbrk (field, ",\"\r\n") == NULL)
    {
      g_string_append (line, field);
      return;
    }

  g_string_append_c (line, '"');
  if (neutralize)
    g_string_append_c (line, '\'');
  for (const char *p = field; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *p);
    }
  g_string_append_c (line, '"');
}

gboolean
pr_csv_writer_write_row (PrCsvWriter        *self,
                         const char *const  *fields,
                         guint               n_fields,
                         GError            **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  g_string_truncate (self->line, 0);
  if (!self->started && (self->flags & PR_CSV_WRITER_BOM))
    g_string_append (self->line, "\xEF\xBB\xBF");
  self->started = TRUE;

  for (guint i = 0; i < n_fields; i++)
    {
      if (i > 0)
        g_string_append_c (self->line, ',');
      pr_csv_append_field (self->line, fields[i], self->flags);
    }
  g_string_append (self->line, "\r\n");

  return g_output_stream_write_all (self->stream, self->line->str, self->line->len, NULL, NULL, error);
}

/**
 * pr_csv_writer_close:
 * @self: a #PrCsvWriter
 * @error: return location for a #GError
 *
 * Flushes and closes the stream; for a file, this is when it replaces the
 * old one. A writer freed without closing leaves the old file as it was.
 *
 * Returns: %FALSE if the data could not be written (a full disk, say)
 */
gboolean
pr_csv_writer_close (PrCsvWriter  *self,
                     GError      **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return g_output_stream_close (self->stream, NULL, error);
}

void
pr_csv_writer_free (PrCsvWriter *self)
{
  if (self == NULL)
    return;

  /* Unclosed: a GFileOutputStream from g_file_replace() drops the new file
   * only if cancelled, so cancel it to keep the old file. */
  if (!g_output_stream_is_closed (self->stream))
    {
      g_autoptr(GCancellable) cancel = g_cancellable_new ();

      g_cancellable_cancel (cancel);
      g_output_stream_close (self->stream, cancel, NULL);
    }
  g_object_unref (self->stream);
  g_string_free (self->line, TRUE);
  g_free (self);
}
