/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Chinese bytes read in a legacy encoding of another language (GBK as
 * EUC-KR, CP1251, KOI8-R, CP437 or Mac Roman; UTF-8 as KOI8-R) are valid
 * text of Hangul, Cyrillic, Greek or signs: the mis-encoding check refuses
 * it, and passes the petitions read right, text with separator lines of
 * box characters, and pinyin with tone marks. The
 * oracle is ICU's decoding of the bytes in the wrong encoding.
 */
#define G_LOG_DOMAIN "pr-test-encoding-other-scripts"

#include "config.h"

#include <string.h>

#include "pr-encoding-check.h"
#include "pr-test-util.h"

static const char *const petitions[] = {
  "我是东湖区的居民，某建筑公司拖欠工资的问题已经持续十二个月，多次反映无人处理，给我们的生活造成了很大影响。",
  "去年三月我们向青石乡政府反映过污水排放的情况，至今没有答复，涉及四十户家庭，老人受到影响最大。",
  "红旗路的路灯损坏半年，晚上出行很不安全，恳请领导督促解决，希望依法维护我们的合法权益。",
  NULL,
};

static PrEncodingGuess
verdict_of (const char *stored,
            const char *read)
{
  g_autoptr(PrEncodingCheck) check = pr_encoding_check_new ();

  for (guint i = 0; petitions[i] != NULL; i++)
    {
      g_autofree char *value = stored != NULL ? pr_test_misread (petitions[i], stored, read) : g_strdup (petitions[i]);

      pr_encoding_check_add (check, value, strlen (value), i + 2);
    }
  return pr_encoding_check_verdict (check, NULL, NULL);
}

static void
test_read_right (void)
{
  g_autoptr(PrEncodingCheck) check = pr_encoding_check_new ();
  const char *pinyin = "Zhāng Sān, Lǐ Sì, Wáng Wǔ, Zhào Liù, Qián Qī, Sūn Bā, Zhōu Jiǔ, Wú Shí, Zhèng Yī, Féng Èr";

  const char *separated = "────────────────────────────────────────\n"
                          "我是东湖区的居民，某建筑公司拖欠工资的问题已经持续十二个月，多次反映无人处理。\n"
                          "════════════════════════════════════════";

  g_assert_cmpint (verdict_of (NULL, NULL), ==, PR_ENCODING_GUESS_NONE);
  /* Separator lines of one box character are not misread bytes. */
  {
    g_autoptr(PrEncodingCheck) lines = pr_encoding_check_new ();

    for (guint i = 0; i < 10; i++)
      pr_encoding_check_add (lines, separated, strlen (separated), i + 2);
    g_assert_cmpint (pr_encoding_check_verdict (lines, NULL, NULL), ==, PR_ENCODING_GUESS_NONE);
    g_assert_false (pr_encoding_text_looks_misread (separated, strlen (separated)));
  }
  for (guint i = 0; i < 10; i++)
    pr_encoding_check_add (check, pinyin, strlen (pinyin), i + 2);
  g_assert_cmpint (pr_encoding_check_verdict (check, NULL, NULL), ==, PR_ENCODING_GUESS_NONE);
}

/* A bibliography's titles, mostly in English, a few in Russian, Ukrainian
 * or Korean, as the shared record-linkage set has them: written so, not
 * misread, because the column is not Chinese text. The same foreign
 * titles alone, as a whole column, are refused: that is what misread
 * Chinese looks like. */
static void
test_latin_column (void)
{
  const char *const foreign[] = {
    "ЗАЙНЯТІСТЬ І МОТИВАЦІЯ ПРАЦІ В ІНФОРМАЦІЙНІЙ ЕКОНОМІЦІ: ТРАНСФОРМАЦІЯ І ВЗАЄМОЗВ'ЯЗОК",
    "Платформенная занятость: масштабы и признаки неустойчивости.",
    "플랫폼 노동시장의 구직기간 단축 결정요인: 웹크롤링과 생존모형을 이용한 분석.",
    "Гендер как дискриминирующий признак профессиональной успешности российских фрилансеров-разработчиков",
  };
  g_autoptr(PrEncodingCheck) column = pr_encoding_check_new ();
  g_autoptr(PrEncodingCheck) alone = pr_encoding_check_new ();
  guint64 line = 2;

  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *title = g_strdup_printf ("Platform work and the gig economy, part %u: a survey", i);

      pr_encoding_check_add (column, title, strlen (title), line++);
      if (i % 50 == 0)
        for (guint f = 0; f < G_N_ELEMENTS (foreign); f++)
          pr_encoding_check_add (column, foreign[f], strlen (foreign[f]), line++);
    }
  g_assert_cmpint (pr_encoding_check_verdict (column, NULL, NULL), ==, PR_ENCODING_GUESS_NONE);

  for (guint i = 0; i < 4; i++)
    for (guint f = 0; f < G_N_ELEMENTS (foreign); f++)
      pr_encoding_check_add (alone, foreign[f], strlen (foreign[f]), line++);
  g_assert_cmpint (pr_encoding_check_verdict (alone, NULL, NULL), ==, PR_ENCODING_GUESS_RARE_HAN);
}

static void
test_misread (void)
{
  const char *const cases[][2] = {
    { "GBK", "EUC-KR" }, { "GBK", "windows-949" }, { "GBK", "windows-1251" }, { "GBK", "KOI8-R" },
    { "GBK", "ISO-8859-5" }, { "GBK", "ibm-437" }, { "GBK", "macintosh" }, { "UTF-8", "KOI8-R" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s read as %s", cases[i][0], cases[i][1]);
      g_assert_cmpint (verdict_of (cases[i][0], cases[i][1]), ==, PR_ENCODING_GUESS_RARE_HAN);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/encoding-check/other-scripts/read-right", test_read_right);
  g_test_add_func ("/engine/encoding-check/other-scripts/misread", test_misread);
  g_test_add_func ("/engine/encoding-check/other-scripts/latin-column", test_latin_column);

  return g_test_run ();
}
