/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A body written in a notation that the readers of single tokens miss:
 * GB18030 with one four-byte character (𠮷 in a name) as hex digits or
 * base64; uuencode, with "begin 644 name" and "end" or without, of UTF-8
 * or GBK; a run of MIME encoded-words (B of UTF-8, GB2312 or Big5)
 * parted by spaces or folded lines. Every tenth sample petition so
 * written lost about 100 true pairs, exit 0: each is a bad row naming
 * the notation. Read: a letter that quotes a sender's encoded name, an
 * e-mail's From line, a "begin" line before plain text, English lines
 * whose lengths fit uuencode's, encoded-words of a charset iconv does not
 * know. Oracle: the forms as Python's binascii, base64 and codecs write
 * the first body (a Traditional letter in Big5), pasted here.
 */
#define G_LOG_DOMAIN "pr-test-bad-row-wrappings"

#include "config.h"

#include <string.h>

#include "pr-record-set.h"
#include "pr-test-util.h"

/* "小区夜间施工噪音扰民，请求查处。工地围挡破损，居民无法休息，多次投诉无果。" */

/* In GB18030 with 𠮷 after its fifth character, as hex and base64. */
static const char gb18030_hex[] =
  "d0a1c7f8d2b9bce4caa99534b235b9a4d4ebd2f4c8c5c3f1a3acc7ebc7f3b2e9b4a6a1a3b9a4b5d8cea7b5b2c6c6cbf0a3acbed3c3f1cedeb7"
  "a8d0ddcfa2a3acb6e0b4cecdb6cbdfcedeb9fba1a3";
static const char gb18030_base64[] =
  "0KHH+NK5vOTKqZU0sjW5pNTr0vTIxcPxo6zH68fzsum0pqGjuaS12M6ntbLGxsvwo6y+08Pxzt63qNDdz6KjrLbgtM7Ntsvfzt65+6Gj";
/* uuencoded, of UTF-8 without a frame and of GBK inside one. */
static const char uu_utf8[] = "MY;\"/Y8RZY:2<Z9>TYI:]Y;>EY9FJZ9^SYHFPYK\"1[[R,Z*^WYK&\"YI^EY:2$\n"
                              "MXX\"\"Y;>EY9RPY9NTYHRAYZ\"TYHV?[[R,Y;&%YK\"1YI>@YK.5Y+R1YH&O[[R,\n"
                              "5Y:2:YJRAYHJ5Z*^)YI>@YIZ<XX\"\"\n";
static const char uu_gbk[] = "begin 644 letter.txt\n"
                             "MT*''^-*YO.3*J;FDU.O2],C%P_&CK,?KQ_.RZ;2FH:.YI+78SJ>ULL;&R_\"C\n"
                             "=K+[3P_'.WK>HT-W/HJ.LMN\"TSLVVR]_.WKG[H:, \n"
                             "`\n"
                             "end\n";
/* Encoded-words of eight or ten characters each, of the first body. */
static const char words_utf8[] =
  "=?UTF-8?B?5bCP5Yy65aSc6Ze05pa95bel5Zmq6Z+z?= =?UTF-8?B?5omw5rCR77yM6K+35rGC5p+l5aSE44CC?= "
  "=?UTF-8?B?5bel5Zyw5Zu05oyh56C05o2f77yM5bGF?= =?UTF-8?B?5rCR5peg5rOV5LyR5oGv77yM5aSa5qyh?= "
  "=?UTF-8?B?5oqV6K+J5peg5p6c44CC?=";
/* A Traditional letter in Big5, in words of twelve characters. */
static const char words_big5[] =
  "=?big5?B?p9qt7KjTpmKlX79BsWSu9aVduMun967G?= =?big5?B?prOtraS9pXGkdadAoUGye6ZipaK3fqZi?= "
  "=?big5?B?rmGhQav2s1epd6VppUi74qj6paK3fqtP?= =?big5?B?wEmq96FD?=";
static const char words_gb2312[] =
  "=?gb2312?B?0KHH+NK5vOTKqbmk1OvS9MjFw/E=?= =?gb2312?B?o6zH68fzsum0pqGjuaS12M6ntbI=?= "
  "=?gb2312?B?xsbL8KOsvtPD8c7et6jQ3c+io6w=?= =?gb2312?B?tuC0zs22y9/O3rn7oaM=?=";

/* @body, quoted as CSV quotes, as the only record's. */
static char *
one_record (const char *body)
{
  g_auto(GStrv) parts = g_strsplit (body, "\"", -1);
  g_autofree char *quoted = g_strjoinv ("\"\"", parts);

  return g_strdup_printf ("id,body\n1,\"%s\"\n", quoted);
}

static void
assert_refused (const char *body,
                const char *form,
                const char *encoding)
{
  g_autofree char *csv = one_record (body);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, form));
  if (encoding != NULL)
    g_assert_nonnull (strstr (error->message, encoding));
}

static void
assert_read (const char *body)
{
  g_autofree char *csv = one_record (body);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 1);
}

static void
test_gb18030_four_bytes (void)
{
  assert_refused (gb18030_hex, "its text as hex digits", "its bytes being GB18030");
  assert_refused (gb18030_base64, "base64", "its bytes being GB18030");
}

static void
test_uuencode (void)
{
  g_autofree char *framed_utf8 = g_strconcat ("begin 644 x.txt\n", uu_utf8, "`\nend\n", NULL);
  g_auto(GStrv) lines = g_strsplit (uu_gbk, "\n", -1);
  g_autofree char *crlf = g_strjoinv ("\r\n", lines);

  assert_refused (uu_utf8, "uuencoded", "its bytes being UTF-8");
  assert_refused (uu_gbk, "uuencoded", "its bytes being GBK");
  assert_refused (framed_utf8, "uuencoded", "its bytes being UTF-8");
  assert_refused (crlf, "uuencoded", "its bytes being GBK");
}

static void
test_encoded_words (void)
{
  g_auto(GStrv) words = g_strsplit (words_utf8, " ", -1);
  g_autofree char *folded = g_strjoinv ("\r\n ", words);

  assert_refused (words_utf8, "MIME encoded-words", NULL);
  assert_refused (words_gb2312, "MIME encoded-words", NULL);
  assert_refused (words_big5, "MIME encoded-words", NULL);
  assert_refused (folded, "MIME encoded-words", NULL);
}

/* Near misses: each is read. */
static void
test_near_misses (void)
{
  /* A letter quoting its sender's encoded name (张三), and a From line. */
  assert_read ("小区夜间施工噪音扰民，请求查处。来自 =?utf-8?B?5byg5LiJ?= <zhangsan@example.com>");
  assert_read ("From: =?UTF-8?B?5byg5LiJ?= <zhangsan@example.com>");
  /* A charset no converter knows: no text to judge. */
  assert_read ("=?x-unknown?B?5bCP5Yy65aSc6Ze05pa95bel5Zmq6Z+z?= =?x-unknown?B?5omw5rCR77yM6K+35rGC5p+l5aSE44CC?=");
  /* A begin line before plain text; English lines of uuencode's lengths
   * ("#" for three bytes, four characters; "$" for four, eight). */
  assert_read ("begin 644 letter.txt\n小区夜间施工噪音扰民，请求查处。工地围挡破损，居民无法休息。\nend\n");
  assert_read ("#abcd\n#efgh\n#ijkl\n#mnop\n#qrst\n$HELLOWOR\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/bad-row-wrappings/gb18030-four-bytes", test_gb18030_four_bytes);
  g_test_add_func ("/engine/bad-row-wrappings/uuencode", test_uuencode);
  g_test_add_func ("/engine/bad-row-wrappings/encoded-words", test_encoded_words);
  g_test_add_func ("/engine/bad-row-wrappings/near-misses", test_near_misses);

  return g_test_run ();
}
