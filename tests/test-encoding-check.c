/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The mis-encoding check (src/engine/pr-encoding-check.c) on hand-built
 * byte strings: 中文 is E4 B8 AD E6 96 87 in UTF-8 and D6 D0 CE C4 in GBK.
 */
#include "config.h"

#include <string.h>

#include "pr-encoding-check.h"
#include "pr-fingerprinter.h"
#include "pr-test-util.h"

#define UTF8_ZHONGWEN "\xe4\xb8\xad\xe6\x96\x87"
#define GBK_ZHONGWEN  "\xd6\xd0\xce\xc4"

static PrEncodingGuess
guess_bytes (const char *bytes)
{
  return pr_encoding_guess_bytes (bytes, strlen (bytes));
}

/* @bytes as a Latin-1 reading decodes them: each byte one character. */
static char *
as_latin1 (const char *bytes)
{
  g_autoptr(GError) error = NULL;
  char *text = g_convert (bytes, -1, "UTF-8", "ISO-8859-1", NULL, NULL, &error);

  g_assert_no_error (error);
  return text;
}

/* @bytes as a CP1252 decoder that writes U+FFFD for the five bytes CP1252
 * leaves undefined (Java's, Python's with errors="replace") decodes them. */
static char *
as_cp1252_replaced (const char *bytes)
{
  GString *text = g_string_new (NULL);

  for (const guchar *b = (const guchar *) bytes; *b != '\0'; b++)
    {
      g_autofree char *one = g_convert ((const char *) b, 1, "UTF-8", "CP1252", NULL, NULL, NULL);

      if (one != NULL)
        g_string_append (text, one);
      else
        g_string_append_unichar (text, 0xFFFD);
    }
  return g_string_free (text, FALSE);
}

static PrEncodingGuess
guess_text (const char *text)
{
  return pr_encoding_guess_misdecoded (text, strlen (text));
}

static void
test_bytes (void)
{
  g_assert_cmpint (guess_bytes (""), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (guess_bytes ("plain ASCII 123"), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (guess_bytes (UTF8_ZHONGWEN), ==, PR_ENCODING_GUESS_UTF8);
  g_assert_cmpint (guess_bytes ("caf\xc3\xa9"), ==, PR_ENCODING_GUESS_UTF8);
  g_assert_cmpint (guess_bytes (GBK_ZHONGWEN), ==, PR_ENCODING_GUESS_GB18030);
  g_assert_cmpint (guess_bytes (GBK_ZHONGWEN "2023" GBK_ZHONGWEN), ==, PR_ENCODING_GUESS_GB18030);
  /* A GB18030 four-byte character (U+20000 is 95 32 82 36) and a GBK one. */
  g_assert_cmpint (guess_bytes ("\x95\x32\x82\x36\xd6\xd0"), ==, PR_ENCODING_GUESS_GB18030);
  /* Latin-1 words pair up as GBK sparsely or not at all. */
  g_assert_cmpint (guess_bytes ("M\xfcller"), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (guess_bytes ("caf\xe9 cr\xe8me"), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (guess_bytes ("Ma\xf1""ana Pe\xf1""a"), ==, PR_ENCODING_GUESS_NONE);
  /* Cut in the middle of a character: no GBK. */
  g_assert_cmpint (guess_bytes (GBK_ZHONGWEN "\xd6"), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (guess_bytes ("\xff\xfe\xff\xfe"), ==, PR_ENCODING_GUESS_NONE);
  /* Big5 信訪 (AB 48 B3 58): valid GBK too, but its second bytes are
   * below 0x80, as GB2312's never are. */
  g_assert_cmpint (guess_bytes ("\xab\x48\xb3\x58"), ==, PR_ENCODING_GUESS_BIG5);
  g_assert_cmpstr (pr_encoding_guess_to_string (PR_ENCODING_GUESS_BIG5), ==, "BIG5");
}

/* Real text, converted here: Traditional Chinese in Big5, and the
 * Simplified sample sentence in GBK and in GB18030. */
static void
test_big5_or_gbk (void)
{
  static const char traditional[] = "信訪人反映，該公司拖欠工資已有三個月，請有關部門儘快處理。";
  static const char simplified[] = "信访人反映，该公司拖欠工资已有三个月，请有关部门尽快处理。";
  g_autofree char *big5 = g_convert (traditional, -1, "BIG5", "UTF-8", NULL, NULL, NULL);
  g_autofree char *gbk = g_convert (simplified, -1, "GBK", "UTF-8", NULL, NULL, NULL);
  g_autofree char *gbk_traditional = g_convert (traditional, -1, "GBK", "UTF-8", NULL, NULL, NULL);
  g_autofree char *gb18030 = g_convert (simplified, -1, "GB18030", "UTF-8", NULL, NULL, NULL);

  g_assert_nonnull (big5);
  g_assert_nonnull (gbk);
  g_assert_nonnull (gbk_traditional);
  g_assert_cmpint (guess_bytes (big5), ==, PR_ENCODING_GUESS_BIG5);
  g_assert_cmpint (guess_bytes (gbk), ==, PR_ENCODING_GUESS_GB18030);
  g_assert_cmpint (guess_bytes (gbk_traditional), ==, PR_ENCODING_GUESS_GB18030);
  g_assert_cmpint (guess_bytes (gb18030), ==, PR_ENCODING_GUESS_GB18030);
}

static void
test_misdecoded (void)
{
  g_autofree char *utf8_as_latin1 = as_latin1 (UTF8_ZHONGWEN "abc");
  g_autofree char *gbk_as_latin1 = as_latin1 (GBK_ZHONGWEN GBK_ZHONGWEN);
  g_autofree char *latin1 = as_latin1 ("M\xfcller caf\xe9");
  /* 我住在丰收路 (住 is E4 BD 8F, 收 E6 94 B6): a byte CP1252 leaves
   * undefined lost to U+FFFD, the rest its letters. */
  g_autofree char *utf8_as_cp1252 = as_cp1252_replaced ("\xe6\x88\x91\xe4\xbd\x8f\xe5\x9c\xa8\xe4\xb8\xb0"
                                                        "\xe6\x94\xb6\xe8\xb7\xaf");
  g_autofree char *latin1_replaced = g_strconcat (latin1, "\xef\xbf\xbd", NULL);

  g_assert_nonnull (strstr (utf8_as_cp1252, "\xef\xbf\xbd"));
  g_assert_cmpint (guess_text (utf8_as_cp1252), ==, PR_ENCODING_GUESS_UTF8);
  g_assert_cmpint (guess_text (latin1_replaced), ==, PR_ENCODING_GUESS_NONE);
  /* The same with "?" for the byte lost (我住在: 住's 8F), as MySQL's
   * conversion writes it; a question mark in Latin text (Ç? is a valid
   * pair with 0x81 in its place) is none. */
  g_assert_cmpint (guess_text ("\xc3\xa6\xcb\x86\xe2\x80\x98\xc3\xa4\xc2\xbd?\xc3\xa5\xc5\x93\xc2\xa8"), ==,
                   PR_ENCODING_GUESS_UTF8);
  g_assert_cmpint (guess_text ("Fran\xc3\x87?s caf\xc3\xa9?"), ==, PR_ENCODING_GUESS_NONE);
  /* Read as CP1250 (a MariaDB cp1250 column): 我住在丰收路 in UTF-8 ("?"
   * for 0x88, which CP1250 leaves undefined), 投诉小区物业乱收费 in GBK;
   * Polish and Lithuanian words are none. */
  g_assert_cmpint (guess_text ("\xc4\x87?\xe2\x80\x98\xc3\xa4\xcb\x9d\xc5\xb9\xc4\xba\xc5\x9b\xc2\xa8\xc3\xa4\xc2\xb8"
                               "\xc2\xb0\xc4\x87\xe2\x80\x9d\xc2\xb6\xc4\x8d\xc2\xb7\xc5\xbb"),
                   ==, PR_ENCODING_GUESS_UTF8);
  g_assert_cmpint (guess_text ("\xc3\x8d\xc2\xb6\xc3\x8b\xc3\x9f\xc4\x90\xcb\x87\xc3\x87\xc5\x99\xc3\x8e\xc4\x8f\xc5\x87"
                               "\xc2\xb5\xc3\x82\xc5\x87\xc4\x98\xc5\x90\xc2\xb7\xc5\x83"),
                   ==, PR_ENCODING_GUESS_GB18030);
  g_assert_cmpint (guess_text ("Za\xc5\xbc\xc3\xb3\xc5\x82\xc4\x87 g\xc4\x99\xc5\x9bl\xc4\x85 ja\xc5\xba\xc5\x84, "
                               "\xc5\x81\xc3\xb3" "d\xc5\xba"), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (guess_text ("\xc5\xa0iauli\xc5\xb3 \xc4\x85\xc5\xbeuolas, Vilniaus gatv\xc4\x97"), ==,
                   PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (guess_text ("\xe4\xb8\xad\xef\xbf\xbd"), ==, PR_ENCODING_GUESS_NONE);
  /* 张三 read as UTF-8 with errors="replace", or GBK's 中丂 (D6 D0 81 40)
   * read as CP1252: U+FFFD is no byte known, and makes no GBK. */
  g_assert_cmpint (guess_text ("\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (guess_text ("\xc3\x96\xc3\x90\xef\xbf\xbd@"), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (guess_text (utf8_as_latin1), ==, PR_ENCODING_GUESS_UTF8);
  g_assert_cmpint (guess_text (gbk_as_latin1), ==, PR_ENCODING_GUESS_GB18030);
  g_assert_cmpint (guess_text (latin1), ==, PR_ENCODING_GUESS_NONE);
  /* Chinese read right, and text beyond Latin-1. */
  g_assert_cmpint (guess_text (UTF8_ZHONGWEN), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (guess_text ("\xc3\xa9\xe2\x82\xac\xe4\xb8\xad"), ==, PR_ENCODING_GUESS_NONE);
  /* CP1252's € (U+20AC) is byte 0x80 again: "ä€" (C3 A4 E2 82 AC) read
   * as CP1252 is "Ã¤â‚¬". */
  g_assert_cmpint (guess_text ("\xc3\x83\xc2\xa4\xc3\xa2\xe2\x80\x9a\xc2\xac"), ==, PR_ENCODING_GUESS_UTF8);
  /* A C1 control character (U+0085) in no other encoding's bytes. */
  g_assert_cmpint (guess_text ("abc\xc2\x85"), ==, PR_ENCODING_GUESS_C1);
  g_assert_cmpint (guess_text ("\xe4\xb8\xad\xc2\x85"), ==, PR_ENCODING_GUESS_C1);
  g_assert_null (pr_encoding_guess_to_string (PR_ENCODING_GUESS_C1));
  g_assert_cmpstr (pr_encoding_guess_to_string (PR_ENCODING_GUESS_GB18030), ==, "GB18030");
}

/* What a Latin-1 or CP1252 reading makes of a byte, by ICU's tables (the
 * oracle's own): -1 for a character none makes. */
static int
oracle_latin_byte (gunichar c)
{
  if (c <= 0xFF)
    return c;
  /* A byte CP1252 leaves undefined, decoded as U+FFFD: 0x81 stands in. */
  if (c == 0xFFFD)
    return 0x81;
  for (int b = 0x80; b <= 0x9F; b++)
    {
      char byte = (char) b;
      g_autofree char *text = g_convert (&byte, 1, "UTF-8", "CP1252", NULL, NULL, NULL);

      if (text != NULL && g_utf8_get_char (text) == c)
        return b;
    }
  return -1;
}

/* Text read as CP1250, CP1257, CP1254 or CP1258, written back by iconv:
 * Chinese UTF-8 ("?" or U+FFFD for a continuation byte lost) or GBK (Big5)
 * of common ideographs only. */
static PrEncodingGuess
oracle_other_code_page (const char *text)
{
  const char *const code_pages[] = { "CP1250", "CP1257", "CP1254", "CP1258" };
  static GIConv to[G_N_ELEMENTS (code_pages)];   /* opened once: the random test calls this often */
  g_autoptr(GString) marked = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x2200 && c != 0xFFFD)
        return PR_ENCODING_GUESS_NONE;
      g_string_append_unichar (marked, c == 0xFFFD ? '?' : c);
    }
  for (guint k = 0; k < G_N_ELEMENTS (code_pages); k++)
    {
      gsize n = 0;
      g_autofree char *bytes = NULL;
      PrEncodingGuess guess;
      gboolean three = FALSE;

      if (to[k] == NULL)
        to[k] = g_iconv_open (code_pages[k], "UTF-8");
      g_iconv (to[k], NULL, NULL, NULL, NULL);
      bytes = g_convert_with_iconv (marked->str, marked->len, to[k], NULL, &n, NULL);
      if (bytes == NULL)
        continue;
      for (gsize i = 0; i < n; i++)
        {
          gsize lead = i;

          /* Back to the lead byte of the sequence "?" would sit in. */
          while (lead > 0 && ((guint8) bytes[lead - 1] & 0xC0) == 0x80 && i - lead < 3)
            lead--;
          if (bytes[i] == '?' && lead > 0 && (guint8) bytes[lead - 1] >= 0xC2 &&
              i - (lead - 1) < (gsize) ((guint8) bytes[lead - 1] >= 0xF0 ? 4 : (guint8) bytes[lead - 1] >= 0xE0 ? 3 : 2))
            bytes[i] = (char) 0x81;
          three |= (guint8) bytes[i] >= 0xE0;
        }
      guess = pr_encoding_guess_bytes (bytes, n);
      if (guess == PR_ENCODING_GUESS_UTF8 && pr_encoding_bytes_look_utf8 (bytes, n) && three)
        return guess;
      if (strstr (text, "\xef\xbf\xbd") == NULL && (guess == PR_ENCODING_GUESS_GB18030 || guess == PR_ENCODING_GUESS_BIG5))
        {
          g_autofree char *read = g_convert (bytes, n, "UTF-8", pr_encoding_guess_to_string (guess), NULL, NULL, NULL);
          guint64 han = 0, common = 0;

          if (read != NULL)
            pr_encoding_count_han_plain (read, strlen (read), &han, &common);
          if (han >= 2 && common == han)
            return guess;
        }
    }
  return PR_ENCODING_GUESS_NONE;
}

/* pr_encoding_guess_misdecoded() as its documentation says, character by
 * character. */
static PrEncodingGuess
oracle_misdecoded (const char *text)
{
  g_autoptr(GString) bytes = g_string_new (NULL);
  gboolean high = FALSE, latin = TRUE, c1 = FALSE;
  guint replaced = 0, made = 0;
  PrEncodingGuess guess = PR_ENCODING_GUESS_NONE;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      int b = oracle_latin_byte (c);

      high |= c >= 0x80;
      replaced += c == 0xFFFD;
      made += c >= 0x80 && c != 0xFFFD;
      c1 |= c >= 0x80 && c <= 0x9F;
      latin &= b >= 0;
      g_string_append_c (bytes, (char) b);
    }
  if (!high)
    return PR_ENCODING_GUESS_NONE;
  /* U+FFFD only in a minority, and only toward UTF-8. */
  if (latin && replaced < made)
    guess = pr_encoding_guess_bytes (bytes->str, bytes->len);
  if (replaced > 0 && guess != PR_ENCODING_GUESS_UTF8)
    guess = PR_ENCODING_GUESS_NONE;
  if (!latin && !c1)
    guess = oracle_other_code_page (text);
  return guess == PR_ENCODING_GUESS_NONE && c1 ? PR_ENCODING_GUESS_C1 : guess;
}

/* Random strings of the characters at the edges of what a Latin-1 or
 * CP1252 reading makes (C1 controls, CP1252's signs from U+0152 to
 * U+2122 and their neighbours, ideographs), against the oracle: the
 * check takes shortcuts over Chinese text. */
static void
test_misdecoded_random (void)
{
  static const gunichar pool[] = {
    'a', ' ', 0x80, 0x85, 0x9F, 0xA0, 0xC4, 0xD6, 0xE9, 0xFF, 0x100, 0x151, 0x152, 0x153,
    0x178, 0x192, 0x2013, 0x20AC, 0x2121, 0x2122, 0x2123, 0x3000, 0x4E2D, 0x6587, 0xFF0C, 0xFFFD, 0x20000,
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  const guint n_rounds = pr_test_size (20000, 2000);

  for (guint round = 0; round < n_rounds; round++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 0, 9);

      for (guint i = 0; i < n; i++)
        g_string_append_unichar (text, pool[g_rand_int_range (rand, 0, G_N_ELEMENTS (pool))]);
      g_assert_cmpint (pr_encoding_guess_misdecoded (text->str, text->len), ==, oracle_misdecoded (text->str));
    }
}

static void
test_column_verdict (void)
{
  g_autoptr(PrEncodingCheck) chinese = pr_encoding_check_new ();
  g_autoptr(PrEncodingCheck) mixed = pr_encoding_check_new ();
  g_autoptr(PrEncodingCheck) western = pr_encoding_check_new ();
  g_autoptr(PrEncodingCheck) blob = pr_encoding_check_new ();
  g_autofree char *gbk_as_latin1 = as_latin1 (GBK_ZHONGWEN GBK_ZHONGWEN);
  g_autofree char *latin1 = as_latin1 ("M\xfcller caf\xe9");
  guint64 first = 0, count = 0;

  /* Chinese read right, with one value of mojibake among it (row 7). */
  for (guint64 row = 1; row <= 10; row++)
    {
      const char *value = row == 7 ? gbk_as_latin1 : UTF8_ZHONGWEN "2023";

      pr_encoding_check_add (chinese, value, strlen (value), row);
    }
  g_assert_cmpint (pr_encoding_check_verdict (chinese, &first, &count), ==, PR_ENCODING_GUESS_GB18030);
  g_assert_cmpuint (first, ==, 7);
  g_assert_cmpuint (count, ==, 1);

  /* Western text with less than half of mojibake-looking values. */
  for (guint64 row = 1; row <= 10; row++)
    {
      const char *value = row == 3 ? gbk_as_latin1 : latin1;

      pr_encoding_check_add (mixed, value, strlen (value), row);
      pr_encoding_check_add (western, latin1, strlen (latin1), row);
    }
  g_assert_cmpint (pr_encoding_check_verdict (mixed, NULL, NULL), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (pr_encoding_check_verdict (western, &first, &count), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpuint (count, ==, 0);

  /* Raw bytes that are no UTF-8 are judged as bytes. */
  g_assert_cmpint (pr_encoding_check_add (blob, GBK_ZHONGWEN, 4, 2), ==, PR_ENCODING_GUESS_GB18030);
  g_assert_cmpint (pr_encoding_check_add (blob, "\x01\xff", 2, 3), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (pr_encoding_check_verdict (blob, &first, NULL), ==, PR_ENCODING_GUESS_GB18030);
  g_assert_cmpuint (first, ==, 2);
}

/* Bytes that are no UTF-8 (GBK lines in a UTF-8 file, GBK values in a
 * BLOB): fewer of them than values of Chinese text read right are bad
 * rows, no verdict; as many or more are the column's encoding. Among text
 * read right, a value that is GBK decoded as Latin-1 is still judged, and
 * named by its own row, not the rows of raw bytes. */
static void
test_raw_few_rows (void)
{
  g_autoptr(PrEncodingCheck) few = pr_encoding_check_new ();
  g_autoptr(PrEncodingCheck) most = pr_encoding_check_new ();
  g_autoptr(PrEncodingCheck) both = pr_encoding_check_new ();
  g_autofree char *gbk_as_latin1 = as_latin1 (GBK_ZHONGWEN GBK_ZHONGWEN);
  const char *text = UTF8_ZHONGWEN "2023";
  guint64 first = 0, count = 0;

  for (guint64 row = 1; row <= 10; row++)
    {
      gboolean raw = row == 4;

      pr_encoding_check_add (few, raw ? GBK_ZHONGWEN : text, raw ? 4 : strlen (text), row);
    }
  g_assert_cmpint (pr_encoding_check_verdict (few, &first, &count), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpuint (count, ==, 0);

  /* 5 raw against 5 of text: the column's encoding. */
  for (guint64 row = 1; row <= 10; row++)
    {
      gboolean raw = row % 2 == 0;

      pr_encoding_check_add (most, raw ? GBK_ZHONGWEN : text, raw ? 4 : strlen (text), row);
    }
  g_assert_cmpint (pr_encoding_check_verdict (most, &first, &count), ==, PR_ENCODING_GUESS_GB18030);
  g_assert_cmpuint (first, ==, 2);
  g_assert_cmpuint (count, ==, 5);
  g_assert_true (pr_encoding_check_is_raw (most, PR_ENCODING_GUESS_GB18030));

  /* Rows 2 and 3 raw, row 6 mojibake, seven of text. */
  for (guint64 row = 1; row <= 10; row++)
    {
      const char *value = row == 2 || row == 3 ? GBK_ZHONGWEN : row == 6 ? gbk_as_latin1 : text;

      pr_encoding_check_add (both, value, strlen (value), row);
    }
  g_assert_cmpint (pr_encoding_check_verdict (both, &first, &count), ==, PR_ENCODING_GUESS_GB18030);
  g_assert_cmpuint (first, ==, 6);
  g_assert_cmpuint (count, ==, 1);
  g_assert_false (pr_encoding_check_is_raw (both, PR_ENCODING_GUESS_GB18030));
}

/* A thousand names read right and one whose bytes were lost to U+FFFD
 * before the file was made (张三 as Python's errors="replace" makes of it):
 * nothing to name an encoding by, so nothing refused. UTF-8 read as
 * CP1252 with U+FFFD for the bytes it leaves undefined still is. */
static void
test_column_replaced (void)
{
  static const char *const names[] = { "张三", "李四", "王五", "赵六", "陈明", "刘洋", "杨静", "黄伟" };
  g_autoptr(PrEncodingCheck) names_check = pr_encoding_check_new ();
  g_autoptr(PrEncodingCheck) mojibake = pr_encoding_check_new ();
  g_autofree char *utf8_as_cp1252 = as_cp1252_replaced ("\xe6\x88\x91\xe4\xbd\x8f\xe5\x9c\xa8");
  const char *lost = "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd";
  guint64 first = 0, count = 0;

  for (guint64 line = 2; line <= 1001; line++)
    {
      const char *value = line == 501 ? lost : names[line % G_N_ELEMENTS (names)];

      pr_encoding_check_add (names_check, value, strlen (value), line);
    }
  pr_encoding_check_add (names_check, names[0], strlen (names[0]), 1002);
  g_assert_cmpint (pr_encoding_check_verdict (names_check, &first, &count), ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpuint (count, ==, 0);

  g_assert_nonnull (strstr (utf8_as_cp1252, "\xef\xbf\xbd"));
  for (guint64 line = 2; line <= 11; line++)
    pr_encoding_check_add (mojibake, utf8_as_cp1252, strlen (utf8_as_cp1252), line);
  g_assert_cmpint (pr_encoding_check_verdict (mojibake, &first, &count), ==, PR_ENCODING_GUESS_UTF8);
  g_assert_cmpuint (first, ==, 2);
  g_assert_cmpuint (count, ==, 10);
}

/* A column's encoding is part of the mapping's description and version:
 * fingerprints made from the bytes read another way are made again. */
static void
test_mapping_version (void)
{
  g_autoptr(PrMapping) plain = pr_mapping_new ();
  g_autoptr(PrMapping) gbk = pr_mapping_new ();
  g_autoptr(PrMapping) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;

  g_assert_true (pr_mapping_add (plain, "body", PR_COLUMN_ROLE_TEXT, 1, &error));
  g_assert_true (pr_mapping_add (gbk, "body", PR_COLUMN_ROLE_TEXT, 1, &error));
  g_assert_true (pr_mapping_set_encoding (gbk, "body", "gbk", &error));
  g_assert_no_error (error);
  copy = pr_mapping_copy (gbk);
  g_assert_cmpstr (pr_mapping_get_column (copy, 0)->encoding, ==, "GBK");
  description = pr_fingerprint_describe (copy, 0, 3, NULL);
  g_assert_nonnull (strstr (description, "text=body:1:encoding=GBK "));
  g_assert_cmpuint (pr_fingerprint_version (plain, 0, 3, NULL), !=, pr_fingerprint_version (gbk, 0, 3, NULL));

  g_assert_false (pr_mapping_set_encoding (gbk, "body", "NO-SUCH-ENCODING", &error));
  g_assert_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (pr_mapping_set_encoding (gbk, "subject", "GBK", &error));
  g_assert_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID);
}

/* @bytes read one by one in the code page @encoding, @lost for a byte it
 * leaves undefined: "?" (MySQL's conversion, Python's errors="replace"
 * written to a file) or "" (iconv's //IGNORE, errors="ignore"). */
static char *
as_code_page_losing (const char *bytes,
                     const char *encoding,
                     const char *lost)
{
  GString *text = g_string_new (NULL);

  for (const char *p = bytes; *p != '\0'; p++)
    {
      g_autofree char *one = g_convert (p, 1, "UTF-8", encoding, NULL, NULL, NULL);

      g_string_append (text, one != NULL ? one : lost);
    }
  return g_string_free (text, FALSE);
}

static char *
as_code_page (const char *bytes,
              const char *encoding)
{
  return as_code_page_losing (bytes, encoding, "?");
}

/* A column of UTF-8 text read in a Windows code page and saved again is
 * named with that code page, not Latin-1: CP1252 (which is Latin-1's),
 * the four whose letters are beyond Latin-1, and CP1254 by the bytes it
 * lacks. The oracle: iconv's reading of each byte. */
static void
test_reading_named (void)
{
  const struct {
    const char     *source;
    const char     *encoding;
    const char     *named;
    PrEncodingGuess guess;
    const char     *lost;
    guint64         min_count;  /* of the 30 values, found at least; 0: all */
  } readings[] = {
    { "UTF-8", "CP1252", "Latin-1", PR_ENCODING_GUESS_UTF8, "?" },
    { "UTF-8", "CP1250", "CP1250", PR_ENCODING_GUESS_UTF8, "?" },
    { "UTF-8", "CP1257", "CP1257", PR_ENCODING_GUESS_UTF8, "?" },
    { "UTF-8", "CP1258", "CP1258", PR_ENCODING_GUESS_UTF8, "?" },
    /* UTF-8's Chinese read as CP1254 is CP1252's reading but for 0x8E
     * and 0x9E lost ("?"), where CP1252 has Ž and ž: told by their lack
     * over many values. GBK's bytes meet its Turkish letters. */
    { "UTF-8", "CP1254", "CP1254", PR_ENCODING_GUESS_UTF8, "?" },
    { "GBK", "CP1254", "CP1254", PR_ENCODING_GUESS_GB18030, "?" },
    /* The undefined bytes dropped, not written as "?". */
    { "UTF-8", "CP1252", "Latin-1", PR_ENCODING_GUESS_UTF8, "" },
    { "UTF-8", "CP1254", "CP1254", PR_ENCODING_GUESS_UTF8, "" },
    /* A quarter of the continuation bytes are undefined in CP1253: a
     * short value keeps too few characters whole to be told alone. */
    { "UTF-8", "CP1253", "CP1253", PR_ENCODING_GUESS_UTF8, "", 12 },
    { "UTF-8", "CP1255", "CP1255", PR_ENCODING_GUESS_UTF8, "", 12 },
    { "UTF-8", "CP1257", "CP1257", PR_ENCODING_GUESS_UTF8, "", 12 },
  };
  /* "。" is E3 80 82 in UTF-8: CP1258 reads E3 as ă, CP1252 as ã. */
  /* 华, 回 and 实 have 0x8E or 0x9E in UTF-8: what CP1254 loses. */
  const char *const texts[] = { "我住在丰收路小区，物业乱收费，请求查处。", "投诉小区夜间施工噪音扰民，请求处理。",
                                "反映农村宅基地确权纠纷，村委会不予登记。", "新华街的居民反映实际问题，至今没有回复。" };

  for (guint r = 0; r < G_N_ELEMENTS (readings); r++)
    {
      g_autoptr(PrEncodingCheck) check = pr_encoding_check_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *expected = NULL;
      guint64 first = 0, count = 0;
      PrEncodingGuess guess;

      for (guint i = 0; i < 30; i++)
        {
          g_autofree char *bytes = g_convert (texts[i % G_N_ELEMENTS (texts)], -1, readings[r].source, "UTF-8", NULL,
                                              NULL, NULL);
          g_autofree char *text = as_code_page_losing (bytes, readings[r].encoding, readings[r].lost);

          pr_encoding_check_add (check, text, strlen (text), i + 2);
        }
      guess = pr_encoding_check_verdict (check, &first, &count);
      g_assert_cmpint (guess, ==, readings[r].guess);
      g_assert_cmpuint (count, >=, readings[r].min_count != 0 ? readings[r].min_count : 30);
      expected = g_strdup_printf ("column “body”: the text is %s read as %s and saved again (%" G_GUINT64_FORMAT " values, "
                                  "first on line %" G_GUINT64_FORMAT ")",
                                  pr_encoding_guess_to_string (readings[r].guess), readings[r].named, count, first);
      g_assert_cmpstr (pr_encoding_check_get_reading (check, guess, NULL), ==, readings[r].named);
      pr_encoding_check_set_csv_error (&error, "f.csv", "body", NULL, guess, first, count,
                                       pr_encoding_check_is_raw (check, guess),
                                       pr_encoding_check_get_reading (check, guess, NULL));
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, expected));
    }
}

/* UTF-8 read as CP1252 (CP1254) with the undefined bytes dropped is
 * found, one value at a time, and read back with as many characters as
 * it had; so is UTF-8 read as CP1253, CP1255 or CP1257. Western, Greek,
 * Hebrew and Baltic text, and Chinese read right, are not. */
static void
test_dropped (void)
{
  /* 住 (E4 BD 8F), 华 (E5 8D 8E), 回 (E5 9B 9E), 号 (E5 8F B7), 后 (E5 90 8E):
   * bytes CP1252 or CP1254 leave undefined. */
  const char *const chinese[] = { "我住在丰收路小区，物业乱收费，请求查处。", "新华街的居民反映实际问题，至今没有回复。",
                                  "朝阳路8号楼后面的垃圾无人清运。", "投诉小区夜间施工噪音扰民，请求处理。", NULL };
  const char *const code_pages[] = { "CP1252", "CP1254" };
  /* Greek, Hebrew and Baltic: their undefined bytes are other bytes. */
  const char *const beyond_latin1[] = { "CP1253", "CP1255", "CP1257" };
  const char *const foreign[] = {
    "Καλημέρα σας, η αίτηση για την άδεια οικοδομής στην Αθήνα — 12,50 €",
    "ΑΡΧΗ ΠΟΛΕΟΔΟΜΙΑΣ: Ώρες λειτουργίας «Δευτέρα–Παρασκευή» 08:00",
    "שלום, הבקשה לרישיון בנייה בתל אביב הוגשה ב־12 במאי ‎— ‏תודה",
    "בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ",
    "Laba diena, Vilniaus miesto savivaldybė gavo jūsų prašymą „Ąžuolas“",
    "Rīgas pilsētas dome: ļoti svarīgi, ka iesniegums ir parakstīts – paldies",
    "Tere päevast, Tallinna linnavalitsus: õigus, šokolaad, žürii",
  };
  /* French, German, Turkish, Vietnamese, Spanish words and names and
   * product names, with the signs Latin-1 has beside its letters. */
  const char *const western[] = {
    "Crème brûlée à la française, « très » bon — 12,50 €", "Straße in München: Grüße von Jürgen Müller & Söhne",
    "İstanbul'da güzel bir gün; Şişli, Çağlayan ve Ödemiş", "Tiếng Việt có dấu: Nguyễn Thị Hương, Đà Nẵng",
    "Señora Peña, año 1º, ¿qué tal? ¡Olé!", "Häagen-Dazs™ Crème Brûlée 460 ml — Nestlé Perrier® 1,5 l",
    "Œuvres complètes… éèêë àâä îï ôö ûüù ç ÿ æ ø å ß",  "Ãé»…é»…é»… ëé Ö café ±",
  };

  for (guint k = 0; k < G_N_ELEMENTS (code_pages); k++)
    for (guint i = 0; chinese[i] != NULL; i++)
      {
        g_autofree char *text = as_code_page_losing (chinese[i], code_pages[k], "");
        g_autofree char *with_marks = as_code_page (chinese[i], code_pages[k]);
        g_autofree char *back = NULL;

        g_test_message ("%s as %s: %s", chinese[i], code_pages[k], text);
        /* A byte was dropped (the "?" reading is longer by it). */
        g_assert_cmpuint (g_utf8_strlen (text, -1), <, g_utf8_strlen (with_marks, -1));
        g_assert_cmpint (guess_text (text), ==, PR_ENCODING_GUESS_UTF8);
        back = pr_encoding_text_read_back (text, strlen (text), PR_ENCODING_GUESS_UTF8);
        g_assert_nonnull (back);
        g_assert_cmpint (g_utf8_strlen (back, -1), ==, g_utf8_strlen (chinese[i], -1));
      }
  /* By hand: 我住在丰收路 with 住's 8F dropped. */
  g_assert_cmpint (guess_text ("Ã¦ËâÃ¤Â½Ã¥ÅÂ¨"
                               "Ã¤Â¸Â°"),
                   ==, PR_ENCODING_GUESS_UTF8);
  /* The code pages whose letters are beyond Latin-1: read back through
   * their own bytes, not CP1252's. They leave more continuation bytes
   * undefined (CP1253 a quarter), so a value as long as a petition's body
   * is judged, not a subject. */
  for (guint k = 0; k < G_N_ELEMENTS (beyond_latin1); k++)
    {
      g_autofree char *body = g_strjoinv (NULL, (char **) chinese);
      g_autofree char *text = as_code_page_losing (body, beyond_latin1[k], "");

      g_test_message ("%s as %s: %s", body, beyond_latin1[k], text);
      g_assert_cmpint (guess_text (text), ==, PR_ENCODING_GUESS_UTF8);
    }
  for (guint i = 0; i < G_N_ELEMENTS (foreign); i++)
    {
      g_test_message ("%s", foreign[i]);
      g_assert_cmpint (guess_text (foreign[i]), ==, PR_ENCODING_GUESS_NONE);
    }
  for (guint i = 0; i < G_N_ELEMENTS (western); i++)
    {
      g_test_message ("%s", western[i]);
      g_assert_cmpint (guess_text (western[i]), ==, PR_ENCODING_GUESS_NONE);
    }
  for (guint i = 0; chinese[i] != NULL; i++)
    g_assert_cmpint (guess_text (chinese[i]), ==, PR_ENCODING_GUESS_NONE);
}

/* One value judged alone names its reading as a column's check of it
 * does: pr_encoding_guess_reading (), as check --csv answers a record.
 * CP1254 is told in one value long enough to have shown CP1252's Ž or ž. */
static void
test_reading_one_value (void)
{
  const struct {
    const char *source, *encoding, *named, *charset, *lost;
  } readings[] = {
    { "UTF-8", "CP1252", "Latin-1", "latin1", "?" },
    { "UTF-8", "CP1250", "CP1250", "cp1250", "?" },
    { "UTF-8", "CP1257", "CP1257", "cp1257", "?" },
    { "UTF-8", "CP1258", "CP1258", NULL, "?" },
    { "UTF-8", "CP1254", "CP1254", NULL, "?" },
    { "GBK", "CP1254", "CP1254", NULL, "?" },
    /* Bytes dropped: no character set's CONVERT () gives them back. */
    { "UTF-8", "CP1252", "Latin-1", NULL, "" },
    { "UTF-8", "CP1254", "CP1254", NULL, "" },
    { "UTF-8", "CP1253", "CP1253", NULL, "" },
    { "UTF-8", "CP1255", "CP1255", NULL, "" },
    { "UTF-8", "CP1257", "CP1257", NULL, "" },
  };
  g_autoptr(GString) letter = g_string_new (NULL);

  /* Some 600 continuation bytes, with 华, 回 and 实 among them. */
  for (guint i = 0; i < 10; i++)
    g_string_append (letter, "新华街的居民反映实际问题，至今没有回复，请求有关部门尽快处理。");
  for (guint r = 0; r < G_N_ELEMENTS (readings); r++)
    {
      g_autofree char *bytes = g_convert (letter->str, -1, readings[r].source, "UTF-8", NULL, NULL, NULL);
      g_autofree char *text = as_code_page_losing (bytes, readings[r].encoding, readings[r].lost);
      g_autoptr(PrEncodingCheck) check = pr_encoding_check_new ();
      const char *reading = NULL, *charset = "unset", *column_charset = "unset";
      PrEncodingGuess guess = pr_encoding_guess_reading (text, strlen (text), &reading, &charset);

      g_test_message ("%s read as %s: %s", readings[r].source, readings[r].encoding, reading);
      g_assert_cmpint (guess, !=, PR_ENCODING_GUESS_NONE);
      g_assert_cmpstr (reading, ==, readings[r].named);
      g_assert_cmpstr (charset, ==, readings[r].charset);
      pr_encoding_check_add_full (check, text, strlen (text), 2);
      g_assert_cmpstr (pr_encoding_check_get_reading (check, guess, &column_charset), ==, reading);
      g_assert_cmpstr (column_charset, ==, readings[r].charset);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/encoding-check/bytes", test_bytes);
  g_test_add_func ("/engine/encoding-check/big5-or-gbk", test_big5_or_gbk);
  g_test_add_func ("/engine/encoding-check/misdecoded", test_misdecoded);
  g_test_add_func ("/engine/encoding-check/misdecoded-random", test_misdecoded_random);
  g_test_add_func ("/engine/encoding-check/column-verdict", test_column_verdict);
  g_test_add_func ("/engine/encoding-check/raw-few-rows", test_raw_few_rows);
  g_test_add_func ("/engine/encoding-check/column-replaced", test_column_replaced);
  g_test_add_func ("/engine/encoding-check/mapping-version", test_mapping_version);
  g_test_add_func ("/engine/encoding-check/reading-named", test_reading_named);
  g_test_add_func ("/engine/encoding-check/reading-one-value", test_reading_one_value);
  g_test_add_func ("/engine/encoding-check/dropped", test_dropped);

  return g_test_run ();
}
