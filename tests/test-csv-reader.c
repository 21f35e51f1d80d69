/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for the streaming CSV reader.
 *
 * Every expectation below is written by hand; nothing is produced by the
 * reader and then compared with itself, except in the short-read tests,
 * which additionally check that chunking does not change the result.
 *
 * PR_TEST_BIG_FIELD_MB shrinks the 10 MB field test for slow runs such as
 * valgrind; by default it runs at full size.
 */

#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "pr-csv-reader.h"

/* A stream returning at most max_read bytes per read, to push every record,
 * quote, CRLF and multibyte character across read boundaries. */

#define TEST_TYPE_SHORT_STREAM (test_short_stream_get_type ())
G_DECLARE_FINAL_TYPE (TestShortStream, test_short_stream, TEST, SHORT_STREAM, GInputStream)

struct _TestShortStream
{
  GInputStream parent_instance;
  GBytes *bytes;
  gsize offset;
  gsize max_read;
};

G_DEFINE_TYPE (TestShortStream, test_short_stream, G_TYPE_INPUT_STREAM)

static gssize
test_short_stream_read (GInputStream  *stream,
                        void          *buffer,
                        gsize          count,
                        GCancellable  *cancellable,
                        GError       **error)
{
  TestShortStream *self = TEST_SHORT_STREAM (stream);
  gsize size;
  const guint8 *data = g_bytes_get_data (self->bytes, &size);
  gsize n = MIN (count, MIN (self->max_read, size - self->offset));

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return -1;

  /* An empty GBytes has a NULL data pointer. */
  if (n > 0)
    memcpy (buffer, data + self->offset, n);
  self->offset += n;
  return n;
}

static void
test_short_stream_finalize (GObject *object)
{
  TestShortStream *self = TEST_SHORT_STREAM (object);

  g_bytes_unref (self->bytes);
  G_OBJECT_CLASS (test_short_stream_parent_class)->finalize (object);
}

static void
test_short_stream_class_init (TestShortStreamClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_short_stream_finalize;
  G_INPUT_STREAM_CLASS (klass)->read_fn = test_short_stream_read;
}

static void
test_short_stream_init (TestShortStream *self)
{
}

/* max_read == 0 means "everything at once". */
static GInputStream *
make_stream (const char *data,
             gsize       len,
             gsize       max_read)
{
  TestShortStream *stream = g_object_new (TEST_TYPE_SHORT_STREAM, NULL);

  stream->bytes = g_bytes_new (data, len);
  stream->max_read = max_read > 0 ? max_read : G_MAXSIZE;
  return G_INPUT_STREAM (stream);
}

/* Helpers ---------------------------------------------------------------- */

static void
free_record (gpointer data)
{
  g_ptr_array_unref (data);
}

/* Reads all records into an array of arrays of strings.  On error the
 * records read before the error are returned too. */
static GPtrArray *
parse_all (const char  *data,
           gsize        len,
           gsize        max_read,
           const char  *encoding,
           GError     **error)
{
  g_autoptr(GInputStream) stream = make_stream (data, len, max_read);
  g_autoptr(PrCsvReader) reader = NULL;
  GPtrArray *records = g_ptr_array_new_with_free_func (free_record);

  reader = pr_csv_reader_new (stream, encoding, error);
  if (reader == NULL)
    return records;

  while (pr_csv_reader_next (reader, NULL, error))
    {
      GPtrArray *record = g_ptr_array_new_with_free_func (g_free);
      guint n = pr_csv_reader_get_n_fields (reader);

      g_assert_cmpuint (n, >, 0);
      for (guint i = 0; i < n; i++)
        {
          gsize field_len = G_MAXSIZE;
          const char *field = pr_csv_reader_get_field (reader, i, &field_len);

          g_assert_nonnull (field);
          g_assert_cmpuint (strlen (field), ==, field_len);
          g_assert_true (g_utf8_validate (field, field_len, NULL));
          g_ptr_array_add (record, g_strndup (field, field_len));
        }
      g_assert_cmpuint (pr_csv_reader_get_record_number (reader), ==, records->len + 1);
      g_ptr_array_add (records, record);
    }

  return records;
}

/* expected: fields of each record, a NULL after each record, and a second
 * NULL at the end (records always have at least one field). */
static void
assert_records (GPtrArray         *records,
                const char *const *expected)
{
  guint r = 0;
  gsize i = 0;

  while (expected[i] != NULL)
    {
      GPtrArray *record;
      guint f = 0;

      g_assert_cmpuint (r, <, records->len);
      record = g_ptr_array_index (records, r);
      for (; expected[i] != NULL; i++, f++)
        {
          g_assert_cmpuint (f, <, record->len);
          g_assert_cmpstr (g_ptr_array_index (record, f), ==, expected[i]);
        }
      g_assert_cmpuint (f, ==, record->len);
      i++;
      r++;
    }

  g_assert_cmpuint (r, ==, records->len);
}

static void
check_parse_full (const char        *data,
                  gsize              len,
                  const char        *encoding,
                  const char *const *expected)
{
  static const gsize chunk_sizes[] = { 0, 1, 2, 3, 7, 4096 };

  for (gsize c = 0; c < G_N_ELEMENTS (chunk_sizes); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) records = NULL;

      records = parse_all (data, len, chunk_sizes[c], encoding, &error);
      g_assert_no_error (error);
      assert_records (records, expected);
    }
}

/* Parses with every chunk size and compares with the expectation. */
#define check_parse(data, ...) \
  check_parse_full (data, sizeof (data) - 1, NULL, (const char *const[]) { __VA_ARGS__, NULL })

/* Parses one-shot and returns the error, which must be set. */
static GError *
parse_error (const char *data,
             gsize       len,
             const char *encoding,
             guint       expected_records)
{
  GError *error = NULL;
  g_autoptr(GPtrArray) records = parse_all (data, len, 0, encoding, &error);

  g_assert_nonnull (error);
  g_assert_cmpuint (records->len, ==, expected_records);
  return error;
}

static void
assert_message_contains (const GError *error,
                         const char   *needle)
{
  if (strstr (error->message, needle) == NULL)
    g_error ("“%s” not found in error message “%s”", needle, error->message);
}

/* RFC 4180 ---------------------------------------------------------------- */

static void
test_simple_lf (void)
{
  check_parse ("name,city\nAlice,Paris\nBob,Lyon\n",
               "name", "city", NULL,
               "Alice", "Paris", NULL,
               "Bob", "Lyon", NULL);
}

static void
test_crlf (void)
{
  check_parse ("name,city\r\nAlice,Paris\r\nBob,Lyon\r\n",
               "name", "city", NULL,
               "Alice", "Paris", NULL,
               "Bob", "Lyon", NULL);
  /* Mixed terminators, and CRLF right after a closing quote. */
  check_parse ("a,\"b\"\r\nc,d\ne,\"f\"\n",
               "a", "b", NULL,
               "c", "d", NULL,
               "e", "f", NULL);
}

static void
test_lone_cr (void)
{
  check_parse ("a,b\rc,d\r",
               "a", "b", NULL,
               "c", "d", NULL);
}

static void
test_no_final_newline (void)
{
  check_parse ("a,b\nc,d",
               "a", "b", NULL,
               "c", "d", NULL);
  check_parse ("a,b\n\"c\",\"d\"",
               "a", "b", NULL,
               "c", "d", NULL);
  check_parse ("x", "x", NULL);
}

static void
test_blank_lines (void)
{
  check_parse ("a,b\nc,d\n\n",
               "a", "b", NULL,
               "c", "d", NULL);
  check_parse ("a,b\r\nc,d\r\n\r\n",
               "a", "b", NULL,
               "c", "d", NULL);
  /* Blank lines between records are skipped as well. */
  check_parse ("a,b\n\n\nc,d\n",
               "a", "b", NULL,
               "c", "d", NULL);
}

static void
test_bom (void)
{
  check_parse ("\xef\xbb\xbfname,city\nAlice,Paris\n",
               "name", "city", NULL,
               "Alice", "Paris", NULL);
  /* Only a leading BOM is special; a quoted field right after it works. */
  check_parse ("\xef\xbb\xbf\"a\",b\n",
               "a", "b", NULL);
  /* A BOM elsewhere is ordinary data (U+FEFF). */
  check_parse ("a,\xef\xbb\xbf" "b\n",
               "a", "\xef\xbb\xbf" "b", NULL);
}

static void
test_empty_file (void)
{
  const char *inputs[] = { "", "\xef\xbb\xbf", "\n", "\r\n\r\n" };

  for (gsize i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(GInputStream) stream = make_stream (inputs[i], strlen (inputs[i]), 0);
      g_autoptr(PrCsvReader) reader = NULL;
      g_autoptr(GError) error = NULL;

      reader = pr_csv_reader_new (stream, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (pr_csv_reader_next (reader, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (pr_csv_reader_get_n_fields (reader), ==, 0);
      g_assert_cmpuint (pr_csv_reader_get_record_number (reader), ==, 0);
      g_assert_cmpuint (pr_csv_reader_get_bytes_read (reader), ==, strlen (inputs[i]));
      /* Stays at the end. */
      g_assert_false (pr_csv_reader_next (reader, NULL, &error));
      g_assert_no_error (error);
    }
}

static void
test_header_only (void)
{
  check_parse ("id,name,text\n", "id", "name", "text", NULL);
  check_parse ("id,name,text", "id", "name", "text", NULL);
}

static void
test_quoted_escapes (void)
{
  check_parse ("\"say \"\"hi\"\"\",\"\"\"\",\"a,b\"\n",
               "say \"hi\"", "\"", "a,b", NULL);
  check_parse ("\"\"\"\"\"\"\n", "\"\"", NULL);
}

static void
test_quoted_newlines (void)
{
  check_parse ("id,text\n1,\"line one\nline two\"\n2,\"crlf\r\ninside\"\r\n3,\"\n\"\n",
               "id", "text", NULL,
               "1", "line one\nline two", NULL,
               "2", "crlf\r\ninside", NULL,
               "3", "\n", NULL);
}

static void
test_empty_fields (void)
{
  check_parse ("\"\"\n", "", NULL);
  check_parse (",\n", "", "", NULL);
  check_parse ("a,,c\n", "a", "", "c", NULL);
  check_parse ("a,b,\n", "a", "b", "", NULL);
  check_parse ("a,b,", "a", "b", "", NULL);
  check_parse ("a,\"\",\"\"\r\n", "a", "", "", NULL);
  check_parse (",,\n,\n", "", "", "", NULL, "", "", NULL);
}

static void
test_ragged (void)
{
  check_parse ("a,b,c\nd\ne,f\n",
               "a", "b", "c", NULL,
               "d", NULL,
               "e", "f", NULL);
}

static void
test_utf8_content (void)
{
  /* 信访 (U+4FE1 U+8BBF), € and U+1F600 pass through unchanged. */
  check_parse ("\xe4\xbf\xa1\xe8\xae\xbf,\xe2\x82\xac,\"\xf0\x9f\x98\x80\"\n",
               "\xe4\xbf\xa1\xe8\xae\xbf", "\xe2\x82\xac", "\xf0\x9f\x98\x80", NULL);
}

/* Large field ------------------------------------------------------------- */

static void
test_big_field (void)
{
  const char *env = g_getenv ("PR_TEST_BIG_FIELD_MB");
  gsize body_len = (env != NULL ? g_ascii_strtoull (env, NULL, 10) : 10) * 1024 * 1024;
  /* Every kind of byte the quoted state handles, and a multibyte char
   * (信, 3 bytes) that lands on every alignment against 4096-byte reads,
   * because the piece is 19 bytes once its quotes are doubled. */
  static const char piece[] = "ab\"c,d\ne\r\nf\xe4\xbf\xa1\"gh";
  gsize piece_len = sizeof piece - 1;
  g_autoptr(GString) body = g_string_sized_new (body_len + piece_len);
  g_autoptr(GString) csv = NULL;
  static const gsize chunk_sizes[] = { 0, 4096 };

  while (body->len < body_len)
    g_string_append_len (body, piece, piece_len);

  csv = g_string_sized_new (body->len * 5 / 4 + 64);
  g_string_append (csv, "id,body,tail\r\n1,\"");
  for (gsize i = 0; i < body->len; i++)
    {
      if (body->str[i] == '"')
        g_string_append_c (csv, '"');
      g_string_append_c (csv, body->str[i]);
    }
  g_string_append (csv, "\",end\r\n2,x,y\r\n");

  for (gsize c = 0; c < G_N_ELEMENTS (chunk_sizes); c++)
    {
      g_autoptr(GInputStream) stream = make_stream (csv->str, csv->len, chunk_sizes[c]);
      g_autoptr(PrCsvReader) reader = pr_csv_reader_new (stream, NULL, NULL);
      g_autoptr(GError) error = NULL;
      const char *field;
      gsize len;

      g_assert_true (pr_csv_reader_next (reader, NULL, &error));
      g_assert_true (pr_csv_reader_next (reader, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (pr_csv_reader_get_n_fields (reader), ==, 3);
      field = pr_csv_reader_get_field (reader, 1, &len);
      g_assert_cmpuint (len, ==, body->len);
      g_assert_true (memcmp (field, body->str, len) == 0);
      g_assert_cmpuint (field[len], ==, '\0');
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 2, NULL), ==, "end");

      g_assert_true (pr_csv_reader_next (reader, NULL, &error));
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, NULL), ==, "2");
      /* Line numbers count the CRLF and LF inside the big field. */
      g_assert_cmpuint (pr_csv_reader_get_line (reader), ==,
                        2 + 2 * (body->len / piece_len) + 1);
      g_assert_false (pr_csv_reader_next (reader, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (pr_csv_reader_get_bytes_read (reader), ==, csv->len);
    }
}

/* Chunk boundaries -------------------------------------------------------- */

/* check_parse already runs every case with 1, 2, 3, 7 and 4096-byte reads;
 * this one is a denser mix where every construct sits next to another, and
 * it compares short reads with the one-shot parse as well. */
static void
test_short_reads (void)
{
  static const char input[] =
    "\xef\xbb\xbfid,\"te\"\"xt\",n\r\n"
    "1,\"a\r\nb\",\r\n"
    "\r\n"
    "2,\xe4\xbf\xa1\xe8\xae\xbf,\"\"\r"
    "3,\"\"\"\",\"x,y\"\n"
    "4,\"\r\",\xf0\x9f\x98\x80";
  static const char *const expected[] = {
    "id", "te\"xt", "n", NULL,
    "1", "a\r\nb", "", NULL,
    "2", "\xe4\xbf\xa1\xe8\xae\xbf", "", NULL,
    "3", "\"", "x,y", NULL,
    "4", "\r", "\xf0\x9f\x98\x80", NULL,
    NULL
  };
  static const guint64 lines[] = { 1, 2, 5, 6, 7 };
  static const gsize chunk_sizes[] = { 1, 2, 3, 7, 4096 };
  g_autoptr(GPtrArray) one_shot = parse_all (input, sizeof input - 1, 0, NULL, NULL);

  assert_records (one_shot, expected);

  for (gsize c = 0; c < G_N_ELEMENTS (chunk_sizes); c++)
    {
      g_autoptr(GInputStream) stream = make_stream (input, sizeof input - 1, chunk_sizes[c]);
      g_autoptr(PrCsvReader) reader = pr_csv_reader_new (stream, NULL, NULL);
      g_autoptr(GError) error = NULL;
      guint r = 0;

      while (pr_csv_reader_next (reader, NULL, &error))
        {
          GPtrArray *record = g_ptr_array_index (one_shot, r);

          g_assert_cmpuint (pr_csv_reader_get_n_fields (reader), ==, record->len);
          for (guint f = 0; f < record->len; f++)
            g_assert_cmpstr (pr_csv_reader_get_field (reader, f, NULL), ==,
                             g_ptr_array_index (record, f));
          g_assert_cmpuint (pr_csv_reader_get_line (reader), ==, lines[r]);
          r++;
        }
      g_assert_no_error (error);
      g_assert_cmpuint (r, ==, one_shot->len);
      g_assert_cmpuint (pr_csv_reader_get_bytes_read (reader), ==, sizeof input - 1);
    }
}

/* Encodings -------------------------------------------------------------- */

/* GB18030 bytes checked with iconv -t GB18030 on Debian 12:
 *   姓名 D0 D5 C3 FB   内容 C4 DA C8 DD   信访 D0 C5 B7 C3   € A2 E3
 *   U+20000 95 32 82 36   U+1F600 94 39 FC 36   U+FEFF (BOM) 84 31 95 33 */
static const char gb18030_input[] =
  "\x84\x31\x95\x33"
  "\xd0\xd5\xc3\xfb,\xc4\xda\xc8\xdd\n"
  "\xd0\xc5\xb7\xc3,\"\xa2\xe3 \x95\x32\x82\x36\"\r\n"
  "x,\x94\x39\xfc\x36";

static const char *const gb18030_expected[] = {
  "\xe5\xa7\x93\xe5\x90\x8d", "\xe5\x86\x85\xe5\xae\xb9", NULL,
  "\xe4\xbf\xa1\xe8\xae\xbf", "\xe2\x82\xac \xf0\xa0\x80\x80", NULL,
  "x", "\xf0\x9f\x98\x80", NULL,
  NULL
};

static void
test_gb18030 (void)
{
  /* Includes 1, 2, 3 and 7-byte reads, which split 2- and 4-byte sequences. */
  check_parse_full (gb18030_input, sizeof gb18030_input - 1, "GB18030", gb18030_expected);
  check_parse_full (gb18030_input, sizeof gb18030_input - 1, "gb18030", gb18030_expected);
}

static void
test_gb18030_big (void)
{
  /* More than one read chunk and one conversion buffer of output, so the
   * converter's pivot and target overflow paths are used. */
  g_autoptr(GString) input = g_string_new (NULL);
  g_autoptr(GString) field = g_string_new (NULL);
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;

  for (int i = 0; i < 50000; i++)
    {
      g_string_append (input, "\xd0\xc5\xb7\xc3\x95\x32\x82\x36");
      g_string_append (field, "\xe4\xbf\xa1\xe8\xae\xbf\xf0\xa0\x80\x80");
    }
  g_string_prepend (input, "a,\"");
  g_string_append (input, "\"\nb,c\n");

  stream = make_stream (input->str, input->len, 0);
  reader = pr_csv_reader_new (stream, "GB18030", &error);
  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, NULL), ==, "a");
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 1, &len), ==, field->str);
  g_assert_cmpuint (len, ==, field->len);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 1, NULL), ==, "c");
  g_assert_false (pr_csv_reader_next (reader, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pr_csv_reader_get_bytes_read (reader), ==, input->len);
}

static void
test_gb18030_invalid (void)
{
  /* 0xFF is never valid in GB18030; it is at byte 9 of the file. */
  static const char bad[] = "\xd0\xc5,a\nb,\xb7\xc3\xff,c\n";
  /* A lead byte cut off by the end of the file, at byte 4. */
  static const char truncated[] = "a,b\n\xd0";
  static const gsize chunk_sizes[] = { 0, 1, 3 };

  for (gsize c = 0; c < G_N_ELEMENTS (chunk_sizes); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) records = NULL;

      records = parse_all (bad, sizeof bad - 1, chunk_sizes[c], "GB18030", &error);
      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
      assert_message_contains (error, "byte 9 of the file");
      assert_message_contains (error, "FF");
      g_test_message ("%s", error->message);
      g_clear_error (&error);
      g_clear_pointer (&records, g_ptr_array_unref);

      records = parse_all (truncated, sizeof truncated - 1, chunk_sizes[c], "GB18030", &error);
      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
      assert_message_contains (error, "byte 4 of the file");
      g_test_message ("%s", error->message);
      /* The complete first record came out before the error. */
      g_assert_cmpuint (records->len, ==, 1);
    }
}

/* A bad sequence that began in an earlier read: the line is told from the
 * bytes ICU hands back, not from memory before the current chunk. */
static void
test_gb18030_invalid_split (void)
{
  /* 84 31 A5 30 has the form of a four-byte character but stands for none
   * (past U+FFFF, below the supplementary planes' 90 30 81 30). */
  static const char bad[] = "a,b\nc,\x84\x31\xa5\x30\n";
  static const gsize chunk_sizes[] = { 0, 1, 2, 3 };

  for (gsize c = 0; c < G_N_ELEMENTS (chunk_sizes); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) records = parse_all (bad, sizeof bad - 1, chunk_sizes[c], "GB18030", &error);

      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
      g_test_message ("%s", error->message);
      assert_message_contains (error, "line 2:");
      assert_message_contains (error, "84 31 A5 30");
    }
}

static void
test_other_encodings (void)
{
  /* Big5 信訪 is AB 48 B3 58 (iconv -t BIG5). */
  static const char big5[] = "\xab\x48\xb3\x58,b\n";
  /* UTF-16LE with a BOM (FF FE), which becomes U+FEFF and is skipped. */
  static const char utf16le[] = "\xff\xfe" "a\0,\0\"\0b\0\n\0\"\0\n\0";

  check_parse_full (big5, sizeof big5 - 1, "Big5",
                    (const char *const[]) { "\xe4\xbf\xa1\xe8\xa8\xaa", "b", NULL, NULL });
  check_parse_full (utf16le, sizeof utf16le - 1, "UTF-16LE",
                    (const char *const[]) { "a", "b\n", NULL, NULL });
  /* Aliases of UTF-8 take the plain UTF-8 path. */
  check_parse_full ("a,b\n", 4, "utf-8", (const char *const[]) { "a", "b", NULL, NULL });
  check_parse_full ("a,b\n", 4, "utf8", (const char *const[]) { "a", "b", NULL, NULL });
}

static void
test_unknown_encoding (void)
{
  g_autoptr(GInputStream) stream = make_stream ("a\n", 2, 0);
  g_autoptr(GError) error = NULL;
  PrCsvReader *reader;

  reader = pr_csv_reader_new (stream, "NO-SUCH-ENCODING-42", &error);
  g_assert_null (reader);
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
  assert_message_contains (error, "NO-SUCH-ENCODING-42");
  g_clear_error (&error);

  reader = pr_csv_reader_new (stream, "", &error);
  g_assert_null (reader);
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
}

/* Invalid UTF-8 ---------------------------------------------------------- */

static void
test_invalid_utf8_truncated (void)
{
  /* "id,text\n" is bytes 0-7, "1,ok\n" 8-12, the quote at 15, 'a' at 16,
   * and the cut-off 3-byte sequence E4 BD at 18, byte 2 of field 2. */
  static const char input[] = "id,text\n1,ok\n2,\"ab\xe4\xbd\"\n3,x\n";
  g_autoptr(GError) error = parse_error (input, sizeof input - 1, NULL, 2);

  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_INVALID_UTF8);
  assert_message_contains (error, "line 3, field 2:");
  assert_message_contains (error, "byte 2 of the field");
  assert_message_contains (error, "byte 18 of the file");
}

static void
test_invalid_utf8_ff (void)
{
  static const char input[] = "a,b\nx\xffy,z\n";
  g_autoptr(GError) error = parse_error (input, sizeof input - 1, NULL, 1);

  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_INVALID_UTF8);
  assert_message_contains (error, "line 2, field 1:");
  assert_message_contains (error, "byte 1 of the field (byte 5 of the file)");
}

static void
test_invalid_utf8_overlong (void)
{
  /* The escaped quote before C0 AF is one byte in the field, two in the
   * file: byte 2 of the field, byte 6 of the file. */
  static const char input[] = "a,\"q\"\"\xc0\xaf\"\n";
  g_autoptr(GError) error = parse_error (input, sizeof input - 1, NULL, 0);

  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_INVALID_UTF8);
  assert_message_contains (error, "line 1, field 2:");
  assert_message_contains (error, "byte 2 of the field (byte 6 of the file)");
}

static void
test_invalid_utf8_bom_offset (void)
{
  /* The BOM counts in file offsets. */
  static const char input[] = "\xef\xbb\xbf" "a,\xff\n";
  g_autoptr(GError) error = parse_error (input, sizeof input - 1, NULL, 0);

  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_INVALID_UTF8);
  assert_message_contains (error, "line 1, field 2:");
  assert_message_contains (error, "byte 0 of the field (byte 5 of the file)");
}

static void
test_invalid_utf8_long_field (void)
{
  /* Past the 8-byte ASCII fast path: the bad byte is at byte 20 of field 1
   * on line 2, byte 24 of the file. */
  static const char input[] = "h\r\n\"0123456789abcdefghij\x80\"\n";
  g_autoptr(GError) error = parse_error (input, sizeof input - 1, NULL, 1);

  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_INVALID_UTF8);
  assert_message_contains (error, "line 2, field 1:");
  assert_message_contains (error, "byte 20 of the field (byte 24 of the file)");
}

static void
test_embedded_nul (void)
{
  static const char input[] = "a,b\x00" "c\n";
  static const char input2[] = "abcdefgh\n" "0123456789\x00" "abcdefghijk,x\n";
  g_autoptr(GError) error = parse_error (input, sizeof input - 1, NULL, 0);

  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_INVALID_UTF8);
  assert_message_contains (error, "line 1, field 2:");
  assert_message_contains (error, "NUL");
  assert_message_contains (error, "byte 1 of the field (byte 3 of the file)");
  g_clear_error (&error);

  /* Inside an 8-byte word of an otherwise plain ASCII record. */
  error = parse_error (input2, sizeof input2 - 1, NULL, 1);
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_INVALID_UTF8);
  assert_message_contains (error, "line 2, field 1:");
  assert_message_contains (error, "NUL");
  assert_message_contains (error, "byte 10 of the field (byte 19 of the file)");
}

static void
test_after_error (void)
{
  static const char input[] = "a,b\nc,\xff\nd,e\n";
  g_autoptr(GInputStream) stream = make_stream (input, sizeof input - 1, 0);
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new (stream, NULL, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  g_assert_false (pr_csv_reader_next (reader, NULL, &error));
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_INVALID_UTF8);
  g_clear_error (&error);
  g_assert_cmpuint (pr_csv_reader_get_n_fields (reader), ==, 0);

  /* The error is final; repeated calls keep failing without crashing. */
  for (int i = 0; i < 3; i++)
    {
      g_assert_false (pr_csv_reader_next (reader, NULL, &error));
      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_INVALID_UTF8);
      g_clear_error (&error);
    }
  g_assert_false (pr_csv_reader_next (reader, NULL, NULL));
}

/* Syntax errors ---------------------------------------------------------- */

static void
test_unterminated_quote (void)
{
  /* The record starts on line 2; the quote is byte 6 of the file. */
  static const char input[] = "a,b\nc,\"never\nclosed\n";
  g_autoptr(GError) error = parse_error (input, sizeof input - 1, NULL, 1);

  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
  assert_message_contains (error, "line 2, field 2:");
  assert_message_contains (error, "unterminated");
  assert_message_contains (error, "byte 6 of the file");
}

static void
test_stray_quote (void)
{
  static const char input[] = "a,b\"c\n";
  /* Line 4: lines 2-3 hold one record with a quoted line break. */
  static const char input2[] = "x\n\"a\nb\",c\nd,e\"f\n";
  g_autoptr(GError) error = parse_error (input, sizeof input - 1, NULL, 0);
  g_autoptr(GError) error2 = parse_error (input2, sizeof input2 - 1, NULL, 2);

  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
  assert_message_contains (error, "line 1, field 2:");
  assert_message_contains (error, "byte 3 of the file");

  g_assert_error (error2, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
  assert_message_contains (error2, "line 4, field 2:");
  assert_message_contains (error2, "byte 13 of the file");
}

static void
test_text_after_quote (void)
{
  static const char input[] = "\"a\"b,c\n";
  g_autoptr(GError) error = parse_error (input, sizeof input - 1, NULL, 0);

  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
  assert_message_contains (error, "line 1, field 1:");
  assert_message_contains (error, "byte 3 of the file");
}

/* Cancellation, positions, files ------------------------------------------ */

static void
test_cancelled (void)
{
  static const char input[] = "a,b\nc,d\n";
  g_autoptr(GInputStream) stream = make_stream (input, sizeof input - 1, 1);
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new (stream, NULL, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_false (pr_csv_reader_next (reader, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  /* Cancellation is not final: reading resumes once reset. */
  g_cancellable_reset (cancellable);
  g_assert_true (pr_csv_reader_next (reader, cancellable, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 1, NULL), ==, "b");

  g_cancellable_cancel (cancellable);
  g_assert_false (pr_csv_reader_next (reader, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, NULL), ==, "c");
  g_assert_false (pr_csv_reader_next (reader, NULL, &error));
  g_assert_no_error (error);
}

static void
test_positions (void)
{
  /* Bytes: "h1,h2\r\n" 0-6, "a,\"x\ny\"\n" 7-14, "\n" 15, "b,c\n" 16-19,
   * "d,e" 20-22. */
  static const char input[] = "h1,h2\r\na,\"x\ny\"\n\nb,c\nd,e";
  static const struct {
    guint64 line;
    guint64 bytes;
    const char *first;
  } expected[] = {
    { 1, 7, "h1" },
    { 2, 15, "a" },
    { 5, 20, "b" },
    { 6, 23, "d" },
  };
  g_autoptr(GInputStream) stream = make_stream (input, sizeof input - 1, 0);
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new (stream, NULL, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (pr_csv_reader_get_record_number (reader), ==, 0);
  g_assert_cmpuint (pr_csv_reader_get_bytes_read (reader), ==, 0);

  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_true (pr_csv_reader_next (reader, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, NULL), ==, expected[i].first);
      g_assert_cmpuint (pr_csv_reader_get_record_number (reader), ==, i + 1);
      g_assert_cmpuint (pr_csv_reader_get_line (reader), ==, expected[i].line);
      g_assert_cmpuint (pr_csv_reader_get_bytes_read (reader), ==, expected[i].bytes);
    }

  g_assert_false (pr_csv_reader_next (reader, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pr_csv_reader_get_record_number (reader), ==, 4);
  g_assert_cmpuint (pr_csv_reader_get_bytes_read (reader), ==, sizeof input - 1);
}

static void
test_lone_cr_lines (void)
{
  static const char input[] = "a\rb\r\"c\rd\"\re";
  static const guint64 lines[] = { 1, 2, 3, 5 };
  g_autoptr(GInputStream) stream = make_stream (input, sizeof input - 1, 1);
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new (stream, NULL, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_assert_true (pr_csv_reader_next (reader, NULL, NULL));
      g_assert_cmpuint (pr_csv_reader_get_line (reader), ==, lines[i]);
    }
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, NULL), ==, "e");
  g_assert_false (pr_csv_reader_next (reader, NULL, NULL));
}

static void
test_path (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *missing = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  PrCsvReader *bad;
  int fd;

  fd = g_file_open_tmp ("pr-csv-reader-XXXXXX.csv", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, "\xd0\xc5\xb7\xc3,1\n", -1, &error));

  reader = pr_csv_reader_new_for_path (path, "GB18030", &error);
  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, NULL), ==, "\xe4\xbf\xa1\xe8\xae\xbf");
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 1, NULL), ==, "1");
  g_assert_false (pr_csv_reader_next (reader, NULL, &error));
  g_assert_no_error (error);
  g_unlink (path);

  missing = g_build_filename (g_get_tmp_dir (), "pr-csv-reader-does-not-exist.csv", NULL);
  bad = pr_csv_reader_new_for_path (missing, NULL, &error);
  g_assert_null (bad);
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_IO);
  assert_message_contains (error, missing);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/csv-reader/lf", test_simple_lf);
  g_test_add_func ("/engine/csv-reader/crlf", test_crlf);
  g_test_add_func ("/engine/csv-reader/lone-cr", test_lone_cr);
  g_test_add_func ("/engine/csv-reader/lone-cr-lines", test_lone_cr_lines);
  g_test_add_func ("/engine/csv-reader/no-final-newline", test_no_final_newline);
  g_test_add_func ("/engine/csv-reader/blank-lines", test_blank_lines);
  g_test_add_func ("/engine/csv-reader/bom", test_bom);
  g_test_add_func ("/engine/csv-reader/empty-file", test_empty_file);
  g_test_add_func ("/engine/csv-reader/header-only", test_header_only);
  g_test_add_func ("/engine/csv-reader/quoted-escapes", test_quoted_escapes);
  g_test_add_func ("/engine/csv-reader/quoted-newlines", test_quoted_newlines);
  g_test_add_func ("/engine/csv-reader/empty-fields", test_empty_fields);
  g_test_add_func ("/engine/csv-reader/ragged", test_ragged);
  g_test_add_func ("/engine/csv-reader/utf8-content", test_utf8_content);
  g_test_add_func ("/engine/csv-reader/big-field", test_big_field);
  g_test_add_func ("/engine/csv-reader/short-reads", test_short_reads);
  g_test_add_func ("/engine/csv-reader/encoding/gb18030", test_gb18030);
  g_test_add_func ("/engine/csv-reader/encoding/gb18030-big", test_gb18030_big);
  g_test_add_func ("/engine/csv-reader/encoding/gb18030-invalid", test_gb18030_invalid);
  g_test_add_func ("/engine/csv-reader/encoding/gb18030-invalid-split", test_gb18030_invalid_split);
  g_test_add_func ("/engine/csv-reader/encoding/others", test_other_encodings);
  g_test_add_func ("/engine/csv-reader/encoding/unknown", test_unknown_encoding);
  g_test_add_func ("/engine/csv-reader/invalid-utf8/truncated", test_invalid_utf8_truncated);
  g_test_add_func ("/engine/csv-reader/invalid-utf8/ff", test_invalid_utf8_ff);
  g_test_add_func ("/engine/csv-reader/invalid-utf8/overlong", test_invalid_utf8_overlong);
  g_test_add_func ("/engine/csv-reader/invalid-utf8/bom-offset", test_invalid_utf8_bom_offset);
  g_test_add_func ("/engine/csv-reader/invalid-utf8/long-field", test_invalid_utf8_long_field);
  g_test_add_func ("/engine/csv-reader/invalid-utf8/nul", test_embedded_nul);
  g_test_add_func ("/engine/csv-reader/invalid-utf8/after-error", test_after_error);
  g_test_add_func ("/engine/csv-reader/syntax/unterminated-quote", test_unterminated_quote);
  g_test_add_func ("/engine/csv-reader/syntax/stray-quote", test_stray_quote);
  g_test_add_func ("/engine/csv-reader/syntax/text-after-quote", test_text_after_quote);
  g_test_add_func ("/engine/csv-reader/cancelled", test_cancelled);
  g_test_add_func ("/engine/csv-reader/positions", test_positions);
  g_test_add_func ("/engine/csv-reader/path", test_path);

  return g_test_run ();
}
