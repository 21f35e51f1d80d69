/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The command-line interface, run as a user runs it: the built binary on
 * files in a temporary folder. Expected outputs are worked out by hand from
 * the input (identical texts are at distance 0; unrelated texts are far).
 */
#include "config.h"

#include "pr-test-util.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pr-csv-reader.h"
#include "pr-fingerprinter.h"

static char *tmpdir;

static const char records_csv[] =
  "id,user,subject,body,time\n"
  "1,U1,路灯坏了,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-03-05 09:00:00\n"
  "2,U1,路灯坏了,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024/3/1 10:00\n"
  "3,U2,拖欠工资,某建筑公司拖欠农民工工资半年，多次讨要无果，请求劳动部门介入。,2024-02-01\n"
  "4,U3,夜间施工,夜间施工噪音扰民，凌晨两点还在打桩，严重影响休息。,2024-01-01\n"
  "5,U1,路灯坏了,\"幸福路12号的路灯坏了三个月，\n晚上出行很不安全，请尽快维修。\",\n"
  "6,U9,同上,同上,2024-01-01\n"
  "7,U9,同上,同上,2024-01-02\n";

static char *
write_file (const char *name,
            const char *contents,
            gssize      length)
{
  char *path = g_build_filename (tmpdir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);

  return path;
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  return contents;
}

/* Runs petition-review-cli with the NULL-terminated arguments; returns its
 * exit status. */
static int
run_cli (char **out,
         char **err,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *binary = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL);
  g_autoptr(GError) error = NULL;
  int status = 0;
  va_list args;
  const char *arg;

  g_ptr_array_add (argv, binary);
  va_start (args, err);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL) && !WIFEXITED (status))
    g_error ("petition-review-cli died: status %d", status);

  return WEXITSTATUS (status);
}

static void
test_scan_clusters (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *clusters = g_build_filename (tmpdir, "clusters.csv", NULL);
  g_autofree char *pairs = g_build_filename (tmpdir, "pairs.csv", NULL);
  g_autofree char *out = NULL, *err = NULL, *clusters_text = NULL, *pairs_text = NULL;

  g_assert_cmpint (run_cli (&out, &err, "scan", records, "--id", "id", "--short", "user", "--text", "subject",
                            "--text", "body", "--date", "time", "--out", clusters, "--pairs", pairs, NULL), ==, 0);

  /* 1, 2 and 5 say the same; 2 is the earliest, 5 has no date. 6 and 7 are
   * identical but too short to match. */
  clusters_text = read_file (clusters);
  g_assert_cmpstr (clusters_text, ==,
                   "cluster,id,primary,distance,same_petitioner\r\n"
                   "1,2,2,0,\r\n"
                   "1,1,2,0,\r\n"
                   "1,5,2,0,\r\n");
  pairs_text = read_file (pairs);
  g_assert_cmpstr (pairs_text, ==,
                   "id_a,id_b,distance\r\n"
                   "1,2,0\r\n"
                   "1,5,0\r\n"
                   "2,5,0\r\n");
  g_assert_nonnull (strstr (err, "7 records (2 too short to match)"));
}

/* same_petitioner: whether a member was sent by the primary's petitioner
 * (1) or by another (0); empty for the primary, for a member whose
 * petitioner is not filled in, and for every row when no column names the
 * petitioner. Worked out by hand from the users below. */
static void
test_scan_same_petitioner (void)
{
  static const char csv[] =
    "id,user,body,time\n"
    "1,U1,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-01-01\n"
    "2,U1,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-01-02\n"
    "3,U2,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-01-03\n"
    "4,,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-01-04\n"
    "5,u１,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-01-05\n"
    "6,U3,某建筑公司拖欠农民工工资半年，多次讨要无果，请求劳动部门介入。,2024-01-01\n"
    "7,U3,某建筑公司拖欠农民工工资半年，多次讨要无果，请求劳动部门介入。,2024-01-02\n"
    "8,U4,夜间施工噪音扰民，凌晨两点还在打桩，严重影响休息。,2024-01-01\n";
  /* cluster, id, primary, same_petitioner: 1 is the earliest of the first
   * matter; 5's "u１" is U1 in another case and width. */
  static const char *const expected[][4] = {
    { "1", "1", "1", "" }, { "1", "2", "1", "1" }, { "1", "3", "1", "0" }, { "1", "4", "1", "" },
    { "1", "5", "1", "1" }, { "2", "6", "6", "" }, { "2", "7", "6", "1" },
  };
  g_autofree char *records = write_file ("petitioners.csv", csv, -1);
  g_autofree char *clusters = g_build_filename (tmpdir, "petitioner-clusters.csv", NULL);

  for (guint run = 0; run < 2; run++)
    {
      g_autofree char *out = NULL, *err = NULL, *text = NULL;
      g_auto(GStrv) lines = NULL;
      gboolean marked = run == 0;

      /* Marked as the petitioner, or only a short field like any other. */
      g_assert_cmpint (run_cli (&out, &err, "scan", records, "--id", "id", marked ? "--petitioner" : "--short", "user",
                                "--text", "body", "--date", "time", "--out", clusters, NULL), ==, 0);
      text = read_file (clusters);
      lines = g_strsplit (text, "\r\n", -1);
      g_test_message ("%s", text);
      g_assert_cmpuint (g_strv_length (lines), ==, 1 + G_N_ELEMENTS (expected) + 1);
      g_assert_cmpstr (lines[0], ==, "cluster,id,primary,distance,same_petitioner");
      for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
        {
          g_auto(GStrv) fields = g_strsplit (lines[i + 1], ",", -1);

          g_assert_cmpuint (g_strv_length (fields), ==, 5);
          g_assert_cmpstr (fields[0], ==, expected[i][0]);
          g_assert_cmpstr (fields[1], ==, expected[i][1]);
          g_assert_cmpstr (fields[2], ==, expected[i][2]);
          g_assert_true (g_ascii_isdigit (fields[3][0]));
          g_assert_cmpstr (fields[4], ==, marked ? expected[i][3] : "");
        }
      g_assert_cmpstr (lines[G_N_ELEMENTS (expected) + 1], ==, "");
    }
}

static void
test_scan_to_stdout (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (&out, &err, "scan", records, "--id", "id", "--text", "body", "--date", "time", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out, "Cluster 1: 3 records, largest distance 0\n  * 2 "));
  g_assert_nonnull (strstr (out, "幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。"));
  g_assert_null (strstr (out, "Cluster 2"));
}

/* --out through a symlink replaces the file it points to and keeps the
 * link; a device is written, not replaced. */
static void
test_scan_out_symlink (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *real = write_file ("real-clusters.csv", "old\r\n", -1);
  g_autofree char *link = g_build_filename (tmpdir, "link-clusters.csv", NULL);
  g_autofree char *out = NULL, *err = NULL, *link_target = NULL, *clusters_text = NULL;

  g_unlink (link);
  g_assert_cmpint (symlink ("real-clusters.csv", link), ==, 0);
  g_assert_cmpint (run_cli (&out, &err, "scan", records, "--id", "id", "--text", "body",
                            "--out", link, NULL), ==, 0);
  link_target = g_file_read_link (link, NULL);
  g_assert_cmpstr (link_target, ==, "real-clusters.csv");
  clusters_text = read_file (real);
  g_assert_true (g_str_has_prefix (clusters_text, "cluster,id,primary,distance,same_petitioner\r\n1,"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (&out, &err, "fingerprint", records, "--text", "body",
                            "--out", "/dev/null", NULL), ==, 0);
  g_assert_true (g_file_test ("/dev/null", G_FILE_TEST_EXISTS) && !g_file_test ("/dev/null", G_FILE_TEST_IS_REGULAR));
}

/* The CLI's fingerprints are the engine's, printed as 16 lower-case hex digits. */
static void
test_fingerprint_output (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  const char *bodies[] = {
    "幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。",
    "幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。",
    "某建筑公司拖欠农民工工资半年，多次讨要无果，请求劳动部门介入。",
    "夜间施工噪音扰民，凌晨两点还在打桩，严重影响休息。",
    "幸福路12号的路灯坏了三个月，\n晚上出行很不安全，请尽快维修。",
    "同上",
    "同上",
  };
  const char *users[] = { "U1", "U1", "U2", "U3", "U1", "U9", "U9" };

  g_assert_cmpint (run_cli (&out, &err, "fingerprint", records, "--id", "id", "--short", "user", "--text", "body", NULL), ==, 0);
  lines = g_strsplit (out, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 9);
  g_assert_cmpstr (lines[0], ==, "id,fingerprint");
  g_assert_cmpstr (lines[8], ==, "");

  g_assert_true (pr_mapping_add (mapping, "user", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, PR_DEFAULT_MIN_TOKENS, NULL);
  for (guint i = 0; i < 7; i++)
    {
      const char *values[] = { users[i], bodies[i] };
      PrFingerprint fp;
      g_autofree char *expected = NULL;

      g_assert_true (pr_fingerprinter_compute (fingerprinter, values, NULL, &fp, NULL));
      expected = g_strdup_printf ("%u,%016" G_GINT64_MODIFIER "x", i + 1, fp.fingerprint);
      g_assert_cmpstr (lines[i + 1], ==, expected);
      g_assert_true (g_regex_match_simple ("^[0-9],[0-9a-f]{16}$", lines[i + 1], 0, 0));
    }
}

/* GB18030 bytes made by iconv (through g_convert), not by ICU: the CLI must
 * read them as the same records. */
static void
test_gb18030 (void)
{
  g_autofree char *utf8 = write_file ("records.csv", records_csv, -1);
  gsize gb_length = 0;
  g_autofree char *gb = g_convert (records_csv, -1, "GB18030", "UTF-8", NULL, &gb_length, NULL);
  g_autofree char *gb_path = NULL;
  g_autofree char *out_utf8 = NULL, *out_gb = NULL, *err = NULL;

  g_assert_nonnull (gb);
  g_assert_cmpmem (gb + strlen ("id,user,subject,body,time\n1,U1,"), 2, "\xc2\xb7", 2); /* 路 */
  gb_path = write_file ("records-gb.csv", gb, gb_length);

  g_assert_cmpint (run_cli (&out_utf8, NULL, "fingerprint", utf8, "--id", "id", "--text", "body", NULL), ==, 0);
  g_assert_cmpint (run_cli (&out_gb, &err, "fingerprint", gb_path, "--id", "id", "--text", "body",
                            "--encoding", "GB18030", NULL), ==, 0);
  g_assert_cmpstr (out_gb, ==, out_utf8);

  /* Read as UTF-8, the same bytes are an error that names where. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "fingerprint", gb_path, "--id", "id", "--text", "body", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "line 2"));
  g_assert_nonnull (strstr (err, "invalid UTF-8"));
}

static void
assert_one_line_error (int         status,
                       int         expected_status,
                       const char *err,
                       const char *expected)
{
  g_test_message ("stderr: %s", err);
  g_assert_cmpint (status, ==, expected_status);
  g_assert_nonnull (strstr (err, expected));
  g_assert_nonnull (strchr (err, '\n'));
  g_assert_cmpstr (strchr (err, '\n'), ==, "\n");
}

static void
test_errors (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *bad_utf8 = write_file ("bad.csv", "id,body\n1,好的\n2,坏\xff的\n", -1);
  g_autofree char *ragged = write_file ("ragged.csv", "id,body\n1,好的\n2,坏的,多了\n", -1);
  g_autofree char *dup_ids = write_file ("dup.csv", "id,body\n1,好的\n1,坏的\n", -1);
  g_autofree char *missing = g_build_filename (tmpdir, "no-such-file.csv", NULL);
  g_autofree char *no_dir_out = g_build_filename (tmpdir, "no-such-dir", "out.csv", NULL);
  char *err = NULL;

#define CHECK(expected_status, expected, ...) \
  G_STMT_START { \
    int status = run_cli (NULL, &err, __VA_ARGS__, NULL); \
    assert_one_line_error (status, expected_status, err, expected); \
    g_clear_pointer (&err, g_free); \
  } G_STMT_END

  CHECK (2, "--bogus", "scan", records, "--text", "body", "--bogus");
  CHECK (2, "unknown command “scna”", "scna");
  CHECK (2, "no column to fingerprint", "scan", records, "--id", "id");
  CHECK (2, "--k must be from 0 to 15, not 40", "scan", records, "--text", "body", "--k", "40");
  CHECK (2, "name one CSV file", "scan", "--text", "body");
  CHECK (1, "column “bodyx” is not in the header", "scan", records, "--text", "bodyx");
  CHECK (2, "weight -2 is not a number", "scan", records, "--text", "body:-2");
  CHECK (2, "mapped twice", "scan", records, "--text", "body", "--short", "body");
  CHECK (2, "name only one CSV file", "scan", records, records, "--text", "body");
  CHECK (1, "no-such-file.csv", "scan", missing, "--text", "body");
  CHECK (1, "line 3, field 2: invalid UTF-8 at byte 3", "scan", bad_utf8, "--text", "body");
  CHECK (1, "line 3: 3 fields, but the header has 2", "scan", ragged, "--text", "body");
  CHECK (1, "the id “1” appears a second time", "scan", dup_ids, "--id", "id", "--text", "body");
  CHECK (1, "KLINGON-8", "scan", records, "--text", "body", "--encoding", "KLINGON-8");
  CHECK (1, "cannot write", "fingerprint", records, "--text", "body", "--out", no_dir_out);
#undef CHECK
}

static void
test_eval_hand_computed (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *labels = write_file ("labels.csv",
                                        "key_a,key_b,label\n"
                                        "1,2,dup\n"
                                        "3,4,dup\n"
                                        "1,5,diff\n"
                                        "5,2,same_matter\n", -1);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GRegex) row = g_regex_new ("^ 3 +3 +1 +1 +1 +0 +0\\.500 +0\\.500 +0\\.500 +1\\.000$", G_REGEX_MULTILINE, 0, NULL);

  /* At k = 3 the three copies of the street-light complaint pair up:
   * 1–2 is dup (found), 1–5 diff (a false positive), 2–5 same_matter
   * (apart); 3–4 is dup and not found. Precision 1/2, recall 1/2. */
  g_assert_cmpint (run_cli (&out, &err, "eval", "--records", records, "--pairs", labels,
                            "--id", "id", "--text", "body", NULL), ==, 0);
  g_test_message ("%s", out);
  g_assert_true (g_regex_match (row, out, 0, NULL));
}

/* Reads a CSV file with the engine's reader into rows of strings. */
static GPtrArray *
read_csv_rows (const char *path)
{
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  reader = pr_csv_reader_new_for_path (path, NULL, &error);
  g_assert_no_error (error);
  while (pr_csv_reader_next (reader, NULL, &error))
    {
      GStrvBuilder *builder = g_strv_builder_new ();

      for (guint i = 0; i < pr_csv_reader_get_n_fields (reader); i++)
        g_strv_builder_add (builder, pr_csv_reader_get_field (reader, i, NULL));
      g_ptr_array_add (rows, g_strv_builder_end (builder));
      g_strv_builder_unref (builder);
    }
  g_assert_no_error (error);

  return rows;
}

/* scan --sample starts the private server, reads its table and stops it:
 * the clusters are those of the same petitions read from the CSV file. */
static void
test_sample_server_scan (void)
{
  const char *source = g_getenv ("PR_SOURCE_DIR");
  g_autofree char *sample = g_build_filename (source, "data", "sample-petitions.csv", NULL);
  g_autofree char *from_csv = g_build_filename (tmpdir, "from-csv.csv", NULL);
  g_autofree char *from_db = g_build_filename (tmpdir, "from-db.csv", NULL);
  g_autofree char *data_home = g_build_filename (tmpdir, "data-home", NULL);
  g_autofree char *csv_text = NULL, *db_text = NULL, *err = NULL;

  /* The server's files go under the user's data folder: a temporary one. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_assert_cmpint (run_cli (NULL, NULL, "scan", sample, "--id", "id", "--date", "submitted_at", "--short", "petitioner",
                            "--text", "subject", "--text", "body", "--out", from_csv, NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--sample", "--id", "id", "--date", "submitted_at", "--short", "petitioner",
                            "--text", "subject", "--text", "body", "--out", from_db, NULL), ==, 0);
  g_test_message ("%s", err);
  csv_text = read_file (from_csv);
  db_text = read_file (from_db);
  g_assert_cmpstr (db_text, ==, csv_text);
  g_assert_nonnull (strstr (err, "3000 records"));

  /* Nothing is left running: a second run starts it again, without reloading. */
  g_clear_pointer (&db_text, g_free);
  g_assert_cmpint (run_cli (NULL, NULL, "scan", "--sample", "--id", "id", "--date", "submitted_at", "--short", "petitioner",
                            "--text", "subject", "--text", "body", "--out", from_db, NULL), ==, 0);
  db_text = read_file (from_db);
  g_assert_cmpstr (db_text, ==, csv_text);
  g_unsetenv ("XDG_DATA_HOME");
}

/* The bundled sample's planted repeats are the oracle: its generator wrote
 * down which records repeat which. Copies that differ only in character
 * width or in Traditional characters, and exact copies by the same
 * petitioner, must all be found with the demo's mapping; and what is found
 * must be right. (Rewritten repeats are beyond a whole-record SimHash.) */
static void
test_sample_planted_repeats (void)
{
  const char *source = g_getenv ("PR_SOURCE_DIR");
  g_autofree char *sample = g_build_filename (source, "data", "sample-petitions.csv", NULL);
  g_autofree char *truth_path = g_build_filename (source, "data", "sample-petitions-truth.csv", NULL);
  g_autofree char *pairs_path = g_build_filename (tmpdir, "sample-pairs.csv", NULL);
  g_autofree char *clusters_path = g_build_filename (tmpdir, "sample-clusters.csv", NULL);
  g_autoptr(GPtrArray) records = read_csv_rows (sample);
  g_autoptr(GPtrArray) truth = read_csv_rows (truth_path);
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(GHashTable) found_set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) truth_set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) petitioner = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *err = NULL;
  guint must_find = 0, true_positives = 0;

  g_assert_cmpstr (((char **) records->pdata[0])[1], ==, "petitioner");
  for (guint i = 1; i < records->len; i++)
    g_hash_table_insert (petitioner, ((char **) records->pdata[i])[0], ((char **) records->pdata[i])[1]);

  g_assert_cmpint (run_cli (NULL, &err, "scan", sample, "--id", "id", "--date", "submitted_at",
                            "--short", "petitioner", "--text", "subject", "--text", "body",
                            "--out", clusters_path, "--pairs", pairs_path, NULL), ==, 0);
  found = read_csv_rows (pairs_path);
  for (guint i = 1; i < found->len; i++)
    {
      char **row = found->pdata[i];
      g_hash_table_add (found_set, g_strdup_printf ("%s,%s", row[0], row[1]));
    }

  for (guint i = 1; i < truth->len; i++)
    {
      char **row = truth->pdata[i];  /* id_a,id_b,kind with id_a < id_b, as the CLI orders them */
      char *key = g_strdup_printf ("%s,%s", row[0], row[1]);
      gboolean same_person = g_str_equal (g_hash_table_lookup (petitioner, row[0]),
                                          g_hash_table_lookup (petitioner, row[1]));

      if (g_str_equal (row[2], "fullwidth") || g_str_equal (row[2], "traditional") ||
          (g_str_equal (row[2], "exact") && same_person))
        {
          must_find++;
          if (!g_hash_table_contains (found_set, key))
            g_error ("planted %s repeat %s was not found", row[2], key);
        }
      g_hash_table_add (truth_set, key);
    }

  for (guint i = 1; i < found->len; i++)
    {
      char **row = found->pdata[i];
      g_autofree char *key = g_strdup_printf ("%s,%s", row[0], row[1]);

      true_positives += g_hash_table_contains (truth_set, key);
    }

  g_test_message ("%u pairs found, %u of them planted; %u must-find pairs all found",
                  found->len - 1, true_positives, must_find);
  g_assert_cmpuint (must_find, >=, 80);
  g_assert_cmpfloat ((double) true_positives / (found->len - 1), >=, 0.95);
}

/* On the labelled real petitions (evaluation data, not shipped): the
 * published method's configuration (user as a short field of weight 2, the
 * body by term frequency) must keep at k = 3 what it measured when this
 * test was written: precision 0.947, recall 0.621. */
static void
test_eval_real_petitions (void)
{
  const char *shared = g_getenv ("PR_SHARED_DATA");
  g_autofree char *dir = g_build_filename (shared != NULL ? shared : "", "petitions-zh", NULL);
  g_autofree char *records = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GRegex) row = g_regex_new ("^ 3 +\\d+ +\\d+ +\\d+ +\\d+ +\\d+ +([0-9.]+) +([0-9.]+) ", G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *precision = NULL, *recall = NULL;

  if (shared == NULL || !g_file_test (records, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the evaluation data (../shared/data/petitions-zh) is not here");
      return;
    }

  g_assert_cmpint (run_cli (&out, &err, "eval", "--records", records, "--pairs", pairs, "--id", "key",
                            "--short", "user", "--text", "body", "--no-parts", NULL), ==, 0);
  g_test_message ("%s", out);
  g_assert_true (g_regex_match (row, out, 0, &match));
  precision = g_match_info_fetch (match, 1);
  recall = g_match_info_fetch (match, 2);
  g_assert_cmpfloat (g_ascii_strtod (precision, NULL), >=, 0.94);
  g_assert_cmpfloat (g_ascii_strtod (recall, NULL), >=, 0.61);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("pr-test-cli-XXXXXX", NULL);

  g_test_add_func ("/cli/scan/clusters", test_scan_clusters);
  g_test_add_func ("/cli/scan/same-petitioner", test_scan_same_petitioner);
  g_test_add_func ("/cli/scan/stdout", test_scan_to_stdout);
  g_test_add_func ("/cli/scan/out-symlink", test_scan_out_symlink);
  g_test_add_func ("/cli/fingerprint/output", test_fingerprint_output);
  g_test_add_func ("/cli/encoding/gb18030", test_gb18030);
  g_test_add_func ("/cli/errors", test_errors);
  g_test_add_func ("/cli/eval/hand-computed", test_eval_hand_computed);
  g_test_add_func ("/cli/sample/planted-repeats", test_sample_planted_repeats);
  g_test_add_func ("/cli/sample/server-scan", test_sample_server_scan);
  g_test_add_func ("/cli/eval/real-petitions", test_eval_real_petitions);

  status = g_test_run ();

  pr_test_remove_tree (tmpdir);
  g_free (tmpdir);

  return status;
}
