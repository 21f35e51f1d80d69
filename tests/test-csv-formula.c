/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Formula neutralisation of the exports a clerk opens in a spreadsheet:
 * a field whose first character Excel or WPS folds to = + - @ (full-width,
 * small, superscript or subscript forms, the minus sign) starts with a
 * quote, as the ASCII ones do (test-csv-writer.c), also after white space
 * a spreadsheet trims.
 */
#include "config.h"

#include "pr-csv-writer.h"

static void
test_wide_forms (void)
{
  static const struct { const char *field; const char *written; } vectors[] = {
    { "＝SUM(A1:A9)", "\"'＝SUM(A1:A9)\"" },
    { "＋1+cmd|' /C calc'!A0", "\"'＋1+cmd|' /C calc'!A0\"" },
    { "－1", "\"'－1\"" },
    { "＠SUM(1)", "\"'＠SUM(1)\"" },
    { "﹦1", "\"'﹦1\"" },
    { "﹢1", "\"'﹢1\"" },
    { "﹣1", "\"'﹣1\"" },
    { "﹫x", "\"'﹫x\"" },
    { "⁺1", "\"'⁺1\"" },
    { "₌1", "\"'₌1\"" },
    { "−1", "\"'−1\"" },
    /* White space a spreadsheet trims, then a formula. */
    { " =1+1", "\"' =1+1\"" },
    { "   @SUM(1)", "\"'   @SUM(1)\"" },
    { "\u3000＝1", "\"'\u3000＝1\"" },
    { "\u00a0-1", "\"'\u00a0-1\"" },
    { "\ufeff+1", "\"'\ufeff+1\"" },
    /* Not a formula's start: as they are. */
    { "  信访 = 重复", "  信访 = 重复" },
    { "   ", "   " },
    { "信访＝重复", "信访＝重复" },
    { "１２３", "１２３" },
    { "＄1", "＄1" },
    { "\xff=1", "\xff=1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (vectors); i++)
    {
      g_autoptr(GString) line = g_string_new (NULL);
      g_autoptr(GString) plain = g_string_new (NULL);

      pr_csv_append_field (line, vectors[i].field, PR_CSV_WRITER_NEUTRALIZE);
      g_assert_cmpstr (line->str, ==, vectors[i].written);
      /* Without the flag, a field is only quoted as CSV needs. */
      pr_csv_append_field (plain, vectors[i].field, PR_CSV_WRITER_FLAGS_NONE);
      g_assert_cmpstr (plain->str, ==, vectors[i].field);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/csv-writer/formula-wide-forms", test_wide_forms);

  return g_test_run ();
}
