/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * One value of a file that is UTF-8 text read as GBK (a row a GBK program
 * wrote again after reading it wrong: 鎴戞槸浣忓湪… for 我是住在…) is valid
 * UTF-8, and its column's other values read right, so the column's check
 * let it through: the record was scanned as gibberish and its repeats were
 * silently missed. Such a value is a bad row, named with its row and
 * column, or skipped and counted with --skip-bad-rows (the refusal
 * names the caller's way on: the flag, or the window's switch); so is
 * UTF-8 read as a DOS code page (CP437, CP850, CP852, CP775). Text of rare
 * characters that is not so (a list of rare names) is read. Oracles: the
 * text made gibberish here by g_convert () or glibc's iconv, as such a
 * program does.
 */
#define G_LOG_DOMAIN "pr-test-bad-row-mojibake"

#include "config.h"

#include <string.h>

#include "pr-bad-row.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static const char body[] = "我是住在西岚市云溪区新华街九十八号的居民，我经人介绍在一家财富管理公司投资了一个养老项目";

/* @text's UTF-8 bytes read as GBK, written again as UTF-8: a byte that
 * begins no GBK character becomes "?", as such programs write it. */
static char *
misread (const char *text)
{
  char *wrong = pr_test_misread_iconv (text, "UTF-8", "GBK", "?");

  g_assert_true (g_utf8_validate (wrong, -1, NULL));
  g_test_message ("%zu bytes: %s", strlen (wrong), wrong);
  return wrong;
}

static char *
records (const char *third)
{
  GString *csv = g_string_new ("id,body\n");

  for (int i = 1; i <= 6; i++)
    g_string_append_printf (csv, "%d,%s%d\n", i, i == 3 ? third : body, i);
  return g_string_free (csv, FALSE);
}

static void
test_refused (void)
{
  g_autofree char *wrong = misread (body);
  g_autofree char *csv = records (wrong);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "line 4"));
  g_assert_nonnull (strstr (error->message, "“body”"));
  g_assert_nonnull (strstr (error->message, "UTF-8 text read as GBK"));
}

static void
test_skipped (void)
{
  g_autofree char *wrong = misread (body);
  g_autofree char *csv = records (wrong);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv_full (csv, NULL, PR_COLUMN_ROLE_IGNORE, TRUE, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 5);
  g_assert_cmpuint (set->n_bad_rows, ==, 1);
}

/* The refusal's way on is the caller's: the flag for a command that has
 * it, the mapping page's switch for the application's scan, none for a
 * reading that cannot leave rows out. */
static void
test_advice (void)
{
  const struct {
    PrAdvice    advice;
    gboolean    skippable;
    const char *way;      /* NULL: none */
  } cases[] = {
    { PR_ADVICE_FLAGS, TRUE, "or skip bad rows (--skip-bad-rows) to leave such rows out and list them" },
    { PR_ADVICE_CONTROLS, TRUE, "or switch on “Skip bad rows” on the mapping page to leave such rows out" },
    { PR_ADVICE_FLAGS, FALSE, NULL },
    { PR_ADVICE_CONTROLS, FALSE, NULL },
  };
  g_autofree char *wrong = misread (body);
  g_autofree char *csv = records (wrong);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PrLoadOptions load = { .min_tokens = 1, .n_threads = 1, .advice = cases[i].advice,
                             .skippable = cases[i].skippable };
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = pr_record_set_load_csv (path, mapping, &load, NULL, NULL, NULL, &error);

      g_assert_null (set);
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "line 4 (id “3”), column “body”"));
      g_assert_nonnull (strstr (error->message, "Correct the value in the source"));
      if (cases[i].way != NULL)
        g_assert_nonnull (strstr (error->message, cases[i].way));
      else
        g_assert_null (strstr (error->message, "Correct the value in the source,"));
      /* The window's banner names no flag, the command line no switch. */
      if (cases[i].advice == PR_ADVICE_CONTROLS)
        g_assert_null (strstr (error->message, "--"));
      else
        g_assert_null (strstr (error->message, "mapping page"));
    }
  pr_test_remove_tree (dir);
}

/* Rare characters read right: no UTF-8 behind them. */
static void
test_rare_read (void)
{
  g_autofree char *csv = records ("犇骉猋麤龘靐齉爩鱻麣羴掱焱垚淼嚞赑鑫舙皛");
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 6);
}

/* A value that is UTF-8 read as a DOS code page (a row an old DOS
 * program wrote again), one row of twenty, too few for the column's
 * check: refused naming the code page.
 * Western text with those pages' letters (Müller, Søn, Łódź) is read. */
static void
test_dos_code_pages (void)
{
  static const char *const pages[] = { "CP437", "CP850", "CP852", "CP775" };
  g_autoptr(GError) read_error = NULL;
  g_autoptr(PrRecordSet) read = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_autofree char *wrong = pr_test_misread_iconv (body, "UTF-8", pages[i], "");
      g_autoptr(GString) csv = g_string_new ("id,body\n");
      g_autofree char *named = g_strdup_printf ("UTF-8 text read as %s", pages[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = NULL;

      for (int row = 1; row <= 20; row++)
        g_string_append_printf (csv, "%d,%s%d\n", row, row == 3 ? wrong : body, row);
      set = pr_test_load_id_body_csv (csv->str, &error);
      g_test_message ("%s: %s", pages[i], wrong);
      g_assert_null (set);
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "line 4"));
      g_assert_nonnull (strstr (error->message, named));
    }
  read = pr_test_load_id_body_csv ("id,body\n"
                                   "1,Müller & Søn GmbH Zürich: Café-Résumé für Łódź und Gdańsk\n"
                                   "2,我是住在西岚市云溪区新华街九十八号的居民\n",
                                   &read_error);
  g_assert_no_error (read_error);
  g_assert_cmpuint (read->n_records, ==, 2);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/bad-row-mojibake/refused", test_refused);
  g_test_add_func ("/engine/bad-row-mojibake/skipped", test_skipped);
  g_test_add_func ("/engine/bad-row-mojibake/rare-read", test_rare_read);
  g_test_add_func ("/engine/bad-row-mojibake/advice", test_advice);
  g_test_add_func ("/engine/bad-row-mojibake/dos-code-pages", test_dos_code_pages);
  return g_test_run ();
}
