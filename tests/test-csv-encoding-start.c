/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A file read in an encoding its first bytes contradict says what it is,
 * not a garbled header: UTF-8 given as UTF-16 or UTF-32, UTF-8 with its
 * byte order mark given as GBK. A GBK file with a UTF-8 byte order mark
 * (an editor's) reads right as GBK: the mark is dropped. The oracle is
 * the files as written here. UTF-16 or UTF-32 without a byte order mark,
 * or UTF-32 given as UTF-16, is named by its pattern of NUL bytes, and
 * so is UTF-16 after a UTF-8 byte order mark, which read as UTF-16 is
 * dropped.
 */
#define G_LOG_DOMAIN "pr-test-csv-encoding-start"

#include "config.h"

#include <string.h>

#include "pr-csv-reader.h"
#include "pr-test-util.h"

static PrCsvReader *
open_bytes (const char  *bytes,
            gsize        length,
            const char  *encoding,
            GError     **error)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (g_memdup2 (bytes, length), length, g_free);

  return pr_csv_reader_new (stream, encoding, error);
}

static void
test_utf8_given_as_wide (void)
{
  static const char *const encodings[] = { "UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32" };
  static const char *const files[] = { "id,body\n1,信访件内容\n", "\xef\xbb\xbfid,body\n1,信访件内容\n" };

  for (guint e = 0; e < G_N_ELEMENTS (encodings); e++)
    for (guint f = 0; f < G_N_ELEMENTS (files); f++)
      {
        g_autoptr(GError) error = NULL;
        PrCsvReader *reader = open_bytes (files[f], strlen (files[f]), encodings[e], &error);
        gboolean ok;

        g_assert_no_error (error);
        ok = pr_csv_reader_next (reader, NULL, &error);
        g_test_message ("%s: %s", encodings[e], error != NULL ? error->message : "read");
        g_assert_false (ok);
        g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
        g_assert_nonnull (strstr (error->message, "UTF-8"));
        g_assert_nonnull (strstr (error->message, "leave out --encoding"));
        /* A data error: the next read says the same. */
        {
          g_autoptr(GError) again = NULL;

          g_assert_false (pr_csv_reader_next (reader, NULL, &again));
          g_assert_error (again, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
          g_assert_cmpstr (again->message, ==, error->message);
        }
        pr_csv_reader_free (reader);
      }
}

static void
test_utf8_with_bom_given_as_gbk (void)
{
  static const char file[] = "\xef\xbb\xbfid,body\n1,信访件内容\n";
  g_autoptr(GError) error = NULL;
  PrCsvReader *reader = open_bytes (file, strlen (file), "GBK", &error);

  g_assert_no_error (error);
  g_assert_false (pr_csv_reader_next (reader, NULL, &error));
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
  g_assert_nonnull (strstr (error->message, "byte order mark"));
  pr_csv_reader_free (reader);
}

static void
test_gbk_with_bom_read (void)
{
  /* 信访 in GBK is D0 C5 B7 C3. */
  static const char file[] = "\xef\xbb\xbfid,body\n1,\xd0\xc5\xb7\xc3\n";
  static const char *const encodings[] = { "GBK", "GB18030", "Big5" };

  for (guint e = 0; e < G_N_ELEMENTS (encodings); e++)
    {
      g_autoptr(GError) error = NULL;
      PrCsvReader *reader = open_bytes (file, sizeof file - 1, encodings[e], &error);

      g_assert_no_error (error);
      g_assert_true (pr_csv_reader_next (reader, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, NULL), ==, "id");
      g_assert_true (pr_csv_reader_next (reader, NULL, &error));
      if (e < 2)
        g_assert_cmpstr (pr_csv_reader_get_field (reader, 1, NULL), ==, "信访");
      pr_csv_reader_free (reader);
    }
}

static void
test_wide_files_read (void)
{
  /* "id\n1\n" in UTF-16LE with its mark, and GBK without one: read. */
  static const char utf16[] = "\xff\xfei\0d\0\n\0" "1\0\n\0";
  g_autoptr(GError) error = NULL;
  PrCsvReader *reader = open_bytes (utf16, sizeof utf16 - 1, "UTF-16", &error);

  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, NULL), ==, "id");
  pr_csv_reader_free (reader);
}

static void
test_wide_named (void)
{
  /* "id\n" in UTF-16LE and BE without a mark, UTF-32LE with and without
   * one: each named, read as UTF-8 or as UTF-16. */
  static const struct { const char *bytes; gsize length; const char *encoding, *named; } cases[] = {
    { "i\0d\0\n\0" "1\0\n\0", 10, NULL, "UTF-16LE" },
    { "\0i\0d\0\n\0" "1\0\n", 10, NULL, "UTF-16BE" },
    { "\xff\xfe\0\0i\0\0\0d\0\0\0\n\0\0\0", 16, NULL, "UTF-32LE" },
    { "i\0\0\0d\0\0\0\n\0\0\0", 12, NULL, "UTF-32LE" },
    { "\xff\xfe\0\0i\0\0\0d\0\0\0\n\0\0\0", 16, "UTF-16", "UTF-32LE" },
    { "i\0\0\0d\0\0\0\n\0\0\0", 12, "UTF-16LE", "UTF-32LE" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      PrCsvReader *reader = open_bytes (cases[i].bytes, cases[i].length, cases[i].encoding != NULL ? cases[i].encoding : "UTF-8", &error);
      g_autofree char *give = g_strdup_printf ("--encoding %s", cases[i].named);

      g_assert_no_error (error);
      g_assert_false (pr_csv_reader_next (reader, NULL, &error));
      g_test_message ("%u: %s", i, error->message);
      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
      g_assert_nonnull (strstr (error->message, give));
      pr_csv_reader_free (reader);
    }
}

/* UTF-8's byte order mark before UTF-16 text, with UTF-16's own mark or
 * without (a program that marks whatever it writes as UTF-8): read as
 * UTF-8, named as what it is, not "invalid UTF-8 at byte 0"; given as
 * UTF-16, read past the mark. The oracle: iconv's UTF-16 of the text. */
static void
test_utf8_mark_before_wide (void)
{
  static const char text[] = "id,body\n1,信访件内容\n";
  static const char *const wide[] = { "UTF-16LE", "UTF-16BE" };

  for (guint w = 0; w < G_N_ELEMENTS (wide); w++)
    for (int own_mark = 0; own_mark <= 1; own_mark++)
      {
        g_autofree char *marked = g_strconcat (own_mark ? "\xef\xbb\xbf" : "", text, NULL);
        gsize n = 0;
        g_autofree char *encoded = g_convert (marked, -1, wide[w], "UTF-8", NULL, &n, NULL);
        g_autofree char *file = g_malloc (n + 3);
        g_autofree char *give = g_strdup_printf ("give --encoding %s", wide[w]);
        const char *const given[] = { wide[w], "UTF-16" };
        g_autoptr(GError) error = NULL;
        PrCsvReader *reader;

        g_assert_nonnull (encoded);
        memcpy (file, "\xef\xbb\xbf", 3);
        memcpy (file + 3, encoded, n);
        reader = open_bytes (file, n + 3, "UTF-8", &error);
        g_assert_no_error (error);
        g_assert_false (pr_csv_reader_next (reader, NULL, &error));
        g_test_message ("%s%s: %s", wide[w], own_mark ? " with its mark" : "", error->message);
        g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
        g_assert_nonnull (strstr (error->message, "begins with UTF-8's byte order mark"));
        g_assert_nonnull (strstr (error->message, give));
        pr_csv_reader_free (reader);

        /* UTF-16 without a mark of its own has no order to find. */
        for (guint g = 0; g < (own_mark ? G_N_ELEMENTS (given) : 1); g++)
          {
            g_clear_error (&error);
            reader = open_bytes (file, n + 3, given[g], &error);
            g_assert_no_error (error);
            g_assert_true (pr_csv_reader_next (reader, NULL, &error));
            g_assert_no_error (error);
            g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, NULL), ==, "id");
            g_assert_true (pr_csv_reader_next (reader, NULL, &error));
            g_assert_cmpstr (pr_csv_reader_get_field (reader, 1, NULL), ==, "信访件内容");
            pr_csv_reader_free (reader);
          }
      }

  /* Given a width the text after the mark does not have: named, not
   * read as the other width's garbage. */
  {
    static const struct { const char *bytes; gsize length; const char *given, *named; } cases[] = {
      { "\xef\xbb\xbf" "i\0\0\0d\0\0\0\n\0\0\0" "1\0\0\0\n\0\0\0", 23, "UTF-16LE", "UTF-32LE" },
      { "\xef\xbb\xbf" "\xff\xfe\0\0i\0\0\0d\0\0\0\n\0\0\0", 19, "UTF-16", "UTF-32LE" },
      { "\xef\xbb\xbf" "i\0d\0\n\0" "1\0\n\0", 13, "UTF-32LE", "UTF-16LE" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *give = g_strdup_printf ("--encoding %s", cases[i].named);
        PrCsvReader *reader = open_bytes (cases[i].bytes, cases[i].length, cases[i].given, &error);

        g_assert_no_error (error);
        g_assert_false (pr_csv_reader_next (reader, NULL, &error));
        g_test_message ("%s: %s", cases[i].given, error != NULL ? error->message : "read");
        g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
        g_assert_nonnull (strstr (error->message, give));
        pr_csv_reader_free (reader);
      }
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/csv-reader/encoding-start/utf8-given-as-wide", test_utf8_given_as_wide);
  g_test_add_func ("/engine/csv-reader/encoding-start/utf8-bom-given-as-gbk", test_utf8_with_bom_given_as_gbk);
  g_test_add_func ("/engine/csv-reader/encoding-start/gbk-with-bom-read", test_gbk_with_bom_read);
  g_test_add_func ("/engine/csv-reader/encoding-start/wide-files-read", test_wide_files_read);
  g_test_add_func ("/engine/csv-reader/encoding-start/wide-named", test_wide_named);
  g_test_add_func ("/engine/csv-reader/encoding-start/utf8-mark-before-wide", test_utf8_mark_before_wide);

  return g_test_run ();
}
