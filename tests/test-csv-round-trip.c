/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What our exports for Excel write reads back through our own reader as
 * the text written: cells kept as Excel's text formula ="…" (ids, long
 * numbers, dates, a long one in pieces ="…"&"…"), quotes and line breaks
 * inside values, the byte order mark. Values only like that form stay as
 * they are. And a DOS end-of-file mark (Ctrl-Z) inside a value, which a
 * quote left open or files put together leave there, is refused; a
 * misplaced quote is refused saying how to write it.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

#include "pr-csv-reader.h"
#include "pr-csv-writer.h"

/* Reads @bytes as CSV: the fields of each record, a NULL-terminated
 * array of them per record; NULL with @error on a refusal. */
static GPtrArray *
read_all (const char  *bytes,
          gsize        length,
          GError     **error)
{
  g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data (bytes, length, NULL);
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new (in, NULL, error);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_assert_nonnull (reader);
  while (pr_csv_reader_next (reader, NULL, error))
    {
      GStrvBuilder *builder = g_strv_builder_new ();

      for (guint i = 0; i < pr_csv_reader_get_n_fields (reader); i++)
        {
          gsize field_length;
          const char *field = pr_csv_reader_get_field (reader, i, &field_length);

          /* A field's length and its terminator agree. */
          g_assert_cmpuint (strlen (field), ==, field_length);
          g_strv_builder_add (builder, field);
        }
      g_ptr_array_add (records, g_strv_builder_end (builder));
      g_strv_builder_unref (builder);
    }
  return error != NULL && *error != NULL ? NULL : g_steal_pointer (&records);
}

/* Asserts that @file reads as the @n records of three fields @expected. */
static void
assert_reads_as (const char        *file,
                 const char *const  expected[][4],
                 guint              n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_all (file, strlen (file), &error);

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, n);
  for (guint r = 0; r < n; r++)
    g_assert_cmpstrv ((char **) records->pdata[r], (char **) expected[r]);
}

static void
test_export_reads_back (void)
{
  /* Past Excel's 255 characters a constant: written in pieces. */
  g_autofree char *long_digits = g_strnfill (600, '7');
  /* Cells Excel would change, and others around them; each is written
   * as an export for Excel writes it (byte order mark, formulas
   * neutralised, Excel-changed cells as text formulas). */
  const char *cells[] = {
    "0012345", "202406080001", "440102198001011234", "8613800138000", "1-Jan", "8 Jun 2019", "1/2", "¥5",
    "(¥5)", "5 PM", " 5 ", "2019年6月8日", "6月8日", "１２３４５６７８９０１２", "1,234,567,890,123,456,789",
    "他说\"你好\"\r\n第二行", "a\rb", "", "\"", "=\"0012\"", long_digits, "小区门口的路灯坏了",
  };
  const guint n = G_N_ELEMENTS (cells);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(PrCsvWriter) writer = pr_csv_writer_new (out, PR_CSV_WRITER_BOM | PR_CSV_WRITER_NEUTRALIZE |
                                                     PR_CSV_WRITER_DIGITS_AS_TEXT);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = NULL;
  char **back;

  g_assert_true (pr_csv_writer_write_row (writer, cells, n, &error));
  g_assert_true (pr_csv_writer_write_row (writer, cells, n, &error));
  g_assert_true (pr_csv_writer_close (writer, &error));
  g_assert_no_error (error);
  records = read_all (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                      g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 2);
  for (guint r = 0; r < 2; r++)
    {
      back = records->pdata[r];
      g_assert_cmpuint (g_strv_length (back), ==, n);
      for (guint i = 0; i < n; i++)
        /* A formula's first character is neutralised with ', as
         * documented; every other cell reads back as written. */
        if (cells[i][0] == '=')
          {
            g_autofree char *neutralised = g_strconcat ("'", cells[i], NULL);

            g_assert_cmpstr (back[i], ==, neutralised);
          }
        else
          g_assert_cmpstr (back[i], ==, cells[i]);
    }
}

static void
test_text_formula_forms (void)
{
  /* In CSV, quoted: ="0012", an empty constant, a doubled quote inside,
   * pieces joined; and values that are not just that form, left alone. */
  static const char file[] =
    "\"=\"\"0012\"\"\",\"=\"\"\"\"\",\"=\"\"a\"\"\"\"b\"\"\",\"=\"\"12\"\"&\"\"34\"\"\"\r\n"
    "\"=\"\"a\"\" & \"\"b\"\"\",\"=A1\",\"=\"\"a\"\"b\",\"=\"\"\",\"x=\"\"1\"\"\"\r\n";
  const char *expected[][6] = {
    { "0012", "", "a\"b", "1234", NULL },
    { "=\"a\" & \"b\"", "=A1", "=\"a\"b", "=\"", "x=\"1\"" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = read_all (file, strlen (file), &error);

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 2);
  g_assert_cmpstrv ((char **) records->pdata[0], (char **) expected[0]);
  g_assert_cmpstrv ((char **) records->pdata[1], (char **) expected[1]);
}

static void
test_text_formula_unquoted (void)
{
  /* Many systems write the text formula for Excel without CSV's quotes,
   * as Excel reads it too: the same text as the quoted form. */
  static const char file[] =
    "id,date,body\r\n=\"0012\",=\"2019-06-08\",好\r\n=\"\",=\"12\"&\"34\",=\"a\"\"b\"\n";
  static const char *const expected[][4] = {
    { "id", "date", "body", NULL },
    { "0012", "2019-06-08", "好", NULL },
    { "", "1234", "a\"b", NULL },
  };
  /* Anything else with a quote in an unquoted value is refused. */
  static const char *const refused[] = {
    "id,body\r\n=\"0012\"x,好\r\n", "id,body\r\n1,=\"a\" & \"b\"\r\n", "id,body\r\n=A\"1\",好\r\n",
  };
  assert_reads_as (file, expected, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) refusal = NULL;
      g_autoptr(GPtrArray) none = read_all (refused[i], strlen (refused[i]), &refusal);

      g_assert_error (refusal, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
      g_assert_nonnull (strstr (refusal->message, "unexpected '\"' inside an unquoted field"));
      g_assert_nonnull (strstr (refusal->message, "put the whole value in quotes"));
      g_assert_null (none);
    }
}

static void
test_end_mark_inside (void)
{
  static const struct {
    const char *file;
    const char *message;
  } cases[] = {
    /* A quote left open before the mark, closed by a stray quote after it. */
    { "id,body\r\n1,好的\r\n2,\"坏的\r\n\x1A\r\n\"\r\n",
      "line 3, field 2: the quoted value that begins there holds a DOS end-of-file mark (Ctrl-Z, byte 0x1A) on "
      "line 4, so its closing quote is missing" },
    { "id,body\r\n1,\"好的\n\x1A\n3,坏的\"\n",
      "line 2, field 2: the quoted value that begins there holds a DOS end-of-file mark (Ctrl-Z, byte 0x1A) on "
      "line 3" },
    /* A file ended by a line break and the mark, then another. */
    { "id,body\r\n1,好的\r\n\x1A" "2,坏的\r\n",
      "line 3, field 1: the value holds a DOS end-of-file mark" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) records = read_all (cases[i].file, strlen (cases[i].file), &error);

      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
      g_assert_null (records);
    }

  /* The mark alone on a line, and the mark at the very end, are read. */
  {
    static const char alone[] = "id\r\n1\r\n\x1A\r\n2\r\n";
    static const char at_end[] = "id,body\r\n1,好的\x1A";
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) records = read_all (alone, strlen (alone), &error);

    g_assert_no_error (error);
    g_assert_cmpuint (records->len, ==, 4);
    g_assert_cmpstr (((char **) records->pdata[2])[0], ==, "\x1A");
    g_clear_pointer (&records, g_ptr_array_unref);
    records = read_all (at_end, strlen (at_end), &error);
    g_assert_no_error (error);
    g_assert_cmpuint (records->len, ==, 2);
    g_assert_cmpstr (((char **) records->pdata[1])[1], ==, "好的");
  }
}

static void
test_substitute_character (void)
{
  /* The byte 0x1A between characters of one line is the substitute a
   * conversion writes for a character it lost, as legacy exports hold
   * it: read as the file has it, in any value and in a quoted one that
   * spans lines; the records after it are read too. */
  static const char file[] =
    "id,name,body\r\n1,王\x1A明,门口的\x1A路灯坏了\r\n2,李华,\"第一行\r\n第\x1A二行\"\r\n3,张三,好\r\n";
  static const char *const expected[][4] = {
    { "id", "name", "body", NULL },
    { "1", "王\x1A明", "门口的\x1A路灯坏了", NULL },
    { "2", "李华", "第一行\r\n第\x1A二行", NULL },
    { "3", "张三", "好", NULL },
  };
  assert_reads_as (file, expected, G_N_ELEMENTS (expected));
}

static void
test_quote_advice (void)
{
  static const struct {
    const char *file;
    const char *message;
  } cases[] = {
    { "id,body\n1,他说\"你好\"\n",
      "line 2, field 2: unexpected '\"' inside an unquoted field at byte 16 of the file: put the whole value in "
      "quotes and write each quote inside it twice, as Excel saves it, then read the file again" },
    { "id,body\n1,\"你好\" \n",
      "line 2, field 2: unexpected character after a closing quote at byte 18 of the file: a quoted value ends at "
      "its closing quote: delete what follows it before the comma (a space?), or move it inside the quotes" },
    { "id,body\n1,\"你好\n",
      "line 2, field 2: unterminated quoted field; the quote opens at byte 10 of the file: close the quote where "
      "the value ends (a quote inside a value is written twice), then read the file again" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) records = read_all (cases[i].file, strlen (cases[i].file), &error);

      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
      g_assert_true (g_str_has_prefix (error->message, cases[i].message));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/csv-round-trip/export-reads-back", test_export_reads_back);
  g_test_add_func ("/csv-round-trip/text-formula-forms", test_text_formula_forms);
  g_test_add_func ("/csv-round-trip/text-formula-unquoted", test_text_formula_unquoted);
  g_test_add_func ("/csv-reader/end-mark-inside", test_end_mark_inside);
  g_test_add_func ("/csv-reader/substitute-character", test_substitute_character);
  g_test_add_func ("/csv-reader/quote-advice", test_quote_advice);

  return g_test_run ();
}
