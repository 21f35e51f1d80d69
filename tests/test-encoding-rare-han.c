/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Chinese text read in another Chinese encoding (GBK bytes read as Big5,
 * Big5 bytes read as GBK) is valid text of other, mostly rare characters:
 * the mis-encoding check refuses it, and passes the same petitions read
 * right, Simplified or Traditional. The oracle is iconv's decoding of the
 * bytes in the wrong encoding.
 */
#include "config.h"

#include <string.h>

#include "pr-encoding-check.h"

static const char *const petitions[] = {
  "我是东湖区的居民，某建筑公司拖欠工资的问题已经持续十二个月，多次反映无人处理，给我们的生活造成了很大影响。",
  "去年三月我们向青石乡政府反映过污水排放的情况，至今没有答复，涉及四十户家庭，老人受到影响最大。",
  "红旗路的路灯损坏半年，晚上出行很不安全，恳请领导督促解决，希望依法维护我们的合法权益。",
  NULL,
};

static const char *const traditional[] = {
  "我是東湖區的居民，某建築公司拖欠工資的問題已經持續十二個月，多次反映無人處理，給我們的生活造成了很大影響。",
  "去年三月我們向青石鄉政府反映過污水排放的情況，至今沒有答覆，涉及四十戶家庭，老人受到影響最大。",
  "紅旗路的路燈損壞半年，晚上出行很不安全，懇請領導督促解決，希望依法維護我們的合法權益。",
  NULL,
};

/* @text's bytes in @stored, decoded as @read (what a wrong --encoding or
 * a column of the wrong character set does); unmappable bytes are left
 * out, as ICU and the server drop them to other characters. */
static char *
misread (const char *text,
         const char *stored,
         const char *read)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *bytes = g_convert (text, -1, stored, "UTF-8", NULL, NULL, &error);
  g_autoptr(GString) out = g_string_new (NULL);
  GIConv cd;

  g_assert_no_error (error);
  cd = g_iconv_open ("UTF-8", read);
  g_assert_true (cd != (GIConv) -1);
  for (gsize i = 0; bytes[i] != '\0';)
    {
      char buf[8];
      gchar *in = bytes + i, *o = buf;
      gsize in_left = (guchar) bytes[i] < 0x80 ? 1 : 2, out_left = sizeof buf;

      if (bytes[i + 1] == '\0')
        in_left = 1;
      if (g_iconv (cd, &in, &in_left, &o, &out_left) != (gsize) -1)
        g_string_append_len (out, buf, o - buf);
      i += (guchar) bytes[i] < 0x80 ? 1 : 2;
    }
  g_iconv_close (cd);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static PrEncodingGuess
verdict (char **values,
         guint64 *first,
         guint64 *count)
{
  g_autoptr(PrEncodingCheck) check = pr_encoding_check_new ();

  for (guint i = 0; values[i] != NULL; i++)
    pr_encoding_check_add (check, values[i], strlen (values[i]), i + 2);
  return pr_encoding_check_verdict (check, first, count);
}

static void
test_read_right (void)
{
  g_auto(GStrv) simplified = g_strdupv ((char **) petitions);
  g_auto(GStrv) both = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_addv (builder, (const char **) petitions);
  g_strv_builder_addv (builder, (const char **) traditional);
  both = g_strv_builder_end (builder);
  g_assert_cmpint (verdict (simplified, NULL, NULL), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (verdict (both, NULL, NULL), ==, PR_ENCODING_GUESS_NONE);
}

static void
test_gbk_read_as_big5 (void)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  guint64 first = 0, count = 0;

  for (guint i = 0; petitions[i] != NULL; i++)
    g_ptr_array_add (values, misread (petitions[i], "GBK", "BIG5"));
  g_ptr_array_add (values, NULL);
  g_assert_cmpint (verdict ((char **) values->pdata, &first, &count), ==, PR_ENCODING_GUESS_RARE_HAN);
  g_assert_cmpuint (first, ==, 2);
  g_assert_cmpuint (count, ==, G_N_ELEMENTS (petitions) - 1);
}

static void
test_big5_read_as_gbk (void)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; traditional[i] != NULL; i++)
    g_ptr_array_add (values, misread (traditional[i], "BIG5", "GBK"));
  g_ptr_array_add (values, NULL);
  g_assert_cmpint (verdict ((char **) values->pdata, NULL, NULL), ==, PR_ENCODING_GUESS_RARE_HAN);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/encoding-check/rare-han/read-right", test_read_right);
  g_test_add_func ("/engine/encoding-check/rare-han/gbk-as-big5", test_gbk_read_as_big5);
  g_test_add_func ("/engine/encoding-check/rare-han/big5-as-gbk", test_big5_read_as_gbk);

  return g_test_run ();
}
