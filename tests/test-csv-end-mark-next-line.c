/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * After a DOS end-of-file mark (Ctrl-Z, 0x1A) ending a row in the middle
 * of a file, the next line must be the file's own header: a file was put
 * after another there (copy /b a.csv+b.csv). A header of other names, a
 * row, or the header in another order is refused, naming the lines; read
 * on, the second file's header would be a record and its rows might be
 * read under the wrong columns. The oracle is each file as written here:
 * its line numbers are counted by hand.
 */
#include "config.h"

#include <string.h>

#include "pr-csv-reader.h"

static guint
count_records (const char  *bytes,
               GError     **error)
{
  g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data (bytes, strlen (bytes), NULL);
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new (in, NULL, error);
  guint n = 0;

  g_assert_nonnull (reader);
  /* A header passed over is no record: the numbers count those returned. */
  while (pr_csv_reader_next (reader, NULL, error))
    g_assert_cmpuint (pr_csv_reader_get_record_number (reader), ==, ++n);
  return n;
}

static void
test_refused (void)
{
  static const struct {
    const char *file;
    const char *message;
  } cases[] = {
    /* The second file's header names other columns. */
    { "id,body\r\n1,好的\x1A\r\n编号,内容\r\n2,坏的\r\n",
      "line 2 ends with a DOS end-of-file mark (Ctrl-Z, byte 0x1A) in the middle of the file, where one file ended "
      "and another was put after it, but line 3 is not the file's header: files put together must each begin "
      "with the same header. Delete the mark if the lines after it belong to this file, or put the files "
      "together again each with its header, then read the file again" },
    { "id,body\r\n1,好的\x1A\r\nid,content\r\n2,坏的\r\n", "line 2 ends with a DOS end-of-file mark" },
    /* One more column, or one fewer. */
    { "id,body\r\n1,好的\x1A\r\nid,body,time\r\n2,坏的,2019-06-08\r\n", "line 2 ends with a DOS end-of-file mark" },
    { "id,body,time\r\n1,好的,2019-06-08\x1A\r\nid,body\r\n2,坏的\r\n", "line 2 ends with a DOS end-of-file mark" },
    /* A row, with no header: another file's, whose columns are unknown. */
    { "id,body\r\n1,好的\x1A\r\n2,坏的\r\n", "line 2 ends with a DOS end-of-file mark (Ctrl-Z, byte 0x1A) in the "
      "middle of the file, where one file ended and another was put after it, but line 3 is not" },
    { "id,body\r\n\"1\",\"好的\"\x1A\r\n\"2\",\"坏的\"\r\n", "line 2 ends with a DOS end-of-file mark" },
    /* The row that the mark ends spans lines 2 and 3. */
    { "id,body\r\n1,\"好\r\n的\"\x1A\r\n2,坏的\r\n", "line 3 ends with a DOS end-of-file mark (Ctrl-Z, byte 0x1A) "
      "in the middle of the file, where one file ended and another was put after it, but line 4 is not" },
    /* After a header passed over, the next mark is held to it too. */
    { "id,body\r\n1,好的\x1A\r\nid,body\r\n2,坏的\x1A\r\n编号,内容\r\n", "line 4 ends with a DOS end-of-file mark "
      "(Ctrl-Z, byte 0x1A) in the middle of the file, where one file ended and another was put after it, but "
      "line 5 is not" },
    /* The header's names in another order keep their own message. */
    { "id,body\r\n1,好的\x1A\r\nbody,id\r\n坏的,2\r\n",
      "line 3 holds the header's column names in another order" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;

      count_records (cases[i].file, &error);
      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
    }
}

/* The file's own header after the mark is passed over: two files, each
 * with its header, are their rows under one header. */
static void
test_own_header (void)
{
  static const char file[] = "id,body\r\n1,好的\x1A\r\nid,body\r\n2,坏的\r\n3,好\r\n";
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (count_records (file, &error), ==, 4);
  g_assert_no_error (error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/csv-reader/end-mark/next-line-refused", test_refused);
  g_test_add_func ("/engine/csv-reader/end-mark/next-line-own-header", test_own_header);
  return g_test_run ();
}
