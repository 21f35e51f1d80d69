/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The command line against a real database: incremental scans that keep
 * their fingerprints in the application's tables, the intake check, the
 * decision export. The sample petitions are loaded into a throwaway
 * server; the expectations come from what the test itself changes.
 */
#include "config.h"

#include <string.h>

#include "pr-csv-reader.h"
#include "pr-scan.h"
#include "pr-store.h"
#include "pr-test-petitions.h"
#include "pr-test-server.h"
#include "pr-test-sample.h"
#include "pr-test-util.h"

#include "chain-rows.h"

static PrTestSample *sample;

static const char *const mapping[] = {
  "--id", "id", "--date", "submitted_at", "--short", "petitioner", "--text", "subject", "--text", "body", NULL
};

/* pr_test_run_cli () with "MAPPING" standing for the mapping's flags. */
static int
run_cli (char       **out,
         char       **err,
         const char  *first,
         ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    {
      if (g_str_equal (arg, "MAPPING"))
        for (guint i = 0; mapping[i] != NULL; i++)
          /* check's --id names the record; its id column is --id-column */
          g_ptr_array_add (args, (char *) (g_str_equal (first, "check") && g_str_equal (mapping[i], "--id")
                                           ? "--id-column" : mapping[i]));
      else
        g_ptr_array_add (args, (char *) arg);
    }
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return pr_test_run_cli (out, err, (const char *const *) args->pdata);
}

static char *
read_file (const char *path)
{
  char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

/* The cluster column of the row of @id in a scan's --out (cluster,id,…),
 * or "" for a record in no cluster. */
static const char *
cluster_of (const char *path,
            const char *id)
{
  g_autofree char *text = read_file (path);
  g_auto(GStrv) lines = g_strsplit (text, "\r\n", -1);

  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", 3);

      if (fields[0] != NULL && fields[1] != NULL && strcmp (fields[1], id) == 0)
        return g_intern_string (fields[0]);
    }
  return "";
}

/* Without mapping flags, scan guesses the mapping and prints it as flags,
 * for the user to correct; given back as they are, those flags make the
 * same scan (the petitioner column included). */
static void
test_guessed_mapping (void)
{
  g_autofree char *guessed = g_build_filename (sample->dir, "guessed.csv", NULL);
  g_autofree char *given = g_build_filename (sample->dir, "given.csv", NULL);
  g_autofree char *guessed_text = NULL, *given_text = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) flags = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *line;
  g_autofree char *printed = NULL;

  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "--out", guessed, NULL), ==, 0);
  line = strstr (err, "guessed from the table: ");
  g_assert_nonnull (line);
  line += strlen ("guessed from the table: ");
  printed = g_strndup (line, strcspn (line, "\n"));
  g_test_message ("printed: %s", printed);
  g_assert_true (g_shell_parse_argv (printed, NULL, &flags, &error));
  g_assert_no_error (error);
  /* The masked names of "petitioner" are names by their values. */
  g_assert_true (g_strv_contains ((const char *const *) flags, "--name"));

  g_ptr_array_add (args, "scan");
  g_ptr_array_add (args, "--no-second-stage");
  g_ptr_array_add (args, "--db");
  g_ptr_array_add (args, sample->uri);
  g_ptr_array_add (args, "--table");
  g_ptr_array_add (args, "petitions");
  for (guint i = 0; flags[i] != NULL; i++)
    g_ptr_array_add (args, flags[i]);
  g_ptr_array_add (args, "--out");
  g_ptr_array_add (args, given);
  g_ptr_array_add (args, NULL);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const *) args->pdata), ==, 0);
  g_assert_null (strstr (err, "guessed"));

  guessed_text = read_file (guessed);
  given_text = read_file (given);
  g_assert_cmpstr (given_text, ==, guessed_text);
}

/* Three scans with --store: the first stores everything, the second
 * fingerprints nothing, the third only what the test inserted or changed,
 * retires what it deleted, and reports the new repeats of stored records. */
static void
test_incremental_scan (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autofree char *first = g_build_filename (sample->dir, "first.csv", NULL);
  g_autofree char *second = g_build_filename (sample->dir, "second.csv", NULL);
  g_autofree char *repeats = g_build_filename (sample->dir, "repeats.csv", NULL);
  g_autofree char *first_text = NULL, *second_text = NULL, *repeats_text = NULL;
  g_autofree char *err = NULL;
  g_autofree char *scans = NULL;

  pr_test_execute (db, "CREATE DATABASE prstore");
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prstore", "--out", first, NULL), ==, 0);
  g_assert_nonnull (strstr (err, "Stored: 3000 new, 0 changed and 0 unchanged records"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prstore", "--out", second, NULL), ==, 0);
  g_assert_nonnull (strstr (err, "Stored: 0 new, 0 changed and 3000 unchanged records"));
  first_text = read_file (first);
  second_text = read_file (second);
  g_assert_cmpstr (second_text, ==, first_text);
  g_clear_pointer (&err, g_free);

  /* A copy of record 5 arrives, record 7 is edited, record 8 is deleted. */
  pr_test_execute (db, "INSERT INTO petitions (id, petitioner, phone, address, category, subject, body, submitted_at) SELECT "
               "9001, petitioner, phone, address, category, subject, body, "
               "submitted_at + INTERVAL 1 DAY FROM petitions WHERE id = 5");
  pr_test_execute (db, "UPDATE petitions SET body = CONCAT(body, '至今没有任何答复。') WHERE id = 7");
  pr_test_execute (db, "DELETE FROM petitions WHERE id = 8");
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prstore", "--out", second, "--new-repeats", repeats, NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "Stored: 1 new, 1 changed and 2998 unchanged records"));
  repeats_text = read_file (repeats);
  g_assert_true (g_str_has_prefix (repeats_text, "id,existing_id,distance,kind\r\n"));
  g_assert_nonnull (strstr (repeats_text, "\r\n9001,5,0,\r\n"));

  g_free (err);
  err = NULL;
  g_assert_cmpint (run_cli (&scans, &err, "check", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prstore", "--id", "9001", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (scans, "id,distance\r\n5,0\r\n"));
  g_clear_pointer (&scans, g_free);

  /* The store kept three complete scans; the third retired record 8. */
  {
    g_autoptr(PrConnection) store_db = pr_test_sample_connect (sample);
    g_autoptr(GPtrArray) status = NULL;
    g_autofree char *retired = NULL;

    status = pr_test_query_column (store_db, "SELECT CONCAT(status, ':', records, ':', new_records, ':', "
                                             "changed_records, ':', retired_records) FROM prstore.pr_scans ORDER BY id");
    g_assert_cmpuint (status->len, ==, 3);
    g_assert_cmpstr (status->pdata[0], ==, "complete:3000:3000:0:0");
    g_assert_cmpstr (status->pdata[1], ==, "complete:3000:0:0:0");
    g_assert_cmpstr (status->pdata[2], ==, "complete:3000:1:1:1");
    retired = pr_test_query_value (store_db, "SELECT COUNT(*) FROM prstore.pr_fingerprints "
                                             "WHERE record_id = '8' AND retired_at IS NOT NULL");
    g_assert_cmpstr (retired, ==, "1");
  }

  /* Record 10 again, quoted inside a longer message: its whole-record
   * fingerprint moves far, but the passages of record 10 are all there. The
   * fourth scan finds it through the stored parts of record 10 (which it
   * does not fingerprint again); without parts it does not. */
  pr_test_execute (db, "INSERT INTO petitions (id, petitioner, phone, address, category, subject, body, submitted_at) SELECT "
               "9002, petitioner, phone, address, category, subject, "
               "CONCAT('上个月我已经反映过一次，原文如下，请领导再看一看：', body, "
               "'另外，小区东门外的排水沟常年堵塞，一下雨就积水到膝盖，老人孩子出门都要绕行两公里，"
               "物业说归市政管，市政说归街道管，街道又让我们去找开发商，开发商早就找不到人了。"
               "附近的路灯也坏了大半，晚上一片漆黑，上周还有人在那里摔断了腿，送医院花了好几万。"
               "我们多次打电话给十二三四五热线，每次都说会转交相关部门处理，可是至今没有任何人来看过现场。"
               "请政府明确责任单位，限期疏通排水沟、修好路灯，给居民一个安全的出行环境。'), "
               "submitted_at + INTERVAL 30 DAY FROM petitions WHERE id = 10");
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&repeats_text, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prstore", "--out", second, "--new-repeats", repeats, NULL), ==, 0);
  g_assert_nonnull (strstr (err, "Stored: 1 new, 0 changed and 3000 unchanged records"));
  repeats_text = read_file (repeats);
  g_test_message ("%s", repeats_text);
  {
    const char *line = strstr (repeats_text, "\r\n9002,10,");

    g_assert_nonnull (line);
    g_assert_cmpint (atoi (line + strlen ("\r\n9002,10,")), >, 3);
  }
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&repeats_text, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING", "--no-parts",
                            "--store", "prstore", "--out", second, "--new-repeats", repeats, NULL), ==, 0);
  repeats_text = read_file (repeats);
  g_assert_null (strstr (repeats_text, "\r\n9002,10,"));

  /* Every live record has its parts stored. */
  {
    g_autoptr(PrConnection) store_db = pr_test_sample_connect (sample);
    g_autofree char *without = pr_test_query_value (store_db, "SELECT COUNT(*) FROM prstore.pr_fingerprints "
                                                               "WHERE retired_at IS NULL AND parts IS NULL");

    g_assert_cmpstr (without, ==, "0");
  }

  /* Parts cut as clauses are another version of the fingerprints: the
   * first scan with them makes every record's again, the next reuses
   * them. */
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&repeats_text, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING", "--parts", "clauses",
                            "--store", "prstore", "--out", second, NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "Stored: 0 new, 0 changed and 0 unchanged records, 3001 fingerprinted again"));
  g_clear_pointer (&err, g_free);
  pr_test_execute (db, "INSERT INTO petitions (id, petitioner, phone, address, category, subject, body, submitted_at) SELECT "
               "9003, petitioner, phone, address, category, subject, "
               "CONCAT('上个月反映过的问题，再说一遍，', REPLACE(body, '，', ''), "
               "'另外，小区东门外的排水沟常年堵塞，一下雨就积水到膝盖，老人孩子出门都要绕行两公里，"
               "物业说归市政管，市政说归街道管，街道又让我们去找开发商，开发商早就找不到人了。'), "
               "submitted_at + INTERVAL 31 DAY FROM petitions WHERE id = 11");
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING", "--parts", "clauses",
                            "--store", "prstore", "--out", second, "--new-repeats", repeats, NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "Stored: 1 new, 0 changed and 3001 unchanged records"));
  repeats_text = read_file (repeats);
  g_test_message ("%s", repeats_text);
  /* Record 11 with its commas taken out: its clauses are not record 11's,
   * but its shingles (the default, which do not see commas) are. */
  g_assert_null (strstr (repeats_text, "\r\n9003,11,"));
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&repeats_text, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prstore", "--out", second, NULL), ==, 0);
  g_assert_nonnull (strstr (err, "Stored: 0 new, 0 changed and 0 unchanged records, 3002 fingerprinted again"));
  g_assert_cmpstr (cluster_of (second, "9003"), !=, "");
  g_assert_cmpstr (cluster_of (second, "9003"), ==, cluster_of (second, "11"));
}

/* A failed scan is not marked complete, and the next one runs. */
static void
test_store_refused_without_tables (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "no_such_schema", "--out", "/dev/null", NULL), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "no_such_schema"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (NULL, &err, "check", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prstore", "--record", "77777", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "no record with the id “77777”"));
}

static void
test_decisions_export (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autofree char *path = g_build_filename (sample->dir, "decisions.csv", NULL);
  g_autofree char *err = NULL;
  g_autofree char *contents = NULL;
  PrDecision decision = { 0 };

  store = pr_store_open (db, "prstore", &error);
  g_assert_no_error (error);
  decision.table = "petitions";
  decision.record_id = "9001";
  decision.primary_id = "5";
  decision.verdict = PR_VERDICT_REPEAT;
  decision.reviewer = "王科员";
  decision.note = "=HYPERLINK(\"http://x\")";
  g_assert_cmpint (pr_store_add_decision (store, &decision, &error), >, 0);
  g_assert_no_error (error);
  /* Ids Excel would change as numbers: a leading zero, 18 digits. */
  decision.record_id = "0012345";
  decision.primary_id = "110101199003077777";
  decision.note = NULL;
  g_assert_cmpint (pr_store_add_decision (store, &decision, &error), >, 0);
  g_assert_no_error (error);
  /* 12 and 13 digits: Excel's General format shows 2.02406E+11 and
   * 8.6138E+12 and saves them so. */
  decision.record_id = "202406080001";
  decision.primary_id = "8613800138000";
  g_assert_cmpint (pr_store_add_decision (store, &decision, &error), >, 0);
  g_assert_no_error (error);
  decision.record_id = "9001";
  decision.primary_id = "5";

  g_assert_cmpint (run_cli (NULL, &err, "decisions", "export", "--db", sample->uri, "--table", "petitions",
                            "--store", "prstore", "--out", path, NULL), ==, 0);
  contents = read_file (path);
  /* UTF-8 with a BOM for Excel; the formula-like note neutralised. */
  g_assert_true (g_str_has_prefix (contents, "\xEF\xBB\xBF" "id,table,record_id,primary_id,verdict,reviewer,decided_at,note,undoes,case,login\r\n"));
  g_assert_nonnull (strstr (contents, ",petitions,9001,5,repeat,王科员,"));
  g_assert_nonnull (strstr (contents, ",\"'=HYPERLINK(\"\"http://x\"\")\","));
  /* For Excel, they are kept as text, not read as numbers. */
  g_assert_nonnull (strstr (contents, ",petitions,\"=\"\"0012345\"\"\",\"=\"\"110101199003077777\"\"\",repeat,"));
  g_assert_nonnull (strstr (contents, ",petitions,\"=\"\"202406080001\"\"\",\"=\"\"8613800138000\"\"\",repeat,"));

  /* An --out ending in .xlsx: a workbook of the same cells (ids text,
   * numbers numbers), read back by an independent reader; --no-bom,
   * which a workbook cannot honour, refused. */
  {
    g_autofree char *xlsx = g_build_filename (sample->dir, "decisions.xlsx", NULL);
    g_autofree char *said = NULL;

    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (NULL, &err, "decisions", "export", "--db", sample->uri, "--table", "petitions",
                              "--store", "prstore", "--out", xlsx, NULL), ==, 0);
    if (pr_test_check_xlsx_report (path, xlsx, "Decisions", "2,3", "0,8,9", "", &said) != 0)
      g_error ("the decisions workbook differs from the CSV:\n%s", said);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (NULL, &err, "decisions", "export", "--db", sample->uri, "--table", "petitions",
                              "--store", "prstore", "--no-bom", "--out", xlsx, NULL), ==, 2);
    g_assert_nonnull (strstr (err, "--no-bom"));
  }

  /* One case's history: its decisions only, with the reviewer's name and
   * the account apart. */
  decision.record_id = "9002";
  decision.note = "另案处理";
  decision.verdict = PR_VERDICT_NOT_REPEAT;
  decision.case_number = 12;
  decision.login = "clerk";
  g_assert_cmpint (pr_store_add_decision (store, &decision, &error), >, 0);
  g_assert_no_error (error);
  g_clear_pointer (&contents, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "decisions", "export", "--db", sample->uri, "--table", "petitions",
                            "--store", "prstore", "--case", "12", "--no-bom", "--out", path, NULL), ==, 0);
  contents = read_file (path);
  g_assert_true (g_str_has_prefix (contents, "id,table,record_id,primary_id,verdict,reviewer,decided_at,note,undoes,case,login\r\n"));
  g_assert_null (strstr (contents, ",9001,"));
  g_assert_nonnull (strstr (contents, ",petitions,9002,5,not_repeat,王科员,"));
  g_assert_true (g_str_has_suffix (contents, ",另案处理,,12,clerk\r\n"));
  /* A case needs its table. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "decisions", "export", "--db", sample->uri, "--store", "prstore",
                            "--case", "12", NULL), !=, 0);
  g_assert_nonnull (strstr (err, "--table"));

  /* A table or case typed wrong exported a header alone, exit 0, as if
   * no decision had been made. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "decisions", "export", "--db", sample->uri, "--table", "petiton",
                            "--store", "prstore", "--out", path, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "holds no scan or decision of a table “petiton”"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "decisions", "export", "--db", sample->uri, "--table", "petitions",
                            "--store", "prstore", "--case", "99999", "--out", path, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "has no case 99999"));
}

/* explain reads the two records from the table by their ids, and says
 * of them what it says of the same records in the CSV file they were
 * loaded from (5 and 41, an edited repeat planted in the sample), naming
 * the fields by the table's column comments. */
static void
test_explain (void)
{
  g_autofree char *csv = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autofree char *from_db = NULL, *from_csv = NULL, *err = NULL;

  g_assert_cmpint (run_cli (&from_db, &err, "explain", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "5", "41", NULL), ==, 0);
  g_assert_cmpint (run_cli (&from_csv, NULL, "explain", csv, "MAPPING", "5", "41", NULL), ==, 0);
  g_test_message ("%s", from_db);
  g_assert_true (g_str_has_prefix (from_db, "Records 5 and 41\n"));
  /* The table's column comment names the field; the file has none. */
  g_assert_nonnull (strstr (from_db, "\nShort fields:\n  信访人: "));
  g_assert_nonnull (strstr (from_csv, "\nShort fields:\n  petitioner: "));
  {
    g_autoptr(GString) renamed = g_string_new (from_csv);

    g_string_replace (renamed, "\n  petitioner: ", "\n  信访人: ", 0);
    g_assert_cmpstr (from_db, ==, renamed->str);
  }
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (NULL, &err, "explain", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "5", "77777", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "no record with the id “77777”"));
  g_assert_cmpstr (strchr (err, '\n'), ==, "\n");
}

/* The cluster of each record in a scan's CSV output (cluster,id,…). */
static GHashTable *
read_clusters (const char *path)
{
  g_autofree char *text = read_file (path);
  g_auto(GStrv) lines = g_strsplit (text, "\r\n", -1);
  GHashTable *cluster_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_true (g_str_has_prefix (lines[0], "cluster,id,"));
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", 3);

      g_hash_table_insert (cluster_of, g_strdup (fields[1]), g_strdup (fields[0]));
    }
  return cluster_of;
}

/* The reviewers' verdicts hold on the next scan: a record found not a
 * repeat of its cluster's primary is no longer in its cluster, a record
 * confirmed as a repeat of another cluster's primary is in that cluster
 * (though no fingerprint links them), and an undone verdict holds nothing. */
static void
test_verdicts_constrain_rescan (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = g_build_filename (sample->dir, "verdicts.csv", NULL);
  g_autoptr(GHashTable) before = NULL, after = NULL;
  g_autofree char *err = NULL;
  const char *primary = NULL, *member = NULL, *other_primary = NULL;
  GHashTableIter iter;
  gpointer key, value;

  pr_test_execute (db, "CREATE DATABASE prverdicts");
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prverdicts", "--out", out, NULL), ==, 0);
  before = read_clusters (out);

  /* Cluster 1's primary and one of its members; cluster 2's primary. */
  {
    g_autofree char *text = read_file (out);
    g_auto(GStrv) lines = g_strsplit (text, "\r\n", -1);

    for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
      {
        g_auto(GStrv) fields = g_strsplit (lines[i], ",", 4);

        if (g_str_equal (fields[0], "1") && g_str_equal (fields[1], fields[2]))
          primary = g_intern_string (fields[1]);
        else if (g_str_equal (fields[0], "1") && member == NULL)
          member = g_intern_string (fields[1]);
        else if (g_str_equal (fields[0], "2") && g_str_equal (fields[1], fields[2]))
          other_primary = g_intern_string (fields[1]);
      }
  }
  g_assert_nonnull (primary);
  g_assert_nonnull (member);
  g_assert_nonnull (other_primary);

  store = pr_store_open (db, "prverdicts", &error);
  g_assert_no_error (error);
  pr_test_add_decision (store, "petitions", member, primary, PR_VERDICT_NOT_REPEAT);
  pr_test_add_decision (store, "petitions", other_primary, primary, PR_VERDICT_REPEAT);

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prverdicts", "--out", out, NULL), ==, 0);
  after = read_clusters (out);
  g_assert_cmpstr (g_hash_table_lookup (after, member), !=, g_hash_table_lookup (after, primary));
  g_assert_cmpstr (g_hash_table_lookup (after, other_primary), ==, g_hash_table_lookup (after, primary));
  /* What was together with cluster 2's primary came along. */
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_str_equal (value, "2"))
      g_assert_cmpstr (g_hash_table_lookup (after, key), ==, g_hash_table_lookup (after, primary));

  /* The threshold preview honours the verdicts as the scan does: its rows
   * at k = 3 and 5 are what scans at those k find (clusters, records in
   * them, pairs), the not-a-repeat kept apart in both. */
  {
    g_autofree char *table_path = g_build_filename (sample->dir, "thresholds.csv", NULL);
    g_autofree char *table_text = NULL;
    g_auto(GStrv) rows = NULL;

    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (NULL, &err, "thresholds", "--no-second-stage", "--db", sample->uri, "--table", "petitions",
                              "MAPPING", "--store", "prverdicts", "--out", table_path, NULL), ==, 0);
    table_text = read_file (table_path);
    rows = g_strsplit (table_text, "\r\n", -1);
    g_assert_true (g_str_has_prefix (rows[0], "distance,pairs_at_distance,clusters,"));
    for (guint k = 3; k <= 5; k += 2)
      {
        g_autofree char *k_text = g_strdup_printf ("%u", k);
        g_autofree char *scan_err = NULL;
        g_autoptr(GHashTable) at_k = NULL;
        g_autoptr(GHashTable) numbers = g_hash_table_new (g_str_hash, g_str_equal);
        g_auto(GStrv) fields = g_strsplit (rows[1 + k], ",", -1);
        GHashTableIter numbers_iter;
        const char *pairs;

        g_assert_cmpint (run_cli (NULL, &scan_err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                                  "--store", "prverdicts", "--k", k_text, "--out", out, NULL), ==, 0);
        at_k = read_clusters (out);
        g_hash_table_iter_init (&numbers_iter, at_k);
        while (g_hash_table_iter_next (&numbers_iter, NULL, &value))
          g_hash_table_add (numbers, value);
        /* "3000 records (0 too short to match), 404 pairs (…" */
        pairs = strstr (scan_err, "match), ");
        g_assert_nonnull (pairs);
        g_test_message ("k = %u: %s", k, rows[1 + k]);
        g_assert_cmpstr (fields[0], ==, k_text);
        g_assert_cmpuint (g_ascii_strtoull (fields[2], NULL, 10), ==, g_hash_table_size (numbers));
        g_assert_cmpuint (g_ascii_strtoull (fields[5], NULL, 10), ==, g_ascii_strtoull (pairs + 8, NULL, 10));
        g_assert_cmpuint (g_ascii_strtoull (fields[7], NULL, 10), ==, g_hash_table_size (at_k));
        g_assert_cmpstr (g_hash_table_lookup (at_k, member), !=, g_hash_table_lookup (at_k, primary));
      }
  }

  /* Undone, the not-a-repeat holds nothing: the member is back. */
  {
    g_autoptr(GPtrArray) decisions = pr_store_list_decisions (store, "petitions", &error);
    PrDecision undo = { 0 };

    g_assert_no_error (error);
    undo.table = (char *) "petitions";
    /* The store sets an undo's ids to the undone decision's: they are its to replace. */
    undo.record_id = g_strdup (((PrDecision *) decisions->pdata[0])->record_id);
    undo.primary_id = NULL;
    undo.verdict = PR_VERDICT_UNDO;
    undo.reviewer = (char *) "test";
    undo.undoes = ((PrDecision *) decisions->pdata[0])->id;
    g_assert_cmpint (pr_store_add_decision (store, &undo, &error), >, 0);
    g_assert_no_error (error);
    g_free (undo.record_id);
    g_free (undo.primary_id);
  }
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prverdicts", "--out", out, NULL), ==, 0);
  g_hash_table_unref (after);
  after = read_clusters (out);
  g_assert_cmpstr (g_hash_table_lookup (after, member), ==, g_hash_table_lookup (after, primary));
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The ids of the records of cluster @c, sorted, as one string. */
static char *
cluster_key (PrScanResult *result,
             const PrCluster *cluster)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  GString *key = g_string_new (NULL);

  for (guint m = 0; m < cluster->n_members; m++)
    g_ptr_array_add (ids, result->set->ids->pdata[cluster->members[m]]);
  g_ptr_array_sort (ids, compare_ids);
  for (guint i = 0; i < ids->len; i++)
    g_string_append_printf (key, "%s ", (char *) ids->pdata[i]);
  return g_string_free (key, FALSE);
}

/* Every cluster of a scan, as cluster_key () strings. */
static GHashTable *
cluster_keys (PrScanResult *result)
{
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint c = 0; c < pr_clustering_get_n_clusters (result->clustering); c++)
    g_hash_table_add (keys, cluster_key (result, pr_clustering_get_cluster (result->clustering, c)));
  return keys;
}

/* A split at a bridge, logged as the session logs it (NOT_REPEAT of the
 * far record by the near one), holds on the next scan: the two sides
 * found by the bridge search — checked here by a search of the cluster's
 * pairs without the bridge — are two clusters exactly (a side of one
 * record none), everything else as it was; undone, the cluster is back. */
static void
test_split_holds_on_rescan (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrScanResult) first = NULL, second = NULL, third = NULL;
  g_autoptr(GHashTable) before = NULL, after = NULL, undone = NULL;
  g_autofree char *whole = NULL, *near_side = NULL, *far_side = NULL;
  g_autofree char *near = NULL, *far = NULL;
  guint best_far = 0, n_bridges = 0;
  GHashTableIter iter;
  gpointer key;

  /* The chain of chain-rows.h among the sample's records, ids apart. */
  for (guint i = 0; i < G_N_ELEMENTS (chain_rows); i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO petitions (id, petitioner, subject, body, submitted_at) "
                                              "VALUES (9%s, '%s', '排水管道问题', '%s', '2026-03-0%u 09:00:00')",
                                              chain_rows[i].id, chain_rows[i].petitioner, chain_rows[i].body, i + 1);

      pr_test_execute (db, sql);
    }
  pr_test_execute (db, "CREATE DATABASE prsplit");
  store = pr_store_open (db, "prsplit", &error);
  g_assert_no_error (error);
  first = pr_test_scan_sample (db, store);
  before = cluster_keys (first);

  /* The bridge with the most balanced sides in the chain's cluster. */
  for (guint c = 0; c < pr_clustering_get_n_clusters (first->clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (first->clustering, c);
      g_autofree char *key = cluster_key (first, cluster);
      g_autoptr(PrGraph) graph = NULL;

      if (strstr (key, "9501 ") == NULL)
        continue;
      graph = pr_scan_result_cluster_graph (first, cluster->members, cluster->n_members, TRUE);

      n_bridges += pr_graph_get_n_bridges (graph);
      for (guint b = 0; b < pr_graph_get_n_bridges (graph); b++)
        {
          const PrGraphBridge *bridge = pr_graph_get_bridge (graph, b);
          guint smaller = MIN (bridge->n_far, cluster->n_members - bridge->n_far);
          GString *near_ids = g_string_new (NULL), *far_ids = g_string_new (NULL);
          g_autoptr(GPtrArray) near_list = g_ptr_array_new (), far_list = g_ptr_array_new ();

          if (smaller <= best_far)
            {
              g_string_free (near_ids, TRUE);
              g_string_free (far_ids, TRUE);
              continue;
            }
          best_far = smaller;
          for (guint32 v = 0; v < cluster->n_members; v++)
            g_ptr_array_add (pr_graph_on_far_side (graph, b, v) ? far_list : near_list,
                             first->set->ids->pdata[cluster->members[v]]);
          g_ptr_array_sort (near_list, compare_ids);
          g_ptr_array_sort (far_list, compare_ids);
          for (guint i = 0; i < near_list->len; i++)
            g_string_append_printf (near_ids, "%s ", (char *) near_list->pdata[i]);
          for (guint i = 0; i < far_list->len; i++)
            g_string_append_printf (far_ids, "%s ", (char *) far_list->pdata[i]);
          g_free (near_side);
          g_free (far_side);
          near_side = g_string_free (near_ids, FALSE);
          far_side = g_string_free (far_ids, FALSE);
          g_free (whole);
          whole = cluster_key (first, cluster);
          g_free (near);
          g_free (far);
          near = g_strdup (first->set->ids->pdata[cluster->members[bridge->near]]);
          far = g_strdup (first->set->ids->pdata[cluster->members[bridge->far]]);
        }
    }
  g_test_message ("%u bridges; split %s-%s: [%s] [%s]", n_bridges, near, far, near_side, far_side);
  g_assert_nonnull (whole);
  g_assert_true (g_hash_table_contains (before, whole));
  g_assert_cmpstr (whole, ==, "9501 9502 9503 9601 9602 9603 ");
  g_assert_cmpuint (best_far, ==, 3);
  g_assert_true ((g_str_equal (near, "9501") && g_str_equal (far, "9601")) ||
                 (g_str_equal (near, "9601") && g_str_equal (far, "9501")));

  pr_test_add_decision (store, "petitions", far, near, PR_VERDICT_NOT_REPEAT);
  second = pr_test_scan_sample (db, store);
  after = cluster_keys (second);
  g_assert_false (g_hash_table_contains (after, whole));
  g_assert_true (g_hash_table_contains (after, near_side));
  if (best_far >= 2)
    g_assert_true (g_hash_table_contains (after, far_side));
  g_assert_cmpuint (g_hash_table_size (after), ==, g_hash_table_size (before) + (best_far >= 2 ? 1 : 0));
  /* Nothing else moved. */
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_str_equal (key, whole))
      g_assert_true (g_hash_table_contains (after, key));

  /* Undone: the cluster whole again. */
  {
    g_autoptr(GPtrArray) decisions = pr_store_list_decisions (store, "petitions", &error);
    PrDecision undo = { 0 };

    g_assert_no_error (error);
    g_assert_cmpuint (decisions->len, ==, 1);
    undo.table = (char *) "petitions";
    undo.record_id = g_strdup (far);
    undo.verdict = PR_VERDICT_UNDO;
    undo.reviewer = (char *) "test";
    undo.undoes = ((PrDecision *) decisions->pdata[0])->id;
    g_assert_cmpint (pr_store_add_decision (store, &undo, &error), >, 0);
    g_assert_no_error (error);
    g_free (undo.record_id);
    g_free (undo.primary_id);
  }
  third = pr_test_scan_sample (db, store);
  undone = cluster_keys (third);
  g_assert_true (g_hash_table_contains (undone, whole));
  g_assert_cmpuint (g_hash_table_size (undone), ==, g_hash_table_size (before));
}

/* primary id → case, from a scan's --out with --store; every row has
 * its cluster's case, and no two clusters share one. */
static GHashTable *
cases_by_primary (const char *path)
{
  g_autofree char *text = read_file (path);
  g_auto(GStrv) lines = g_strsplit (text, "\r\n", -1);
  g_autoptr(GHashTable) case_of_cluster = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) cluster_of_case = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTable *cases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_cmpstr (lines[0], ==, "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,due,earlier_id,probability");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      const char *known;

      g_assert_cmpuint (g_strv_length (fields), ==, 12);
      g_assert_true (g_ascii_isdigit (fields[5][0]));
      known = g_hash_table_lookup (case_of_cluster, fields[0]);
      if (known == NULL)
        {
          g_assert_false (g_hash_table_contains (cluster_of_case, fields[5]));
          g_hash_table_insert (case_of_cluster, g_strdup (fields[0]), g_strdup (fields[5]));
          g_hash_table_insert (cluster_of_case, g_strdup (fields[5]), g_strdup (fields[0]));
          g_hash_table_insert (cases, g_strdup (fields[2]), g_strdup (fields[5]));
        }
      else
        g_assert_cmpstr (known, ==, fields[5]);
    }
  return cases;
}

/* With --store, --out's last column is each cluster's case number and
 * the listing names it; a copy of a primary's record joins its cluster,
 * and every case whose primary stays keeps its number. */
static void
test_scan_cases (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autofree char *first = g_build_filename (sample->dir, "cases-first.csv", NULL);
  g_autofree char *second = g_build_filename (sample->dir, "cases-second.csv", NULL);
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GHashTable) after = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *primary = NULL;
  g_autofree char *insert = NULL;
  GHashTableIter iter;
  gpointer key, value;
  guint kept = 0;

  pr_test_execute (db, "CREATE DATABASE prcases");
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prcases", "--out", first, NULL), ==, 0);
  before = cases_by_primary (first);
  g_assert_cmpuint (g_hash_table_size (before), >, 10);

  /* A copy, a day later, of the primary of case 1. */
  g_hash_table_iter_init (&iter, before);
  while (primary == NULL && g_hash_table_iter_next (&iter, &key, &value))
    if (g_str_equal (value, "1"))
      primary = g_strdup (key);
  g_assert_nonnull (primary);
  insert = g_strdup_printf ("INSERT INTO petitions (id, petitioner, phone, address, category, subject, body, submitted_at) SELECT "
               "9101, petitioner, phone, address, category, subject, body, "
                            "submitted_at + INTERVAL 1 DAY FROM petitions WHERE id = %s", primary);
  pr_test_execute (db, insert);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prcases", "--out", second, NULL), ==, 0);
  after = cases_by_primary (second);
  g_assert_cmpstr (cluster_of (second, "9101"), ==, cluster_of (second, primary));
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_hash_table_contains (after, key))
      {
        g_assert_cmpstr (g_hash_table_lookup (after, key), ==, value);
        kept++;
      }
  g_assert_cmpuint (kept, ==, g_hash_table_size (before));

  /* The listing names the case. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (&out, &err, "scan", "--no-second-stage", "--db", sample->uri, "--table", "petitions", "MAPPING",
                            "--store", "prcases", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\nCluster 1, case "));
  pr_test_execute (db, "DELETE FROM petitions WHERE id = 9101");
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  sample = pr_test_sample_start ();

  g_test_add_func ("/cli/scan/guessed-mapping", test_guessed_mapping);
  g_test_add_func ("/cli/scan/incremental", test_incremental_scan);
  g_test_add_func ("/cli/scan/store-errors", test_store_refused_without_tables);
  g_test_add_func ("/cli/decisions/export", test_decisions_export);
  g_test_add_func ("/cli/scan/verdicts-constrain-rescan", test_verdicts_constrain_rescan);
  g_test_add_func ("/cli/explain/from-table", test_explain);
  g_test_add_func ("/cli/scan/split-holds-on-rescan", test_split_holds_on_rescan);
  g_test_add_func ("/cli/scan/cases", test_scan_cases);

  status = g_test_run ();

  pr_test_sample_stop (sample);

  return status;
}
