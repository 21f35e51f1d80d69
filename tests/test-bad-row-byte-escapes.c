/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A body whose Chinese is written as its bytes, each escaped: percent-
 * encoded (a web form's export), quoted-printable (an e-mail's) or \x
 * escapes. Read as they stood, every tenth sample petition so written
 * gave about 930 pairs among the 300 (7 of them true), exit 0: each is a
 * bad row, named with its line and column, the escapes it starts with and
 * the encoding of their bytes, or skipped and counted with
 * --skip-bad-rows. A letter with a %20 of a link, a price =50元, a path
 * C:\xiaoming or a search word escaped in a quoted link is read.
 * Oracles: the escapes written here by hand from the bytes of 我是 (UTF-8
 * E6 88 91 E6 98 AF, GBK CE D2 CA C7).
 */
#define G_LOG_DOMAIN "pr-test-bad-row-byte-escapes"

#include "config.h"

#include <string.h>

#include "pr-record-set.h"
#include "pr-test-util.h"

static const char *const bodies[] = {
  "小区夜间施工噪音扰民，请求查处。工地围挡破损，居民无法休息，多次投诉无果。",
  "农村宅基地确权纠纷，村委会不予登记，请求复核。镇政府拖延办理，群众不满。",
  "我是退休职工，医保报销比例调整，门诊慢性病药品目录缩小，负担加重，请求说明。",
  "拖欠农民工工资，建筑公司老板失联，请求追讨。劳动监察部门尽快处理。",
};

/* As urllib.parse.quote () writes: every byte but ASCII letters, digits
 * and -._~/ as %XX, upper case. */
static char *
percent (const char *bytes)
{
  GString *s = g_string_new (NULL);

  for (const guchar *p = (const guchar *) bytes; *p != '\0'; p++)
    if (g_ascii_isalnum (*p) || strchr ("-._~/", *p) != NULL)
      g_string_append_c (s, (char) *p);
    else
      g_string_append_printf (s, "%%%02X", *p);
  return g_string_free (s, FALSE);
}

static char *
percent_utf8 (const char *text)
{
  return percent (text);
}

static char *
percent_gbk (const char *text)
{
  g_autofree char *gbk = g_convert (text, -1, "GBK", "UTF-8", NULL, NULL, NULL);

  g_assert_nonnull (gbk);
  return percent (gbk);
}

/* As quopri.encodestring () writes: bytes past ASCII and "=" as =XX, and a
 * soft line break (=, then a line break) before a line would pass 76
 * characters, also inside a character's bytes. */
static char *
quoted_printable (const char *text)
{
  GString *s = g_string_new (NULL);
  gsize line = 0;

  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    {
      gsize n = (*p >= 0x80 || *p == '=') ? 3 : 1;

      if (line + n > 75)
        {
          g_string_append (s, "=\n");
          line = 0;
        }
      if (n == 3)
        g_string_append_printf (s, "=%02X", *p);
      else
        g_string_append_c (s, (char) *p);
      line += n;
    }
  return g_string_free (s, FALSE);
}

/* As Python prints bytes: each as \xXX, lower case. */
static char *
backslash_x (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    g_string_append_printf (s, "\\x%02x", *p);
  return g_string_free (s, FALSE);
}

/* The bodies, the third (line 4) passed through @wrap. */
static char *
records (char *(*wrap) (const char *))
{
  GString *csv = g_string_new ("id,body\n");

  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autofree char *body = i == 2 ? wrap (bodies[i]) : g_strdup (bodies[i]);

      g_string_append_printf (csv, "%u,\"%s\"\n", i + 1, body);
    }
  return g_string_free (csv, FALSE);
}

static void
test_refused (void)
{
  static const struct
  {
    char *(*wrap) (const char *);
    const char *form;
    const char *shown;
    const char *encoding;
  } cases[] = {
    { percent_utf8, "percent-encoded bytes", "“%E6%88%91%E6%98%AF…”", "its bytes being UTF-8" },
    { percent_gbk, "percent-encoded bytes", "“%CE%D2%CA%C7%CD%CB…”", "its bytes being GBK" },
    { quoted_printable, "quoted-printable bytes", "“=E6=88=91=E6=98=AF…”", "its bytes being UTF-8" },
    { backslash_x, "escaped bytes", "“\\xe6\\x88\\x91\\xe6\\x98\\xaf…”", "its bytes being UTF-8" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *csv = records (cases[c].wrap);
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);
      g_autoptr(PrRecordSet) skipped = NULL;

      g_assert_null (set);
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "line 4 (id “3”)"));
      g_assert_nonnull (strstr (error->message, "“body”"));
      g_assert_nonnull (strstr (error->message, cases[c].form));
      g_assert_nonnull (strstr (error->message, cases[c].shown));
      g_assert_nonnull (strstr (error->message, cases[c].encoding));
      g_assert_nonnull (strstr (error->message, "decode the export first"));
      g_assert_nonnull (strstr (error->message, "--skip-bad-rows"));
      g_clear_error (&error);

      skipped = pr_test_load_id_body_csv_full (csv, NULL, PR_COLUMN_ROLE_IGNORE, TRUE, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (skipped->n_records, ==, 3);
      g_assert_cmpuint (skipped->n_bad_rows, ==, 1);
    }
}

/* What a petitioner writes: a link with %20, a price after "=", a folder
 * whose name starts with x, a link whose search words are escaped inside
 * a letter of plain Chinese, one escaped character, ASCII escaped, and
 * three escaped characters (fewer than four). */
static void
test_typed_read (void)
{
  static const char csv[] =
    "id,body\n"
    "1,见附件 http://example.com/my%20file%20v2.pdf 小区噪音扰民问题一直没有解决。\n"
    "2,物业费每平方米=50元，=E5=8F=B7楼另收=30元，远超标准，请求核查收费依据。\n"
    "3,材料存放在C:\\xiaoming\\xuexi\\xa目录下，请查收附件。\n"
    "4,我在网上搜索 https://www.baidu.com/s?wd=%E5%8C%97%E4%BA%AC%E5%B8%82%E6%94%BF%E5%BA%9C 看到相关报道，"
    "小区门口的垃圾站臭气熏天多年无人处理，请求政府尽快解决这个问题。\n"
    "5,回复编号\\x41\\x42\\x43，工单=3D已受理，请尽快处理拖欠工资的问题。\n"
    "6,搜索%E5%B0%8F%E5%8C%BA%E5%99%AA三个字没有结果\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 6);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/bad-row-byte-escapes/refused", test_refused);
  g_test_add_func ("/engine/bad-row-byte-escapes/typed-read", test_typed_read);

  return g_test_run ();
}
