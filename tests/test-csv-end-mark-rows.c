/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A DOS end-of-file mark (Ctrl-Z, 0x1A) ending the last value of a row
 * (or after its closing quote) with rows after it is read as the reader
 * reads it ending the file's last row: left out; the file's own header
 * after it is passed over, and the rows after that read on. Beginning a
 * row's first value, it still stops the reading; inside quotes it is the
 * value's. The records expected are written here by hand.
 */
#include "config.h"

#include <string.h>

#include "pr-csv-reader.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static GPtrArray *
read_all (const char  *bytes,
          GError     **error)
{
  g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data (bytes, strlen (bytes), NULL);
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new (in, NULL, error);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_assert_nonnull (reader);
  while (pr_csv_reader_next (reader, NULL, error))
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

      for (guint i = 0; i < pr_csv_reader_get_n_fields (reader); i++)
        {
          gsize length;
          const char *field = pr_csv_reader_get_field (reader, i, &length);

          /* Its length and its terminator agree: a date is read as text. */
          g_assert_cmpuint (strlen (field), ==, length);
          g_strv_builder_add (builder, field);
        }
      g_ptr_array_add (records, g_strv_builder_end (builder));
    }
  return error != NULL && *error != NULL ? NULL : g_steal_pointer (&records);
}

/* That @file reads as @joined: the records, fields joined by '|', rows by ';'. */
static void
assert_reads (const char *file,
              const char *joined)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_all (file, &error);
  g_autoptr(GString) read = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint r = 0; r < records->len; r++)
    {
      g_autofree char *row = g_strjoinv ("|", records->pdata[r]);

      g_string_append_printf (read, "%s%s", r > 0 ? ";" : "", row);
    }
  g_assert_cmpstr (read->str, ==, joined);
}

static void
test_middle_row (void)
{
  static const struct {
    const char *file;
    const char *joined;   /* the records, fields joined by '|', rows by ';' */
  } cases[] = {
    /* The line after the mark is the file's own header (copy /b
     * a.csv+b.csv), passed over. */
    { "id,body\r\n1,好的\x1A\r\nid,body\r\n2,坏的\r\n", "id|body;1|好的;2|坏的" },
    { "id,body,time\r\n1,好的,2019-06-08 17:31\x1A\r\nid,body,time\r\n2,坏的,2019-06-09\r\n",
      "id|body|time;1|好的|2019-06-08 17:31;2|坏的|2019-06-09" },
    { "id,body\r\n1,\"好的\r\n的\"\r\n2,坏的\x1A\x1A\r\nid,body\r\n3,好\r\n", "id|body;1|好的\r\n的;2|坏的;3|好" },
    { "id,body\r\n1,\x1A\r\nid,body\r\n2,坏的\r\n", "id|body;1|;2|坏的" },
    /* The second file's header with its byte order mark, or quoted. */
    { "\xef\xbb\xbfid,body\r\n1,好的\x1A\r\n\xef\xbb\xbfid,body\r\n2,坏的\r\n", "id|body;1|好的;2|坏的" },
    { "id,body\r\n1,好的\x1A\r\n\"id\",\"body\"\r\n2,坏的\r\n", "id|body;1|好的;2|坏的" },
    /* The same mark ending the file's last row, for comparison. */
    { "id,body\r\n1,好的\r\n2,坏的\x1A\r\n", "id|body;1|好的;2|坏的" },
    /* Between characters it is the substitute character, kept. */
    { "id,body\r\n1,好\x1A的\r\n2,坏的\r\n", "id|body;1|好\x1A的;2|坏的" },
    /* After the last closing quote, as exports that quote every value
     * write it. */
    { "id,body\r\n\"1\",\"好的\"\x1A\r\n\"id\",\"body\"\r\n\"2\",\"坏的\"\r\n", "id|body;1|好的;2|坏的" },
    { "id,body\n1,\"好的\"\x1A\x1A\nid,body\n2,坏的\n", "id|body;1|好的;2|坏的" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_reads (cases[i].file, cases[i].joined);
}

static void
test_first_value (void)
{
  static const char file[] = "id,body\r\n1,好的\r\n\x1A" "2,坏的\r\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_all (file, &error);

  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "line 3, field 1: the value holds a DOS end-of-file mark"));
  g_assert_null (records);
}

/* Before a closing quote or after an opening one the mark is the
 * value's, kept as written, as any other control character in a value
 * is (0x01, for comparison): no file ends inside quotes. */
static void
test_inside_quotes (void)
{
  static const struct {
    const char *file;
    const char *joined;
  } cases[] = {
    { "id,body\r\n1,\"aaa\x1A\"\r\n2,bbb\r\n", "id|body;1|aaa\x1A;2|bbb" },
    { "id,body\r\n1,\"aaa\x01\"\r\n2,bbb\r\n", "id|body;1|aaa\x01;2|bbb" },
    { "id,body\r\n\"\x1A" "1\",aaa\r\n2,bbb\r\n", "id|body;\x1A" "1|aaa;2|bbb" },
    { "id,body\r\n1,\"aaa\x1A\"", "id|body;1|aaa\x1A" },
    { "id,body\r\n1,\"好\r\n的\x1A\"\r\n2,坏的\r\n", "id|body;1|好\r\n的\x1A;2|坏的" },
    { "id,body\n1,\"好的\x1A\"\nid,body\n2,坏的\n", "id|body;1|好的\x1A;id|body;2|坏的" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_reads (cases[i].file, cases[i].joined);
}

/* Loaded as records, the rows after the mark are read; a header after
 * it is a header again in the middle of the file, refused as such. */
static void
test_inside_quotes_loaded (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv ("id,body\r\n1,\"aaa\x1A\"\r\n2,bbb\r\n", &error);
  g_autoptr(PrRecordSet) header_after = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 2);
  header_after = pr_test_load_id_body_csv ("id,body\n1,\"好的\x1A\"\nid,body\n2,坏的\n", &error);
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
  g_assert_null (header_after);
  g_assert_nonnull (strstr (error->message, "line 3"));
  g_assert_nonnull (strstr (error->message, "header"));
}

/* A mark after a closing quote before another value, or before more of
 * the line: files were put together. */
static void
test_after_quote (void)
{
  static const char *const refused[] = {
    "id,body\r\n\"1\"\x1A,\"好的\"\r\n2,坏的\r\n",
    "id,body\r\n1,\"好的\"\x1A\"\"\r\n2,坏的\r\n",
    "id,body\r\n1,\"好的\"\x1A" "2,坏的\r\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) records = read_all (refused[i], &error);
      g_autofree char *expected = g_strdup_printf ("line 2, field %u: the value holds a DOS end-of-file mark",
                                                   i == 0 ? 1 : 2);

      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, expected));
      g_assert_null (records);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/csv-reader/end-mark/middle-row", test_middle_row);
  g_test_add_func ("/engine/csv-reader/end-mark/first-value", test_first_value);
  g_test_add_func ("/engine/csv-reader/end-mark/after-quote", test_after_quote);
  g_test_add_func ("/engine/csv-reader/end-mark/inside-quotes", test_inside_quotes);
  g_test_add_func ("/engine/csv-reader/end-mark/inside-quotes-loaded", test_inside_quotes_loaded);
  return g_test_run ();
}
