/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Formula neutralisation looks past the leading characters other tools
 * trim before a file reaches a spreadsheet (Java's trim () takes every
 * control character, C's isspace () the vertical tab) and invisible ones
 * (zero-width space, word joiner, the Mongolian vowel separator): a
 * formula after them starts with a quote. The expected fields are written
 * here by hand.
 */
#include "config.h"

#include "pr-csv-writer.h"

static void
test_trimmed (void)
{
  static const struct { const char *field; const char *written; } vectors[] = {
    { "\v=1+1", "\"'\v=1+1\"" },
    { "\x1f+1", "\"'\x1f+1\"" },
    { "\x01@SUM(1)", "\"'\x01@SUM(1)\"" },
    { "\xc2\x85-1", "\"'\xc2\x85-1\"" },
    { "\u200b=1", "\"'\u200b=1\"" },
    { "\u2060＝1", "\"'\u2060＝1\"" },
    { "\u180e+1", "\"'\u180e+1\"" },
    { "\v \u200b\x7f=1", "\"'\v \u200b\x7f=1\"" },
    /* Not before a formula: as they are. */
    { "\v信访", "\v信访" },
    { "\u200b１２３", "\u200b１２３" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (vectors); i++)
    {
      g_autoptr(GString) line = g_string_new (NULL);

      pr_csv_append_field (line, vectors[i].field, PR_CSV_WRITER_NEUTRALIZE);
      g_assert_cmpstr (line->str, ==, vectors[i].written);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/csv-writer/formula-after-trimmed", test_trimmed);
  return g_test_run ();
}
