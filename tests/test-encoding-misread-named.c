/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Chinese text read in another encoding is named by the reading that
 * gives it back clearly, or by none: UTF-8 read as ISO-8859-7 (a MariaDB
 * column of character set greek), as Mac Cyrillic or as EUC-JP, each with
 * the bytes its decoder cannot read dropped (iconv -c), is never called
 * another encoding's text (EUC-KR, GBK read as ISO-8859-5, GBK read as
 * EUC-JP), and a reading that lost bytes and gives back too few frequent
 * characters is named by none, with the ways to give the encoding. UTF-8 read as EUC-JP, Shift_JIS, Big5
 * or GB2312 with bytes dropped is found, and Big5 read as Shift_JIS. Oracles: the readings made here by glibc's
 * iconv, as a program that drops what it cannot read makes them, and the
 * sample's subjects that a name-by-the-best-guess check named wrong.
 */
#define G_LOG_DOMAIN "pr-test-encoding-misread-named"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "pr-bad-row.h"
#include "pr-encoding-misread.h"
#include "pr-test-util.h"

static const char *const bodies[] = {
  "我是东湖区的居民，某建筑公司拖欠工资的问题已经持续十二个月，多次反映无人处理，给我们的生活造成了很大影响。",
  "学校门口的道路施工拖延两年，雨天积水严重，学生上学很不方便，家长多次打电话没有人回复，请有关部门尽快处理。",
  NULL,
};

/* The sample's subjects that were named wrong when read so. */
static const struct {
  const char *subject, *read, *shown, *wrong;
} named_wrong[] = {
  { "反映大营村自来水问题", "ISO-8859-7", "ISO-8859-7", "EUC-KR" },
  { "北泽广源机械制造有限公司不签劳动合同不缴社保", "MAC-CYRILLIC", "Mac Cyrillic", "ISO-8859-5" },
  { "东风路路灯损坏三个多月无人修", "MAC-CYRILLIC", "Mac Cyrillic", "ISO-8859-5" },
  { "举报枫林雅居顶楼住户私搭乱建", "EUC-JP", "EUC-JP", "GBK" },
};

/* Whether @found names @source read as @shown, or names nothing. */
static void
assert_named_right_or_none (const PrEncodingMisread *found,
                            const char              *shown)
{
  g_test_message ("  named %s read as %s: %s", found->source, found->reading, found->recovered);
  if (found->source == NULL)
    {
      g_assert_null (found->reading);
      g_assert_null (found->charset);
      return;
    }
  g_assert_cmpstr (found->source, ==, "UTF-8");
  g_assert_cmpstr (found->reading, ==, shown);
}

/* UTF-8 read as EUC-JP, Shift_JIS, Big5 or GB2312 by a decoder that
 * drops what it cannot read: most of the bytes of most characters go,
 * and what is left is kanji (hanzi) of another text, common ones. */
static void
test_dropped_found (void)
{
  const struct {
    const char *read, *shown;
  } cases[] = { { "EUC-JP", "EUC-JP" }, { "SHIFT_JIS", "Shift_JIS" }, { "BIG5", "Big5" }, { "GB2312", "GB2312" } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint b = 0; bodies[b] != NULL; b++)
      {
        g_autofree char *wrong = pr_test_misread_iconv (bodies[b], "UTF-8", cases[i].read, "");
        PrEncodingMisread found;

        g_test_message ("UTF-8 read as %s, dropped: %s", cases[i].read, wrong);
        g_assert_true (pr_encoding_misread_find (wrong, strlen (wrong), &found));
        assert_named_right_or_none (&found, cases[i].shown);
        pr_encoding_misread_clear (&found);
      }
}

/* Big5 text read as Shift_JIS by a decoder that drops what it cannot
 * read: Big5's leads A4 to DF are half-width katakana there, so what is
 * left is mostly kana, which the reading undone gives back as Big5. */
static void
test_big5_as_shift_jis (void)
{
  const char *const traditional[] = {
    "我是東湖區的居民，某建築公司拖欠工資的問題已經持續十二個月，多次反映無人處理，給我們的生活造成了很大影響。",
    "學校門口的道路施工拖延兩年，雨天積水嚴重，學生上學很不方便，家長多次打電話沒有人回覆，請有關部門盡快處理。",
  };

  for (guint b = 0; b < G_N_ELEMENTS (traditional); b++)
    {
      g_autofree char *wrong = pr_test_misread_iconv (traditional[b], "BIG5", "SHIFT_JIS", "");
      PrEncodingMisread found;

      g_test_message ("Big5 read as Shift_JIS, dropped: %s", wrong);
      g_assert_true (pr_encoding_misread_find (wrong, strlen (wrong), &found));
      g_test_message ("  named %s read as %s: %s", found.source, found.reading, found.recovered);
      g_assert_cmpstr (found.source, ==, "Big5");
      g_assert_cmpstr (found.reading, ==, "Shift_JIS");
      /* Most of the ideographs come back: a dropped byte breaks one or
       * two characters. */
      g_assert_cmpuint (pr_test_shared_han (found.recovered, traditional[b]) * 2, >=, g_utf8_strlen (traditional[b], -1));
      pr_encoding_misread_clear (&found);
    }
}

/* The subjects named wrong are named right or not at all, and the long
 * texts read so are found, and named right when the reading loses no
 * byte. */
static void
test_named_right (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (named_wrong); i++)
    {
      g_autofree char *wrong = pr_test_misread_iconv (named_wrong[i].subject, "UTF-8", named_wrong[i].read, "");
      PrEncodingMisread found;

      g_test_message ("%s read as %s: %s", named_wrong[i].subject, named_wrong[i].read, wrong);
      if (pr_encoding_misread_find (wrong, strlen (wrong), &found))
        {
          g_assert_cmpstr (found.reading, !=, named_wrong[i].wrong);
          assert_named_right_or_none (&found, named_wrong[i].shown);
          pr_encoding_misread_clear (&found);
        }
      for (guint b = 0; bodies[b] != NULL; b++)
        {
          g_autofree char *long_wrong = pr_test_misread_iconv (bodies[b], "UTF-8", named_wrong[i].read, "");

          g_assert_true (pr_encoding_misread_find (long_wrong, strlen (long_wrong), &found));
          assert_named_right_or_none (&found, named_wrong[i].shown);
          /* A single-byte reading loses no byte: a long text read so is
           * clearly that reading, and named. */
          if (strcmp (named_wrong[i].read, "EUC-JP") != 0)
            g_assert_nonnull (found.source);
          /* Most of the text comes back, a quarter where EUC-JP dropped
           * a byte of most characters. */
          if (found.source != NULL)
            g_assert_cmpuint (pr_test_shared_han (found.recovered, bodies[b]) * 4, >=,
                              g_utf8_strlen (bodies[b], -1) * (strcmp (named_wrong[i].read, "EUC-JP") == 0 ? 1 : 3));
          pr_encoding_misread_clear (&found);
        }
    }
}

/* The reason a row of one text column holding @value is refused for. */
static char *
refusal (const char *value,
         PrAdvice    advice)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  const char *values[] = { value };
  gsize lengths[] = { strlen (value) };
  char *reason = NULL;

  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 0, NULL));
  g_assert_cmpint (pr_bad_row_check (mapping, values, lengths, advice, &reason), ==, 0);
  g_test_message ("%s", reason);
  return reason;
}

/* The refusal of each subject named wrong names no wrong encoding: the
 * right one, or none with the ways to give it. */
static void
test_refusal_named (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (named_wrong); i++)
    {
      g_autofree char *wrong = pr_test_misread_iconv (named_wrong[i].subject, "UTF-8", named_wrong[i].read, "");
      PrEncodingMisread found;
      gboolean named;

      if (!pr_encoding_misread_find (wrong, strlen (wrong), &found))
        continue;
      named = found.source != NULL;
      pr_encoding_misread_clear (&found);
      for (PrAdvice advice = PR_ADVICE_FLAGS; advice <= PR_ADVICE_CONTROLS; advice++)
        {
          g_autofree char *reason = refusal (wrong, advice);
          g_autofree char *wrong_named = g_strdup_printf (" as %s ", named_wrong[i].wrong);
          g_autofree char *right_named = g_strdup_printf ("UTF-8 text read as %s ", named_wrong[i].shown);

          g_assert_null (strstr (reason, wrong_named));
          g_assert_null (strstr (reason, "GBK text"));
          if (named)
            g_assert_nonnull (strstr (reason, right_named));
          else
            g_assert_nonnull (strstr (reason, "no one encoding reads it back clearly"));
        }
    }
}

/* A subject of rare characters, UTF-8 read as CP1251 with the byte it
 * lacks (0x98) dropped: the reading lost a byte and gives back too few
 * frequent characters to be named. The refusal names no encoding and
 * gives the ways to give one: the flags, or the mapping page's control. */
static void
test_unclear (void)
{
  g_autofree char *wrong = pr_test_misread_iconv ("后沟村村口砖厂粉尘噪音污染", "UTF-8", "CP1251", "");
  g_autofree char *flags = NULL;
  g_autofree char *controls = NULL;
  PrEncodingMisread found;

  g_test_message ("%s", wrong);
  g_assert_true (pr_encoding_misread_find (wrong, strlen (wrong), &found));
  g_assert_null (found.source);
  g_assert_null (found.reading);
  g_assert_null (found.charset);
  pr_encoding_misread_clear (&found);
  flags = refusal (wrong, PR_ADVICE_FLAGS);
  controls = refusal (wrong, PR_ADVICE_CONTROLS);
  g_assert_nonnull (strstr (flags, "no one encoding reads it back clearly"));
  g_assert_nonnull (strstr (flags, "--column-encoding body=ENCODING"));
  g_assert_nonnull (strstr (flags, "--encoding ENCODING"));
  g_assert_nonnull (strstr (controls, "no one encoding reads it back clearly"));
  g_assert_nonnull (strstr (controls, "choose its encoding under the columns"));
  g_assert_null (strstr (controls, "--"));
  g_assert_null (strstr (flags, " read as "));
  g_assert_null (strstr (controls, " read as "));
}

/* Real Japanese and Traditional Chinese text is not taken for kanji
 * another reading made of UTF-8. */
static void
test_real_text_read (void)
{
  const char *const real[] = {
    "東京都の天気予報によると、明日は午後から雨が降る見込みです。傘を持って出かけてください。",
    "ファイルを開くことができませんでした。アクセス権を確認してから、もう一度試してください。",
    "本製品の保証期間は購入日から一年間です。修理を依頼する場合は、販売店に連絡してください。",
    "我是東湖區的居民，某建築公司拖欠工資的問題已經持續十二個月，多次反映無人處理，給我們的生活造成了很大影響。",
    "壓縮檔資訊標頭成員",
    NULL,
  };

  for (guint i = 0; real[i] != NULL; i++)
    {
      PrEncodingMisread found;

      g_assert_false (pr_encoding_misread_find (real[i], strlen (real[i]), &found));
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/encoding-misread-named/dropped-found", test_dropped_found);
  g_test_add_func ("/encoding-misread-named/big5-as-shift-jis", test_big5_as_shift_jis);
  g_test_add_func ("/encoding-misread-named/named-right", test_named_right);
  g_test_add_func ("/encoding-misread-named/refusal-named", test_refusal_named);
  g_test_add_func ("/encoding-misread-named/unclear", test_unclear);
  g_test_add_func ("/encoding-misread-named/real-text-read", test_real_text_read);
  return g_test_run ();
}
