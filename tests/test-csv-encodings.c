/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * CSV files read in the wrong encoding, and headers that mislead: a GBK
 * export read as ISO-8859-1, a doubled BOM, a column named twice.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-csv-reader.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static char *dir;

static char *
write_file (const char *name,
            const char *contents,
            gssize      length)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
  return path;
}

static PrMapping *
body_mapping (void)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  return mapping;
}

static PrRecordSet *
load (const char  *path,
      const char  *encoding,
      gboolean     force,
      GError     **error)
{
  g_autoptr(PrMapping) mapping = body_mapping ();
  PrLoadOptions options = { 0 };

  options.encoding = encoding;
  options.force_encoding = force;
  options.min_tokens = 3;
  options.n_threads = 1;
  return pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, error);
}

/* The bundled sample in GBK, read as ISO-8859-1: refused, naming GB18030;
 * read as GBK: the same records as the UTF-8 original. */
static void
test_gbk_read_as_latin1 (void)
{
  g_autofree char *sample = pr_test_sample_path (300);
  g_autofree char *utf8 = NULL;
  g_autofree char *gbk = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) wrong = NULL;
  g_autoptr(PrRecordSet) forced = NULL;
  g_autoptr(PrRecordSet) right = NULL;
  g_autoptr(PrRecordSet) original = NULL;
  gsize length, gbk_length;

  g_assert_true (g_file_get_contents (sample, &utf8, &length, &error));
  gbk = g_convert (utf8, length, "GBK", "UTF-8", NULL, &gbk_length, &error);
  g_assert_no_error (error);
  path = write_file ("gbk.csv", gbk, gbk_length);

  wrong = load (path, "ISO-8859-1", FALSE, &error);
  g_assert_null (wrong);
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "--encoding GB18030"));
  g_assert_nonnull (strstr (error->message, "“body”"));
  g_clear_error (&error);

  /* Set aside on purpose: read as it was asked. */
  forced = load (path, "ISO-8859-1", TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (forced->n_records, ==, pr_test_size (3000, 300));

  right = load (path, "GBK", FALSE, &error);
  g_assert_no_error (error);
  original = load (sample, NULL, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (right->n_records, ==, original->n_records);
  for (guint i = 0; i < right->n_records; i++)
    g_assert_cmpuint (right->fingerprints[i], ==, original->fingerprints[i]);
}

/* UTF-8 saved once more as if it were Latin-1: the right decoding does not
 * help; the message says so. */
static void
test_double_encoded (void)
{
  g_autofree char *path = write_file ("double.csv",
                                      "id,body\n1,\xc3\xa4\xc2\xb8\xc2\xad\xc3\xa6\xc2\x96\xc2\x87 abc def\n", -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load (path, NULL, FALSE, &error);

  g_assert_null (set);
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
  g_assert_nonnull (strstr (error->message, "UTF-8"));
}

static void
test_doubled_bom (void)
{
  g_autofree char *path = write_file ("bom.csv", "\xef\xbb\xbf\xef\xbb\xbfid,body\n1,one two three four\n", -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load (path, NULL, FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 1);
  g_assert_cmpstr (set->ids->pdata[0], ==, "1");
}

/* A BOM elsewhere in the header is shown, not printed invisibly. */
static void
test_invisible_in_header (void)
{
  g_autofree char *path = write_file ("zwsp.csv", "i\xef\xbb\xbf" "d,body\n1,one two three four\n", -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load (path, NULL, FALSE, &error);

  g_assert_null (set);
  g_assert_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "i<U+FEFF>d"));
}

static void
test_duplicate_header (void)
{
  g_autofree char *path = write_file ("dup.csv", "id,body,subject,body\n1,a b c d,x,e f g h\n", -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load (path, NULL, FALSE, &error);

  g_assert_null (set);
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "“body”"));
  g_assert_nonnull (strstr (error->message, "2 and 4"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = pr_test_make_temp_dir ();

  g_test_add_func ("/engine/csv-encodings/gbk-read-as-latin1", test_gbk_read_as_latin1);
  g_test_add_func ("/engine/csv-encodings/double-encoded", test_double_encoded);
  g_test_add_func ("/engine/csv-encodings/doubled-bom", test_doubled_bom);
  g_test_add_func ("/engine/csv-encodings/invisible-in-header", test_invisible_in_header);
  g_test_add_func ("/engine/csv-encodings/duplicate-header", test_duplicate_header);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
