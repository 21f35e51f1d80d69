/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A UTF-8 file of Western names and words (José, Müller) read with
 * --encoding GBK, GB18030 or Big5 is valid text of other
 * characters (Jos茅), in which no check of the read text saw anything
 * wrong: the file was scanned as gibberish, exit 0. It is refused, naming
 * the line, the column, both readings and the way out; with
 * --force-encoding it is read as asked. An encoding's name that ICU
 * (which reads the file) knows and iconv (which checks it) does not is
 * checked under another of its names, or refused. Files truly in those encodings,
 * Chinese text with ASCII letters beside the characters (A栋, QQ群) or a
 * Western name among it, read as before. Oracle: the files as written here
 * and their lines.
 */
#define G_LOG_DOMAIN "pr-test-csv-utf8-western"

#include "config.h"

#include <string.h>

#include "pr-csv-reader.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static const char western[] =
  "id,body\n"
  "1,Plainte de M. Gerard Dupont contre le bruit du chantier voisin\n"
  "2,Beschwerde von Frau Müller wegen der Heizung im Winter\n"
  "3,Queja de José García por el agua del barrio\n";

static const char chinese[] =
  "id,body\n"
  "1,我家住在A栋302室，楼下餐馆油烟扰民，多次反映没有结果\n"
  "2,本人加入了业主QQ群，开发商拖欠的车库至今没有交付\n"
  "3,外籍人士José García反映小区供暖不足的问题，请尽快处理\n";

/* A file of @bytes, read as @encoding. */
static PrRecordSet *
load_bytes (const char  *bytes,
            gsize        n_bytes,
            const char  *encoding,
            gboolean     force,
            GError     **error)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrLoadOptions options = { .min_tokens = 1, .n_threads = 1, .encoding = encoding, .force_encoding = force };
  PrRecordSet *set;

  g_assert_true (g_file_set_contents (path, bytes, n_bytes, NULL));
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, error);
  pr_test_remove_tree (dir);
  return set;
}

/* @utf8 written in @encoding, read so. */
static PrRecordSet *
load (const char  *utf8,
      const char  *encoding,
      GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  gsize n_bytes = 0;
  g_autofree char *bytes = g_convert (utf8, -1, encoding, "UTF-8", NULL, &n_bytes, &local_error);

  g_assert_no_error (local_error);
  return load_bytes (bytes, n_bytes, encoding, FALSE, error);
}

/* The UTF-8 file written as it is, given as @encoding. */
static PrRecordSet *
load_utf8_as (const char  *encoding,
              gboolean     force,
              GError     **error)
{
  return load_bytes (western, strlen (western), encoding, force, error);
}

static void
test_utf8_given_as_east_asian (void)
{
  /* Not Shift_JIS or EUC-KR here: iconv's modules for them load others
   * through a run path, which valgrind's ld.so reports as a bad read. */
  static const char *const encodings[] = { "GBK", "GB18030", "BIG5" };

  for (guint e = 0; e < G_N_ELEMENTS (encodings); e++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = load_utf8_as (encodings[e], FALSE, &error);
      g_autofree char *leave_out = g_strdup_printf ("leave out --encoding %s", encodings[e]);

      g_test_message ("%s: %s", encodings[e], error != NULL ? error->message : "read");
      g_assert_null (set);
      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
      /* Line 2 has no letter beyond ASCII; line 3 is the first. */
      g_assert_nonnull (strstr (error->message, "line 3, column “body”"));
      g_assert_nonnull (strstr (error->message, "(“Beschwerde von Frau Müller wegen der Heizung im Winter”)"));
      g_assert_nonnull (strstr (error->message, leave_out));
      g_assert_nonnull (strstr (error->message, "--force-encoding"));
    }
}

/* Names ICU knows and iconv, which does the check, does not: ICU's
 * windows-54936 is GB18030, its x-big5 Big5. The check runs under a name
 * iconv knows; one with none (ICU's GB_2312-80) is refused, never left
 * unchecked; a single-byte one (x-mac-greek) never reads a CJK
 * character, and has nothing to check. */
static void
test_icu_names (void)
{
  static const char *const checked[] = { "windows-54936", "x-big5" };

  for (guint e = 0; e < G_N_ELEMENTS (checked); e++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = load_utf8_as (checked[e], FALSE, &error);
      g_autofree char *leave_out = g_strdup_printf ("leave out --encoding %s", checked[e]);

      g_test_message ("%s: %s", checked[e], error != NULL ? error->message : "read");
      g_assert_null (set);
      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
      g_assert_nonnull (strstr (error->message, "line 3, column “body”"));
      g_assert_nonnull (strstr (error->message, leave_out));
    }

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PrRecordSet) set = load_utf8_as ("GB_2312-80", FALSE, &error);

    g_test_message ("GB_2312-80: %s", error != NULL ? error->message : "read");
    g_assert_null (set);
    g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
    g_assert_nonnull (strstr (error->message, "--encoding GB_2312-80:"));
    g_assert_nonnull (strstr (error->message, "(iconv) knows it by none of its names"));
    g_assert_nonnull (strstr (error->message, "--force-encoding"));
  }

  {
    static const char ascii[] = "id,body\n1,Plainte contre le bruit du chantier\n2,Quejas del barrio\n";
    g_autoptr(GError) error = NULL;
    g_autoptr(PrRecordSet) set = load_bytes (ascii, strlen (ascii), "x-mac-greek", FALSE, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (set->n_records, ==, 2);
  }
}

static void
test_forced_read (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load_utf8_as ("GBK", TRUE, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 3);
}

static void
test_east_asian_files_read (void)
{
  static const char *const encodings[] = { "GBK", "GB18030", "UTF-16LE" };

  for (guint e = 0; e < G_N_ELEMENTS (encodings); e++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = load (chinese, encodings[e], &error);

      g_test_message ("%s: %s", encodings[e], error != NULL ? error->message : "read");
      g_assert_no_error (error);
      g_assert_cmpuint (set->n_records, ==, 3);
    }
  /* Western text truly in Big5 or GBK (no accented letter in either's
   * repertoire here): ASCII alone, read. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PrRecordSet) set = load ("id,body\n1,Gerard Dupont A Block 302\n2,Quejas del barrio\n", "BIG5",
                                       &error);

    g_assert_no_error (error);
    g_assert_cmpuint (set->n_records, ==, 2);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/csv-utf8-western/given-as-east-asian", test_utf8_given_as_east_asian);
  g_test_add_func ("/engine/csv-utf8-western/forced", test_forced_read);
  g_test_add_func ("/engine/csv-utf8-western/icu-names", test_icu_names);
  g_test_add_func ("/engine/csv-utf8-western/east-asian-files-read", test_east_asian_files_read);

  return g_test_run ();
}
