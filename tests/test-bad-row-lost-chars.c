/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Simplified text saved in a Big5 column (or rare characters in a GBK
 * one): the database writes "?" for each character the column cannot
 * hold, and the text read back is valid UTF-8 with holes (我是住在西?市
 * 云溪?新?街…). Fingerprinted, letters that differ in their lost
 * characters look alike, exit 0. Such a value is a bad row, named with
 * its line and column (or skipped and counted with --skip-bad-rows); a
 * letter with a few half-width question marks of its own is read. So is
 * Big5 text read as UTF-8, mostly "?" or U+FFFD (a utf8mb4 column loaded
 * with Big5 bytes, a file decoded with replacement characters). The
 * oracle: the text put through Big5 by g_convert_with_fallback () with
 * "?", as the server does.
 */
#define G_LOG_DOMAIN "pr-test-bad-row-lost-chars"

#include "config.h"

#include <string.h>

#include "pr-bad-row.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static const char body[] = "我是住在西岚市云溪区新华街九十八号的居民，我经人介绍在一家财富管理公司投资了一个养老项目";

/* @text as a Big5 column stores it, read back as UTF-8. */
static char *
through_big5 (const char *text)
{
  g_autofree char *big5 = NULL;
  char *back;
  gsize n = 0;

  big5 = g_convert_with_fallback (text, -1, "BIG5", "UTF-8", "?", NULL, &n, NULL);
  g_assert_nonnull (big5);
  back = g_convert (big5, n, "UTF-8", "BIG5", NULL, NULL, NULL);
  g_assert_nonnull (back);
  g_test_message ("%s", back);
  return back;
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
  g_autofree char *lost = through_big5 (body);
  g_autofree char *csv = records (lost);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;

  g_assert_nonnull (strstr (lost, "?"));
  set = pr_test_load_id_body_csv (csv, &error);
  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "line 4"));
  g_assert_nonnull (strstr (error->message, "“body”"));
  g_assert_nonnull (strstr (error->message, "stored as “?”"));
}

static void
test_skipped (void)
{
  g_autofree char *lost = through_big5 (body);
  g_autofree char *csv = records (lost);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv_full (csv, NULL, PR_COLUMN_ROLE_IGNORE, TRUE, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 5);
  g_assert_cmpuint (set->n_bad_rows, ==, 1);
}

/* @text's Big5 bytes read as UTF-8, each byte that begins no character
 * written "?" (as a server stores Big5 bytes sent to a utf8mb4 column) or
 * U+FFFD (as a decoder replaces them). */
static char *
big5_read_as_utf8 (const char *text,
                   const char *replacement)
{
  g_autofree char *big5 = g_convert (text, -1, "BIG5", "UTF-8", NULL, NULL, NULL);
  GString *read = g_string_new (NULL);

  g_assert_nonnull (big5);
  for (const char *p = big5; *p != '\0';)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append (read, replacement);
          p++;
        }
      else
        {
          g_string_append_unichar (read, c);
          p = g_utf8_next_char (p);
        }
    }
  g_test_message ("%s", read->str);
  return g_string_free (read, FALSE);
}

/* Traditional text's Big5 bytes read as UTF-8: mostly "?" or U+FFFD with
 * few ideographs around them. */
static void
test_garbled_refused (void)
{
  static const char *const replacements[] = { "?", "\xef\xbf\xbd" };

  for (guint i = 0; i < G_N_ELEMENTS (replacements); i++)
    {
      g_autofree char *lost = big5_read_as_utf8 ("小區夜間施工噪音擾民，請求查處。工地圍擋破損，居民無法休息，多次投訴無果。",
                                                 replacements[i]);
      g_autofree char *csv = records (lost);
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

      g_assert_null (set);
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "line 4"));
      g_assert_nonnull (strstr (error->message, "stored as “?”"));
    }
}

/* Question marks a petitioner typed half-width, and one "?" between two
 * characters: read as written. */
static void
test_typed_read (void)
{
  static const char *const texts[] = {
    "为什么?我是住在西岚市云溪区新华街九十八号的居民?为什么没人管?请尽快答复??",
    "编号??待补，王?华反映小区噪音扰民问题，请求查处",
    /* short titles with emphasis: under a quarter of nothing */
    "为什么???凭什么",
    "请问???谢谢",
    "还管不管????????没人管吗",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *csv = records (texts[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (set->n_records, ==, 6);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/bad-row-lost-chars/refused", test_refused);
  g_test_add_func ("/engine/bad-row-lost-chars/skipped", test_skipped);
  g_test_add_func ("/engine/bad-row-lost-chars/garbled-refused", test_garbled_refused);
  g_test_add_func ("/engine/bad-row-lost-chars/typed-read", test_typed_read);

  return g_test_run ();
}
