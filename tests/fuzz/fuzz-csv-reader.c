/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the CSV reader, and the date parser its date column
 * goes through (pr-record-set.c).
 *
 * The first byte picks the encoding (UTF-8, or one ICU converts first), the
 * second how many bytes a read returns at most, so that quotes, line breaks
 * and multibyte characters land across every read boundary; the rest is the
 * file. Besides not crashing, the reader must keep its word: every field of
 * a record it returns is valid UTF-8 without a NUL, an error stays the same
 * on the next call, and the end stays the end.
 */

#include <string.h>

#include <gio/gio.h>

#include "fuzz-common.h"
#include "pr-csv-reader.h"
#include "pr-date.h"

/* A stream that returns at most max_read bytes per read. */
#define FUZZ_TYPE_SHORT_STREAM (fuzz_short_stream_get_type ())
G_DECLARE_FINAL_TYPE (FuzzShortStream, fuzz_short_stream, FUZZ, SHORT_STREAM, GInputStream)

struct _FuzzShortStream
{
  GInputStream parent_instance;
  const guint8 *data;
  gsize size;
  gsize offset;
  gsize max_read;
};

G_DEFINE_TYPE (FuzzShortStream, fuzz_short_stream, G_TYPE_INPUT_STREAM)

static gssize
fuzz_short_stream_read (GInputStream  *stream,
                        void          *buffer,
                        gsize          count,
                        GCancellable  *cancellable,
                        GError       **error)
{
  FuzzShortStream *self = FUZZ_SHORT_STREAM (stream);
  gsize n = MIN (count, MIN (self->max_read, self->size - self->offset));

  if (n > 0)
    memcpy (buffer, self->data + self->offset, n);
  self->offset += n;
  return n;
}

static void
fuzz_short_stream_class_init (FuzzShortStreamClass *klass)
{
  G_INPUT_STREAM_CLASS (klass)->read_fn = fuzz_short_stream_read;
}

static void
fuzz_short_stream_init (FuzzShortStream *self)
{
}

static const char *const encodings[] = { NULL, "GB18030", "UTF-16LE", "Big5", "UTF-8", "GBK", "UTF-16" };

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(FuzzShortStream) stream = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) again = NULL;
  const char *encoding;
  guint64 records = 0;

  if (size < 2)
    return -1;
  encoding = encodings[data[0] % G_N_ELEMENTS (encodings)];

  stream = g_object_new (FUZZ_TYPE_SHORT_STREAM, NULL);
  /* 0: everything at once (the reader's own 64 KiB chunks). */
  stream->max_read = data[1] == 0 ? G_MAXSIZE : data[1];
  stream->data = data + 2;
  stream->size = size - 2;

  reader = pr_csv_reader_new (G_INPUT_STREAM (stream), encoding, &error);
  g_assert_no_error (error);

  while (pr_csv_reader_next (reader, NULL, &error))
    {
      guint n = pr_csv_reader_get_n_fields (reader);

      g_assert_cmpuint (n, >=, 1);
      g_assert_cmpuint (pr_csv_reader_get_record_number (reader), ==, ++records);
      for (guint i = 0; i < n; i++)
        {
          gsize length = 0;
          const char *field = pr_csv_reader_get_field (reader, i, &length);
          gint64 seconds;

          g_assert_true (g_utf8_validate_len (field, length, NULL));
          g_assert_cmpuint (strlen (field), ==, length);
          if (pr_date_parse (field, &seconds))
            g_free (pr_date_format (seconds));
          if (i > 0)
            (void) pr_id_compare (pr_csv_reader_get_field (reader, i - 1, NULL), field);
        }
      g_assert_cmpint (pr_csv_reader_find_field (reader, pr_csv_reader_get_field (reader, n - 1, NULL)), <=, n - 1);
    }

  /* Data errors are sticky; the end of input is lasting. */
  if (error != NULL)
    {
      g_assert_false (pr_csv_reader_next (reader, NULL, &again));
      g_assert_error (again, error->domain, error->code);
      g_assert_cmpstr (again->message, ==, error->message);
    }
  else
    {
      g_assert_false (pr_csv_reader_next (reader, NULL, &again));
      g_assert_no_error (again);
    }

  return 0;
}
