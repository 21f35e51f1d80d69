/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A body that is a document's markup rather than its text: HTML from a
 * web form or an office system (<p style="font-family:宋体">…&nbsp;),
 * Chinese written as HTML character references (&#23567;), an RTF
 * document ({\rtf1 … \'d0\'a1). Read as they stood, 300 unrelated sample
 * petitions wrapped so gave 66 clusters holding 282 records (HTML), 277
 * (references) and 294 (RTF), where the same bodies as plain text gave 28,
 * exit 0. Such a value is a bad row, named with its line and column (or
 * skipped and counted with --skip-bad-rows); a letter with a stray "<<",
 * "&" or "\" of its own is read. So is a body that is a whole JSON object
 * or array holding the text ({"content":"小区…","channel":"web"}): read as
 * it stood, 3,000 sample petitions so written gained 92 pairs, 60 of them
 * false, and lost 23, exit 0.
 */
#define G_LOG_DOMAIN "pr-test-bad-row-markup"

#include "config.h"

#include <string.h>

#include "pr-record-set.h"
#include "pr-test-util.h"

static const char *const bodies[] = {
  "小区夜间施工噪音扰民，请求查处。工地围挡破损，居民无法休息，多次投诉无果。",
  "农村宅基地确权纠纷，村委会不予登记，请求复核。镇政府拖延办理，群众不满。",
  "拖欠农民工工资，建筑公司老板失联，请求追讨。劳动监察部门尽快处理。",
  "医保报销比例调整，退休职工门诊慢性病药品目录缩小，负担加重，请求说明。",
};

static char *
html (const char *text)
{
  return g_strdup_printf ("<p style=\"\"margin:0pt;font-family:宋体;font-size:12pt\"\"><span>%s</span>&nbsp;</p>",
                          text);
}

static char *
references (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    g_string_append_printf (s, "&#%u;", g_utf8_get_char (p));
  return g_string_free (s, FALSE);
}

static char *
rtf (const char *text)
{
  g_autofree char *gbk = g_convert (text, -1, "GBK", "UTF-8", NULL, NULL, NULL);
  GString *s = g_string_new ("{\\rtf1\\ansi\\ansicpg936\\deff0{\\fonttbl{\\f0\\fnil\\fcharset134 SimSun;}}"
                             "\\viewkind4\\uc1\\pard\\lang2052\\f0\\fs24 ");

  g_assert_nonnull (gbk);
  for (const guchar *p = (const guchar *) gbk; *p != '\0'; p++)
    if (*p >= 0x80)
      g_string_append_printf (s, "\\'%02x", *p);
    else
      g_string_append_c (s, (char) *p);
  g_string_append (s, "\\par}");
  return g_string_free (s, FALSE);
}

/* As a web form's back end exports a letter, the quotes doubled for CSV. */
static char *
json_object (const char *text)
{
  return g_strdup_printf ("{\"\"content\"\":\"\"%s\"\",\"\"attachments\"\":[],\"\"channel\"\":\"\"web\"\","
                          "\"\"version\"\":2}", text);
}

static char *
json_array (const char *text)
{
  return g_strdup_printf ("  [{\"\"id\"\":7,\"\"text\"\":\"\"%s\"\"}]\n", text);
}

static char *
json_strings (const char *text)
{
  return g_strdup_printf ("[\"\"附件一\"\", \"\"%s\"\"]", text);
}

/* The bodies, the third (line 4) passed through @wrap, or every one. */
static char *
records (char     *(*wrap) (const char *),
         gboolean    all)
{
  GString *csv = g_string_new ("id,body\n");

  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autofree char *body = (all || i == 2) ? wrap (bodies[i]) : g_strdup (bodies[i]);

      g_string_append_printf (csv, "%u,\"%s\"\n", i + 1, body);
    }
  return g_string_free (csv, FALSE);
}

static void
test_refused (void)
{
  static char *(*const wraps[]) (const char *) = { html, references, rtf, json_object, json_array,
                                                     json_strings };
  /* A JSON value's reason names its keys and where its text is, the path
   * a view's JSON_VALUE () takes. */
  static const char *const reasons[] = {
    "the value is HTML", "HTML character references", "RTF document",
    "the value is a JSON object (keys “content”, “attachments”, “channel”, “version”; its Chinese text is at "
    "$.content): its keys and punctuation would be compared as the letter's words; select the text through a "
    "view (JSON_VALUE(column, '$.content'))",
    "the value is a JSON array (keys “id”, “text”; its Chinese text is at $[0].text): its brackets, keys and "
    "punctuation would be compared as the letter's words; select the text through a view "
    "(JSON_VALUE(column, '$[0].text'))",
    "the value is a JSON array (its Chinese text is at $[1]): its brackets and punctuation would be compared as "
    "the letter's words; select the text through a view (JSON_VALUE(column, '$[1]'))",
  };

  for (guint w = 0; w < G_N_ELEMENTS (wraps); w++)
    {
      g_autofree char *csv = records (wraps[w], FALSE);
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);
      g_autoptr(PrRecordSet) skipped = NULL;

      g_assert_null (set);
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "line 4"));
      g_assert_nonnull (strstr (error->message, "“body”"));
      g_assert_nonnull (strstr (error->message, reasons[w]));
      g_clear_error (&error);

      skipped = pr_test_load_id_body_csv_full (csv, NULL, PR_COLUMN_ROLE_IGNORE, TRUE, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (skipped->n_records, ==, 3);
      g_assert_cmpuint (skipped->n_bad_rows, ==, 1);
    }
}

/* What a petitioner types: book-title marks written <<…>>, a lone tag-like
 * word, an ampersand, paths with backslashes (some of them RTF's control
 * words), one &nbsp; pasted, a <br> among comparisons, a list lettered
 * <a> <b> <c>, buildings numbered B5\B3\B1 (from the petitions' data);
 * JSON that is not a letter's text: a letter quoting a snippet, an object
 * or array of ASCII only (codes, a form's empty fields: no Chinese to
 * misread, and every mapped column is checked), an object with three
 * ideographs, brackets that are not JSON. */
static void
test_typed_read (void)
{
  static const char csv[] =
    "id,body\n"
    "1,我在<<人民日报>>上看到相关报道，请求落实政策。\n"
    "2,房屋面积 a<b 的情况下按 <p> 档计算，水电 & 燃气费用不合理。\n"
    "3,材料放在 C:\\par\\files 目录下，见附件。\n"
    "4,请见附件&nbsp;，谢谢。\n"
    "5,材料在 C:\\files\\b\\i\\par 目录下，请查收。\n"
    "6,x<p 或 y>q，工资<3000元<br>补贴>500，不合理。\n"
    "7,诉求如下：<a>退还押金；<b>赔偿损失；<c>公开道歉。\n"
    "8,{九问}匝道将沿保利西海岸B5\\B3\\B1开挖，距离高楼如此近。\n"
    "9,\"系统提示 {\"\"a\"\":1} 后无法提交，小区物业拒绝处理，请求查处。\"\n"
    "10,\"{\"\"a\"\":1,\"\"status\"\":\"\"closed\"\",\"\"tags\"\":[\"\"A1\"\",\"\"B2\"\"]}\"\n"
    "11,\"[\"\"A1\"\",\"\"B2\"\"]\"\n"
    "12,\"{\"\"name\"\":\"\"张三丰\"\"}\"\n"
    "13,[附件一]小区夜间施工噪音扰民，请求查处。[附件二]\n"
    "14,{九问}匝道将沿保利西海岸开挖，距离高楼如此近。{完}\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_autoptr(GString) deep = g_string_new ("id,body\n1,\"");
  g_autoptr(PrRecordSet) deep_set = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 14);

  /* Nested 100,000 deep, past what is parsed: read, not a crash. */
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  g_string_append (deep, "\"\"小区夜间施工\"\"");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, ']');
  g_string_append (deep, "\"\n");
  deep_set = pr_test_load_id_body_csv (deep->str, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (deep_set->n_records, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/bad-row-markup/refused", test_refused);
  g_test_add_func ("/engine/bad-row-markup/typed-read", test_typed_read);

  return g_test_run ();
}
