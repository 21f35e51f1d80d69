/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * One value that is a Chinese petition's GBK bytes read as EUC-KR, Big5,
 * Shift_JIS, CP1251, KOI8-R, TIS-620, CP1256, Mac Roman, CP1253, CP1250,
 * ISO-8859-5, CP866, CP437, CP850, CP1255 or CP1257 (its UTF-8 bytes read
 * as some of these, Big5 bytes read as GBK) and saved as UTF-8 reads as text of other characters,
 * and its record drops out of its cluster. The value is found, the
 * encoding named and the text read right given back; the real text of the
 * sample, of the shared data sets (Chinese messages, bibliographies with
 * Russian, Ukrainian and Korean titles, names, addresses) is not. In a
 * file, such a value is a bad row naming its line, column and the
 * encoding. The oracle: the mis-reading made here by ICU from known
 * sentences, as a program reading with the wrong encoding makes it.
 */
#define G_LOG_DOMAIN "pr-test-encoding-misread"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "pr-encoding-misread.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static const char *const petitions[] = {
  "我是东湖区的居民，某建筑公司拖欠工资的问题已经持续十二个月，多次反映无人处理，给我们的生活造成了很大影响。",
  "学校门口的道路施工拖延两年，雨天积水严重，学生上学很不方便，家长多次打电话没有人回复，请有关部门尽快处理。",
  "投诉小区物业乱收费",
  NULL,
};

static void
test_readings (void)
{
  const struct {
    const char *stored, *read, *shown;
    guint       quarters;   /* of the text that comes back, when not three */
  } cases[] = {
    { "GBK", "EUC-KR", "EUC-KR" }, { "GBK", "windows-949", "EUC-KR" }, { "GBK", "Big5", "Big5" },
    { "GBK", "Shift_JIS", "Shift_JIS" }, { "GBK", "windows-1251", "CP1251" },
    { "GBK", "KOI8-R", "KOI8-R" }, { "GBK", "TIS-620", "TIS-620 (CP874)" },
    { "GBK", "windows-874", "TIS-620 (CP874)" }, { "GBK", "windows-1256", "CP1256" },
    { "GBK", "macintosh", "Mac Roman" }, { "GBK", "windows-1253", "CP1253" },
    { "GBK", "windows-1250", "CP1250" }, { "GBK", "ISO-8859-5", "ISO-8859-5" }, { "GBK", "cp866", "CP866" },
    { "GBK", "cp437", "CP437" }, { "GBK", "ibm-850", "CP850" }, { "GBK", "windows-1255", "CP1255", 2 },
    { "GBK", "windows-1257", "CP1257" }, { "UTF-8", "windows-1251", "CP1251" }, { "UTF-8", "Big5", "Big5", 1 },
    { "UTF-8", "Shift_JIS", "Shift_JIS", 1 },
    { "UTF-8", "windows-874", "TIS-620 (CP874)" }, { "UTF-8", "windows-1256", "CP1256" },
    { "UTF-8", "macintosh", "Mac Roman" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint p = 0; petitions[p] != NULL; p++)
      {
        g_autofree char *wrong = pr_test_misread (petitions[p], cases[i].stored, cases[i].read);
        PrEncodingMisread found;
        glong n_han = g_utf8_strlen (petitions[p], -1);

        g_test_message ("%s read as %s: %s", cases[i].stored, cases[i].read, wrong);
        /* The short subject (9 ideographs) is judged only where its
         * reading keeps nearly every character. */
        if (!pr_encoding_misread_find (wrong, strlen (wrong), &found))
          {
            g_assert_cmpint (n_han, <, 12);
            continue;
          }
        g_test_message ("  %s", found.recovered);
        g_assert_cmpstr (found.source, ==, cases[i].stored);
        g_assert_cmpstr (found.reading, ==, cases[i].shown);
        /* Most of the text comes back (a decoder that lost a byte loses
         * a character or two beside it); half of it where the reading
         * has no character for a tenth of the bytes (CP1255), a quarter
         * where UTF-8 read as pairs lost a byte of most characters. */
        g_assert_cmpuint (pr_test_shared_han (found.recovered, petitions[p]) * 4, >=,
                          n_han * (cases[i].quarters != 0 ? cases[i].quarters : 3) - 8);
        pr_encoding_misread_clear (&found);
      }
}

/* Traditional text in Big5, read as GBK (two Big5 lines in a GBK file). */
static void
test_big5_as_gbk (void)
{
  const char *traditional = "我是東湖區的居民，某建築公司拖欠工資的問題已經持續十二個月，多次反映無人處理，給我們的生活造成了很大影響。";
  g_autofree char *wrong = pr_test_misread (traditional, "Big5", "GBK");
  PrEncodingMisread found;

  g_test_message ("%s", wrong);
  g_assert_true (pr_encoding_misread_find (wrong, strlen (wrong), &found));
  g_assert_cmpstr (found.source, ==, "Big5");
  g_assert_cmpstr (found.reading, ==, "GBK");
  g_assert_cmpstr (found.recovered, ==, traditional);
  pr_encoding_misread_clear (&found);
}

/* @text's UTF-8 bytes as MariaDB's latin1 reads them: CP1252, and the C1
 * control of each byte CP1252 lacks (0x81, 0x8D, 0x8F, 0x90, 0x9D);
 * glibc's iconv reads the others. With @cp1252 FALSE, ISO-8859-1's
 * reading, whose 0x80 to 0x9F are all C1 controls. */
static char *
misread_latin1 (const char *text,
                gboolean    cp1252)
{
  GString *out = g_string_new (NULL);

  for (const guint8 *p = (const guint8 *) text; *p != '\0'; p++)
    {
      g_autofree char *read = g_convert ((const char *) p, 1, "UTF-8", cp1252 ? "CP1252" : "ISO-8859-1",
                                         NULL, NULL, NULL);

      if (read != NULL)
        g_string_append (out, read);
      else
        g_string_append_unichar (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* UTF-8 read as Latin-1 or as MariaDB's latin1 (CP1252) keeps every
 * byte, C1 controls too; a code page that has a character of its own for
 * such a byte (CP1256 reads 0x81 as پ) never made it, so no other is
 * named: the undone reading that loses the fewest bytes is Latin-1's. */
static void
test_utf8_as_latin1 (void)
{
  /* The sample's subjects whose CP1256 reading, undone with its C1
   * controls kept as bytes, loses only a few. */
  const char *const texts[] = { petitions[0], petitions[1], petitions[2], "新纪元电动车行出售的电动车质量问题",
                                "金盛电动车行出售的电动车质量问题" };

  for (guint p = 0; p < G_N_ELEMENTS (texts); p++)
    for (guint cp1252 = 0; cp1252 <= 1; cp1252++)
      {
        g_autofree char *wrong = misread_latin1 (texts[p], cp1252);
        PrEncodingMisread found;

        g_test_message ("%s", wrong);
        if (!pr_encoding_misread_find (wrong, strlen (wrong), &found))
          continue;
        g_test_message ("  %s read as %s: %s", found.source, found.reading, found.recovered);
        g_assert_cmpstr (found.reading, ==, "Latin-1");
        g_assert_cmpstr (found.recovered, ==, texts[p]);
        pr_encoding_misread_clear (&found);
      }
}

/* Text written so: foreign titles, a Korean or Japanese name in a
 * petition, pinyin, rare names, traditional text. */
static void
test_written_so (void)
{
  const char *const values[] = {
    "ЗАЙНЯТІСТЬ І МОТИВАЦІЯ ПРАЦІ В ІНФОРМАЦІЙНІЙ ЕКОНОМІЦІ: ТРАНСФОРМАЦІЯ І ВЗАЄМОЗВ'ЯЗОК",
    "Платформенная занятость: масштабы и признаки неустойчивости.",
    "в начале было слово и слово было у бога и слово было бог",
    "플랫폼 노동시장의 구직기간 단축 결정요인: 웹크롤링과 생존모형을 이용한 분석.",
    "대한민국은 민주공화국이다 모든 권력은 국민으로부터 나온다",
    "ありがとうございます。よろしくおねがいします。",
    "我的邻居김민수先生和田中さん多次反映小区噪音问题，至今没有答复。",
    "Zhāng Sān, Lǐ Sì, Wáng Wǔ, Zhào Liù, Qián Qī, Sūn Bā, Zhōu Jiǔ, Wú Shí",
    "犇骉鱻羴猋麤毳淼焱垚赑",
    "我是東湖區的居民，某建築公司拖欠工資的問題已經持續十二個月，多次反映無人處理。",
    "Étude du café à Montréal: résumé, naïveté, Müller, José, François",
    "قال المواطن إن المشكلة لم تحل منذ سنة",
    "ผู้ร้องเรียนแจ้งว่าปัญหายังไม่ได้รับการแก้ไข",
    /* Korean as a Korean-Chinese petitioner writes it, words between
     * spaces, endings and particles: GBK's reading of EUC-KR's Hangul is
     * common ideographs, which alone make the shorter ones look like GBK
     * read as EUC-KR. */
    "저는 연변 조선족 자치주에 사는 주민입니다. 우리 마을 도로가 3년째 고쳐지지 않아 비가 오면 다닐 수가 없습니다.",
    "회사에서 여섯 달 동안 월급을 주지 않았습니다. 여러 번 찾아갔지만 해결되지 않았으니 도와주시기 바랍니다.",
    "아파트 관리사무소가 관리비를 마음대로 올렸습니다",
    "신청서 제출 날짜와 처리 결과를 알려 주십시오",
    "처리 결과 통지 날짜 변경 신청",
    "최신 주소 변경 처리 결과 확인",
    "연길시 신흥가 주민 대표 김영철",
    "공장 소음 때문에 밤에 잠을 잘 수 없습니다",
  };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      PrEncodingMisread found;
      gboolean flagged = pr_encoding_misread_find (values[i], strlen (values[i]), &found);

      if (flagged)
        g_test_message ("%s: %s read as %s: %s", values[i], found.source, found.reading, found.recovered);
      g_assert_false (flagged);
    }
}

/* Every field of every line of @path (split at commas, which leaves real
 * text whole enough): how many are found misread. The file must be
 * there: one not read would find nothing and pass. */
static guint
count_found (const char *path,
             guint       max_lines,
             guint      *n_values)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint found = 0;

  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint l = 0; lines[l] != NULL && l < max_lines; l++)
    {
      g_auto(GStrv) fields = NULL;

      if (!g_utf8_validate (lines[l], -1, NULL))
        continue;
      fields = g_strsplit (lines[l], ",", -1);
      for (guint f = 0; fields[f] != NULL; f++)
        {
          PrEncodingMisread misread;

          (*n_values)++;
          if (pr_encoding_misread_find (fields[f], strlen (fields[f]), &misread))
            {
              g_test_message ("%s, line %u: %s read as %s: “%s” is “%s”", path, l + 1, misread.source,
                              misread.reading, fields[f], misread.recovered);
              found++;
              pr_encoding_misread_clear (&misread);
            }
        }
    }
  return found;
}

static void
test_real_data (void)
{
  const char *const sets[] = {
    "petitions-zh/records.csv",
    "record-linkage/bib_dedupe/stroke/records_pre_merged.csv",
    "record-linkage/bib_dedupe/respiratory/records_pre_merged.csv",
    "record-linkage/bib_dedupe/haematology/records_pre_merged.csv",
    "record-linkage/bib_dedupe/digital_work/records_pre_merged.csv",
    "record-linkage/bib_dedupe/cytology_screening/records_pre_merged.csv",
    "record-linkage/cora/cora.csv",
    "record-linkage/restaurants/zagats.csv",
    "record-linkage/restaurants/fodors.csv",
    "record-linkage/restaurants/restaurant_hpi.csv",
    "record-linkage/febrl/dataset1.csv",
  };
  const char *shared = g_getenv ("PR_SHARED_DATA");
  g_autofree char *sample = pr_test_sample_path (200);
  guint max_lines = pr_test_size (G_MAXUINT, 2000);
  guint n_values = 0;

  g_assert_cmpuint (count_found (sample, max_lines, &n_values), ==, 0);
  g_assert_cmpuint (n_values, >, 0);
#ifdef __SANITIZE_ADDRESS__
  /* The sanitizers' debug build takes over two minutes over the shared
   * sets, past the test's limit; the plain run reads them. */
  g_test_message ("under AddressSanitizer: the sample only");
  return;
#endif
  if (shared == NULL || !g_file_test (shared, G_FILE_TEST_IS_DIR))
    {
      g_test_message ("no shared data at %s: the sample only", shared != NULL ? shared : "(unset)");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autofree char *path = g_build_filename (shared, sets[i], NULL);
      guint before = n_values;

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          g_autofree char *why = g_strdup_printf ("no %s in the shared data", sets[i]);

          g_test_skip (why);
          continue;
        }
      g_assert_cmpuint (count_found (path, max_lines, &n_values), ==, 0);
      g_assert_cmpuint (n_values, >, before);
    }
  g_test_message ("%u values, none found misread", n_values);
}

/* In a file: the line, the column and the encoding; --skip-bad-rows
 * leaves the record out. */
static void
test_csv (void)
{
  g_autofree char *wrong = pr_test_misread (petitions[0], "GBK", "EUC-KR");
  GString *csv = g_string_new ("id,body\n");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) refused = NULL, skipped = NULL;

  for (int i = 1; i <= 6; i++)
    g_string_append_printf (csv, "%d,%s%d\n", i, i == 3 ? wrong : petitions[1], i);
  text = g_string_free (csv, FALSE);
  refused = pr_test_load_id_body_csv (text, &error);
  g_assert_null (refused);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "line 4 (id “3”), column “body”: the value looks like GBK text read "
                                            "as EUC-KR and saved again"));
  g_assert_nonnull (strstr (error->message, "is “我是东湖区的居民，某建筑…” in GBK"));
  g_assert_nonnull (strstr (error->message, "--encoding GBK for a file"));
  g_assert_nonnull (strstr (error->message, "--skip-bad-rows"));
  g_clear_error (&error);
  skipped = pr_test_load_id_body_csv_full (text, NULL, PR_COLUMN_ROLE_IGNORE, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (skipped->n_records, ==, 5);
}

/* The application's reading names its mapping page's encoding choice,
 * not the command line's flags. */
static void
test_advice_controls (void)
{
  g_autofree char *wrong = pr_test_misread (petitions[0], "GBK", "EUC-KR");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "misread.csv", NULL);
  g_autofree char *text = g_strdup_printf ("id,body\n1,%s\n2,%s\n", petitions[1], wrong);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrLoadOptions load = { .min_tokens = 1, .n_threads = 1, .advice = PR_ADVICE_CONTROLS };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) refused = NULL;

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  refused = pr_record_set_load_csv (path, mapping, &load, NULL, NULL, NULL, &error);
  g_assert_null (refused);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "the value looks like GBK text read as EUC-KR and saved again"));
  g_assert_nonnull (strstr (error->message, "if the column is read as EUC-KR, choose GBK as its encoding"));
  g_assert_null (strstr (error->message, "--encoding"));
  g_assert_null (strstr (error->message, "--column-encoding"));
  pr_test_remove_tree (dir);
}

/* A GBK file with two lines another program wrote in UTF-8 (Chinese,
 * whose bytes GBK cannot read; a Western name, whose bytes GBK reads as
 * other characters), read with --encoding GBK: the advice names
 * --skip-bad-rows, and with it the file is read but for those lines. */
static void
test_gbk_file_utf8_lines (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "gbk.csv", NULL);
  g_autoptr(GString) utf8 = g_string_new ("id,body\n");
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autofree char *gbk = NULL;
  gsize n = 0;

  for (int i = 1; i <= 6; i++)
    g_string_append_printf (utf8, "%d,%s%d\n", i, petitions[i % 2], i);
  gbk = g_convert (utf8->str, utf8->len, "GBK", "UTF-8", NULL, &n, NULL);
  g_assert_nonnull (gbk);
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  for (guint line = 0; line < 2; line++)
    {
      const char *other = line == 0 ? "7,红旗路的路灯损坏半年，晚上出行很不安全\n"
                                    : "7,José Müller complained of the noise at night\n";
      g_autofree char *contents = g_strconcat (gbk, other, NULL);
      PrLoadOptions refuse = { .min_tokens = 1, .n_threads = 1, .encoding = "GBK", .skippable = TRUE };
      PrLoadOptions no_flag = { .min_tokens = 1, .n_threads = 1, .encoding = "GBK" };
      PrLoadOptions skip = { .min_tokens = 1, .n_threads = 1, .encoding = "GBK", .skip_bad_rows = TRUE };
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) refused = NULL, read = NULL;

      g_assert_true (g_file_set_contents (path, contents, n + strlen (other), NULL));
      refused = pr_record_set_load_csv (path, mapping, &refuse, NULL, NULL, NULL, &error);
      g_assert_null (refused);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "line 8"));
      g_assert_nonnull (strstr (error->message, "if the file is UTF-8 throughout, leave out --encoding GBK; if "
                                                "only some of its lines are, convert them to GBK (iconv) or "
                                                "leave them out with --skip-bad-rows"));
      g_clear_error (&error);
      /* A command without the flag (check --csv) does not name it. */
      refused = pr_record_set_load_csv (path, mapping, &no_flag, NULL, NULL, NULL, &error);
      g_assert_null (refused);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "convert them to GBK (iconv)"));
      g_assert_null (strstr (error->message, "--skip-bad-rows"));
      g_clear_error (&error);
      read = pr_record_set_load_csv (path, mapping, &skip, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (read->n_records, ==, 6);
      g_assert_cmpuint (read->n_bad_rows, ==, 1);
    }
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/encoding-misread/readings", test_readings);
  g_test_add_func ("/engine/encoding-misread/big5-as-gbk", test_big5_as_gbk);
  g_test_add_func ("/engine/encoding-misread/utf8-as-latin1", test_utf8_as_latin1);
  g_test_add_func ("/engine/encoding-misread/written-so", test_written_so);
  g_test_add_func ("/engine/encoding-misread/real-data", test_real_data);
  g_test_add_func ("/engine/encoding-misread/csv", test_csv);
  g_test_add_func ("/engine/encoding-misread/advice-controls", test_advice_controls);
  g_test_add_func ("/engine/encoding-misread/gbk-file-utf8-lines", test_gbk_file_utf8_lines);

  return g_test_run ();
}
