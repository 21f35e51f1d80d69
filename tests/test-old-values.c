/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The write-back log's JSON (pr-old-values.c), without a server: rows
 * that the writer before json-glib wrote read back to the very values it
 * was given (that writer is kept below, as it was, as the oracle); the
 * new writer's rows read back the same and are strict JSON; and damaged
 * rows, among them every leniency of json-glib's parser, are refused with
 * a message, never read as something else.
 */
#include "config.h"

#include <string.h>

#include "pr-db-error.h"
#include "pr-old-values-private.h"

/* The writer of old_values before json-glib, as it was in pr-store.c. */
static void
old_append_string (GString    *out,
                   const char *value)
{
  if (value == NULL)
    {
      g_string_append (out, "null");
      return;
    }

  g_string_append_c (out, '"');
  for (const guchar *p = (const guchar *) value; *p != '\0'; p++)
    switch (*p)
      {
      case '"':
        g_string_append (out, "\\\"");
        break;
      case '\\':
        g_string_append (out, "\\\\");
        break;
      case '\n':
        g_string_append (out, "\\n");
        break;
      case '\r':
        g_string_append (out, "\\r");
        break;
      case '\t':
        g_string_append (out, "\\t");
        break;
      default:
        if (*p < 0x20)
          g_string_append_printf (out, "\\u%04x", *p);
        else
          g_string_append_c (out, (char) *p);
        break;
      }
  g_string_append_c (out, '"');
}

static void
old_append_columns (GString              *out,
                    const PrColumnValues *values)
{
  g_string_append_c (out, '{');
  for (guint i = 0; i < values->n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      old_append_string (out, values->names[i]);
      g_string_append_c (out, ':');
      old_append_string (out, values->values[i]);
    }
  g_string_append_c (out, '}');
}

static char *
old_writer (const PrColumnValues *before,
            const PrColumnValues *after)
{
  GString *out = g_string_new ("{\"old\":");

  old_append_columns (out, before);
  g_string_append (out, ",\"new\":");
  old_append_columns (out, after);
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}

/* Values a column may hold (UTF-8 without NUL), the awkward ones. */
static const char *const values[] = {
  NULL,
  "",
  "null",
  "重复",
  "\"quoted\"",
  "back\\slash \\\\ \\\"",
  "\\u0041 is not A, \\ud800 is text",
  "/ and \\/",
  "\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f",
  "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f",
  "\x7f DEL",
  "😀 𠀀 \xf4\x8f\xbf\xbf",                 /* non-BMP, up to U+10FFFF */
  "\xc2\x80 \xe2\x80\xa8 \xe2\x80\xa9 \xef\xbb\xbf \xef\xbf\xbf",   /* U+0080, U+2028/9, BOM, U+FFFF */
  "}{\":,[] ",
  "  spaces  ",
};

static const char *const names[] = {
  "repeat_of",
  "状态 \"st\" `x`",
  "a\\b/c",
  "\x01\x1f name",
  "😀",
  "",
};

static void
fill (PrColumnValues *columns,
      guint           n,
      const char     *name0,
      const char     *value0,
      const char     *name1,
      const char     *value1)
{
  columns->n = n;
  columns->names[0] = g_strdup (name0);
  columns->values[0] = g_strdup (value0);
  if (n > 1)
    {
      columns->names[1] = g_strdup (name1);
      columns->values[1] = g_strdup (value1);
    }
}

static void
assert_same (const PrColumnValues *read,
             const PrColumnValues *written)
{
  g_assert_cmpuint (read->n, ==, written->n);
  for (guint i = 0; i < written->n; i++)
    {
      g_assert_cmpstr (read->names[i], ==, written->names[i]);
      g_assert_cmpstr (read->values[i], ==, written->values[i]);
    }
}

typedef char *(*Writer) (const PrColumnValues *before, const PrColumnValues *after);

/* Every pair of values, in one and in two columns, through @writer and
 * back through the reader. */
static guint
round_trip_all (Writer writer)
{
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    for (guint j = 0; j < G_N_ELEMENTS (values); j++)
      for (guint columns = 1; columns <= MAX_WRITE_COLUMNS; columns++)
        {
          const char *name0 = names[(i + j) % G_N_ELEMENTS (names)];
          const char *name1 = names[(i + j + 1) % G_N_ELEMENTS (names)];
          g_auto(PrColumnValues) before = { 0 };
          g_auto(PrColumnValues) after = { 0 };
          g_auto(PrColumnValues) read_before = { 0 };
          g_auto(PrColumnValues) read_after = { 0 };
          g_autoptr(GError) error = NULL;
          g_autofree char *text = NULL;

          fill (&before, columns, name0, values[i], name1, values[j]);
          fill (&after, columns, name0, values[j], name1, values[i]);
          text = writer (&before, &after);
          if (!_pr_old_values_from_json (text, 7, &read_before, &read_after, &error))
            g_error ("%s: %s", text, error->message);
          assert_same (&read_before, &before);
          assert_same (&read_after, &after);
          n++;
        }
  return n;
}

static void
test_old_writer (void)
{
  guint n = round_trip_all (old_writer);

  g_test_message ("%u texts of the old writer read back", n);
}

/* Rows as the old writer wrote them, and as the old reader also read
 * them (any whitespace, "new" first, every JSON escape), with the values
 * worked out by hand. */
static void
test_old_rows (void)
{
  static const struct {
    const char *text;
    guint       n;
    const char *name[2];
    const char *old[2];
    const char *new[2];
  } rows[] = {
    { "{\"old\":{\"repeat_of\":null,\"status\":\"\"},\"new\":{\"repeat_of\":\"12\",\"status\":\"重复\"}}",
      2, { "repeat_of", "status" }, { NULL, "" }, { "12", "重复" } },
    { "{\"old\":{\"s\":\"a\\\"b\\\\c\\n\\r\\t\\u0001\\u001f\\u0008\"},\"new\":{\"s\":\"😀\"}}",
      1, { "s" }, { "a\"b\\c\n\r\t\x01\x1f\b" }, { "😀" } },
    { " \n{ \"new\" :\t{ \"s\" : null } ,\r\n \"old\" : { \"s\" : \"x\" } } \n",
      1, { "s" }, { "x" }, { NULL } },
    { "{\"old\":{\"\\u00e9\\/\":\"\\b\\f\\/\\u4E2D\\ud83d\\ude00\\uDBFF\\uDFFF\"},"
      "\"new\":{\"é/\":\"\\u0041\"}}",
      1, { "é/" }, { "\b\f/中😀\xf4\x8f\xbf\xbf" }, { "A" } },
  };

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      g_auto(PrColumnValues) before = { 0 };
      g_auto(PrColumnValues) after = { 0 };
      g_autoptr(GError) error = NULL;

      _pr_old_values_from_json (rows[r].text, 1, &before, &after, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (before.n, ==, rows[r].n);
      g_assert_cmpuint (after.n, ==, rows[r].n);
      for (guint i = 0; i < rows[r].n; i++)
        {
          g_assert_cmpstr (before.names[i], ==, rows[r].name[i]);
          g_assert_cmpstr (after.names[i], ==, rows[r].name[i]);
          g_assert_cmpstr (before.values[i], ==, rows[r].old[i]);
          g_assert_cmpstr (after.values[i], ==, rows[r].new[i]);
        }
    }
}

static void
test_new_writer (void)
{
  g_auto(PrColumnValues) before = { 0 };
  g_auto(PrColumnValues) after = { 0 };
  g_autofree char *text = NULL;
  guint n = round_trip_all (_pr_old_values_to_json);

  g_test_message ("%u texts of the new writer read back", n);

  /* Strict JSON (RFC 8259, 7): no control character as it is, U+001F
   * included; and the shape the log has always had. */
  fill (&before, 2, "repeat_of", NULL, "status", values[9]);
  fill (&after, 2, "repeat_of", "12", "status", values[8]);
  text = _pr_old_values_to_json (&before, &after);
  for (const char *p = text; *p != '\0'; p++)
    g_assert_cmpint ((guchar) *p, >=, 0x20);
  g_assert_true (g_str_has_prefix (text, "{\"old\":{\"repeat_of\":null,\"status\":\"\\u0010"));
  g_assert_nonnull (strstr (text, "\\u001e\\u001f\"},\"new\":{\"repeat_of\":\"12\",\"status\":\"\\u0001"));
}

static void
assert_damaged (const char *text,
                const char *detail)
{
  g_auto(PrColumnValues) before = { 0 };
  g_auto(PrColumnValues) after = { 0 };
  g_autoptr(GError) error = NULL;

  if (_pr_old_values_from_json (text, 42, &before, &after, &error))
    g_error ("read as good: %s", text);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_assert_nonnull (strstr (error->message, "decision 42 has damaged old values"));
  if (detail != NULL && strstr (error->message, detail) == NULL)
    g_error ("%s: “%s” does not say “%s”", text, error->message, detail);
  g_assert_cmpuint (before.n, ==, 0);
  g_assert_cmpuint (after.n, ==, 0);
}

static void
test_damaged (void)
{
  static const struct {
    const char *text;
    const char *detail;
  } rows[] = {
    { "", NULL },
    { "null", NULL },
    { "\"old\"", NULL },
    { "[]", NULL },
    { "{}", NULL },
    { "{\"old\":{\"s\":null}}", NULL },
    { "{\"old\":{},\"new\":{}}", "columns" },
    { "{\"old\":{\"s\":null},\"new\":{\"s\":null},\"x\":{}}", NULL },
    { "{\"old\":{\"s\":null},\"old\":{\"s\":null}}", NULL },
    { "{\"old\":{\"s\":1},\"new\":{\"s\":null}}", "outside a string" },
    { "{\"old\":{\"s\":true},\"new\":{\"s\":null}}", "outside a string" },
    { "{\"old\":{\"s\":[\"a\"]},\"new\":{\"s\":null}}", "outside a string" },
    { "{\"old\":{\"s\":{\"t\":null}},\"new\":{\"s\":null}}", "deeper than two" },
    { "{\"old\":[],\"new\":{\"s\":null}}", "outside a string" },
    { "{\"old\":\"s\",\"new\":{\"s\":null}}", "not an object" },
    { "{\"old\":{\"a\":null,\"b\":null,\"c\":null},\"new\":{\"a\":null,\"b\":null,\"c\":null}}", "columns" },
    { "{\"old\":{\"a\":null},\"new\":{\"b\":null}}", "different columns" },
    { "{\"old\":{\"a\":null,\"b\":null},\"new\":{\"b\":null,\"a\":null}}", "different columns" },
    { "{\"old\":{\"a\":null,\"b\":null},\"new\":{\"a\":null}}", "different columns" },
    /* json-glib 1.6 keeps the last of two equal names */
    { "{\"old\":{\"a\":\"1\",\"a\":\"2\"},\"new\":{\"a\":\"3\",\"a\":\"4\"}}", "twice" },
    { "{\"old\":{\"a\":\"1\"},\"new\":{\"a\":\"3\"},\"new\":{\"a\":\"4\"}}", NULL },
    /* ... ends a string at \u0000 */
    { "{\"old\":{\"s\":\"a\\u0000b\"},\"new\":{\"s\":null}}", "NUL" },
    { "{\"old\":{\"s\\u0000t\":\"a\"},\"new\":{\"s\":null}}", "NUL" },
    /* ... passes lone surrogates on as invalid UTF-8 */
    { "{\"old\":{\"s\":\"\\ud800\"},\"new\":{\"s\":null}}", "surrogate" },
    { "{\"old\":{\"s\":\"\\udc00\\ud800\"},\"new\":{\"s\":null}}", "surrogate" },
    { "{\"old\":{\"s\":\"\\ud800\\u0041\"},\"new\":{\"s\":null}}", "surrogate" },
    { "{\"old\":{\"s\":\"\\ud800\\ud800\"},\"new\":{\"s\":null}}", "surrogate" },
    { "{\"old\":{\"s\":\"\\ud800\\\"},\"new\":{\"s\":null}}", "surrogate" },
    /* ... reads an unknown escape as its letter */
    { "{\"old\":{\"s\":\"\\x41\"},\"new\":{\"s\":null}}", "unknown escape" },
    { "{\"old\":{\"s\":\"\\a\"},\"new\":{\"s\":null}}", "unknown escape" },
    { "{\"old\":{\"s\":\"\\u12\"},\"new\":{\"s\":null}}", "four hex digits" },
    { "{\"old\":{\"s\":\"\\u12G4\"},\"new\":{\"s\":null}}", "four hex digits" },
    /* ... accepts single quotes and raw control characters */
    { "{'old':{'s':'a'},'new':{'s':null}}", "outside a string" },
    { "{\"old\":{\"s\":\"a\x01\"},\"new\":{\"s\":null}}", "control character" },
    { "{\"old\":{\"s\":\"a\x1f\"},\"new\":{\"s\":null}}", "control character" },
    { "{\"old\":{\"s\":\"a\tb\"},\"new\":{\"s\":null}}", "control character" },
    { "{\"old\":{\"s\":null},\"new\":{\"s\":null}}\x01", "U+0001" },
    /* not JSON, or not UTF-8 */
    { "{\"old\":{\"s\":null},\"new\":{\"s\":null}} x", NULL },
    { "{\"old\":{\"s\":null},\"new\":{\"s\":null}}}", NULL },
    { "{\"old\":{\"s\":null},\"new\":{\"s\":null},}", NULL },
    { "{\"old\":{\"s\":nul},\"new\":{\"s\":null}}", NULL },
    { "{\"old\":{\"s\":\"\xff\"},\"new\":{\"s\":null}}", "UTF-8" },
    { "{\"old\":{\"s\":\"\xed\xa0\x80\"},\"new\":{\"s\":null}}", "UTF-8" },
    { "\xef\xbb\xbf{\"old\":{\"s\":null},\"new\":{\"s\":null}}", "U+FEFF" },
    { "{\"old\":{\"s\":null},\"new\":{\"s\":\"never ends}}", "does not end" },
  };
  static const char good[] =
    "{\"old\":{\"repeat_of\":null,\"s\":\"a\\\"\\\\\\u0001\\ud83d\\ude00😀\"},\"new\":{\"repeat_of\":\"12\",\"s\":\"\"}}";
  g_autofree char *brackets = g_strnfill (200000, '[');
  g_autofree char *braces = g_strnfill (200000, '{');

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    assert_damaged (rows[r].text, rows[r].detail);

  /* json-glib recurses without a bound: these overflowed its stack. */
  assert_damaged (brackets, "outside a string");
  assert_damaged (braces, "deeper than two");

  /* A row cut short anywhere is damaged. */
  for (gsize length = 0; length < sizeof good - 1; length++)
    {
      g_autofree char *cut = g_strndup (good, length);

      if (g_utf8_validate (cut, -1, NULL))
        assert_damaged (cut, NULL);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/old-values/old-writer", test_old_writer);
  g_test_add_func ("/db/old-values/old-rows", test_old_rows);
  g_test_add_func ("/db/old-values/new-writer", test_new_writer);
  g_test_add_func ("/db/old-values/damaged", test_damaged);

  return g_test_run ();
}
