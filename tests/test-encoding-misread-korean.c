/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A petition's UTF-8 bytes read as EUC-KR or Johab, its GBK bytes read as
 * Johab, and saved again as UTF-8: Hangul and rare ideographs, and its
 * record drops out of its cluster. The value is found and the encodings
 * named, with the repair in SQL where MariaDB has the reading's character
 * set (euckr; none for Johab) and the reading lost no byte (Korean written
 * so is not: test-encoding-misread.c). The oracle: the
 * misreading made here by glibc's iconv from known sentences, a byte it
 * cannot read dropped or written as U+FFFD, as a strict decoder with
 * errors ignored or replaced makes it.
 */
#define G_LOG_DOMAIN "pr-test-encoding-misread-korean"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "pr-encoding-misread.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static const char *const petitions[] = {
  "我是东湖区的居民，某建筑公司拖欠工资的问题已经持续十二个月，多次反映无人处理，给我们的生活造成了很大影响。",
  "学校门口的道路施工拖延两年，雨天积水严重，学生上学很不方便，家长多次打电话没有人回复，请有关部门尽快处理。",
  NULL,
};

/* A petition whose GBK bytes are all pairs EUC-KR has (none in row C9,
 * which it leaves to the user): read as EUC-KR, no byte is lost. */
static const char whole_in_euc_kr[] =
  "我在东湖区的建筑工地干活九个月，老板一直拖欠工资不给，多次讨要无果，请求有关部门责令老板支付工资。";

static void
test_readings (void)
{
  const struct {
    const char *stored, *read, *shown_stored, *shown_read;
  } cases[] = {
    { "UTF-8", "EUC-KR", "UTF-8", "EUC-KR" },
    { "UTF-8", "JOHAB", "UTF-8", "Johab" },
    { "GBK", "JOHAB", "GBK", "Johab" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint p = 0; petitions[p] != NULL; p++)
      for (int replace = 0; replace <= 1; replace++)
        {
          g_autofree char *wrong = pr_test_misread_iconv (petitions[p], cases[i].stored, cases[i].read,
                                                          replace ? "\uFFFD" : "");
          PrEncodingMisread found;

          g_test_message ("%s read as %s%s: %s", cases[i].stored, cases[i].read, replace ? " (U+FFFD)" : "", wrong);
          g_assert_true (pr_encoding_misread_find (wrong, strlen (wrong), &found));
          g_test_message ("  %s", found.recovered);
          g_assert_cmpstr (found.source, ==, cases[i].shown_stored);
          g_assert_cmpstr (found.reading, ==, cases[i].shown_read);
          /* The reading lost bytes: no CONVERT () gives the text back. */
          g_assert_null (found.charset);
          /* A strict EUC-KR decoder loses a byte of most characters: an
           * eighth of the text comes back. */
          g_assert_cmpuint (pr_test_shared_han (found.recovered, petitions[p]) * 8, >=,
                            g_utf8_strlen (petitions[p], -1));
          pr_encoding_misread_clear (&found);
        }
}

/* In a file, the bad row's reason gives the repair in SQL when the
 * reading kept every byte and MariaDB has its character set: GBK text
 * whose every pair EUC-KR has; not where a pair was lost, nor for Johab. */
static void
test_repair_advice (void)
{
  const struct {
    const char *text, *stored, *read;
    const char *repair;   /* NULL: none */
  } cases[] = {
    { whole_in_euc_kr, "GBK", "EUC-KR",
      "UPDATE … SET body = CONVERT(BINARY CONVERT(body USING euckr) USING gbk) WHERE …" },
    { petitions[0], "GBK", "EUC-KR", NULL },
    { whole_in_euc_kr, "GBK", "JOHAB", NULL },
    { whole_in_euc_kr, "UTF-8", "EUC-KR", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *wrong = pr_test_misread_iconv (cases[i].text, cases[i].stored, cases[i].read, "");
      g_autofree char *csv = g_strdup_printf ("id,body\n1,%s\n2,%s\n", petitions[1], wrong);
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) refused = pr_test_load_id_body_csv (csv, &error);
      g_autofree char *both = g_strdup_printf ("%s text read as %s", cases[i].stored,
                                               g_str_equal (cases[i].read, "JOHAB") ? "Johab" : cases[i].read);

      g_assert_null (refused);
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "line 3 (id “2”), column “body”"));
      g_assert_nonnull (strstr (error->message, both));
      if (cases[i].repair != NULL)
        g_assert_nonnull (strstr (error->message, cases[i].repair));
      else
        g_assert_null (strstr (error->message, "CONVERT("));
    }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/encoding-misread-korean/readings", test_readings);
  g_test_add_func ("/engine/encoding-misread-korean/repair-advice", test_repair_advice);

  return g_test_run ();
}
