/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A few rows chosen from a table of which a few dates cannot be read,
 * against a real throwaway server: the scan reads the table (two dates in
 * nine unreadable), and an intake check whose earlier records are those
 * few, or the last scan opened from the store whose one case holds them,
 * has them undated, as the scan has them, rather than refusing the rows
 * as a column of mostly unreadable dates: a few rows are no column. Their
 * unmarked hours (9:15) are read by the whole column's clock, as the scan
 * reads them, and so are explain's two dates.
 */
#include "config.h"

#include <string.h>

#include "pr-case-columns.h"
#include "pr-scan-stored.h"
#include "pr-test-petitions.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("intake", __VA_ARGS__)

#define BODY "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 影响 休息'"
#define OTHER "'医保 报销 比例 调整 退休 职工 门诊 慢性病 药费'"

/* Scans table "dated" of @db (id, date, body) into a store in @db,
 * mapping @map and setting @load as the scans here do. */
static PrScanResult *
scan_dated (PrConnection  *db,
            PrMapping     *map,
            PrStore      **store,
            PrLoadOptions *load)
{
  g_autoptr(GError) error = NULL;
  PrScanResult *scanned;

  pr_mapping_add (map, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (map, "date", PR_COLUMN_ROLE_DATE, 0, NULL);
  pr_mapping_add (map, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  load->flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load->min_tokens = 3;
  load->keep_labels = TRUE;
  *store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  scanned = pr_scan_run (db, *store, "dated", NULL, map, load, 3, &PR_PART_MATCH_OPTIONS_DEFAULT, NULL, NULL, NULL,
                         &error);
  g_assert_no_error (error);
  return scanned;
}

static void
test_few_unreadable (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL, *err = NULL;
  int status;

  pr_test_execute (db, "DROP DATABASE IF EXISTS intake");
  pr_test_execute (db, "DROP DATABASE IF EXISTS intakestore");
  pr_test_execute (db, "CREATE DATABASE intake CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE intakestore");
  pr_test_execute (db, "CREATE TABLE intake.dated (id INT PRIMARY KEY, date VARCHAR(20), body TEXT)");
  /* 1, 2 and 3 one text; 2 and 3 with a date still to be filled in. */
  pr_test_execute (db, "INSERT INTO intake.dated VALUES "
                       "(1, '2026-01-04', " BODY "), (2, '待补', " BODY "), (3, '待补', " BODY "), "
                       "(4, '2026-01-05', " OTHER "), (5, '2026-01-06', " OTHER "), (6, '2026-01-07', " OTHER "), "
                       "(7, '2026-01-08', " OTHER "), (8, '2026-01-09', " OTHER "), (9, '2026-01-10', " OTHER ")");
#define FLAGS "--db", "URI", "--table", "dated", "--id", "id", "--text", "body", "--date", "date", \
              "--store", "intakestore"
  g_assert_cmpint (RUN (NULL, NULL, "scan", FLAGS, "--out", "/dev/null", NULL), ==, 0);

  /* The oracle: records 2 and 3 have record 1's text, at distance 0. */
  status = RUN (&out, &err, "check", FLAGS, "--record", "1", NULL);
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (out, ==, "id,distance\r\n2,0\r\n3,0\r\n");

  /* Undated, as the scan has them. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  status = RUN (&out, &err, "check", FLAGS, "--record", "1", "--format", "csv", NULL);
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "\r\n2,0,"));
  g_assert_nonnull (strstr (out, "\r\n3,0,"));
#undef FLAGS
}

static void
test_open_stored (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "chosenstored");
  g_autoptr(PrMapping) map = pr_mapping_new ();
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrScanResult) scanned = NULL, opened = NULL;
  g_autoptr(GPtrArray) missing = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) sql = g_string_new ("INSERT INTO dated VALUES "
                                         "(1, '2026-01-04', " BODY "), (2, '待补', " BODY "), (3, '待补', " BODY ")");
  PrLoadOptions load = { 0 };
  const PrCluster *cluster;

  pr_test_execute (db, "CREATE TABLE dated (id INT PRIMARY KEY, date VARCHAR(20), body TEXT)");
  /* 4 to 9: other petitions, each alone, dated. */
  for (guint i = 4; i <= 9; i++)
    {
      g_autofree char *body = pr_test_petition_body (i);

      g_string_append_printf (sql, ", (%u, '2026-01-%02u', '%s')", i, i, body);
    }
  pr_test_execute (db, sql->str);
  scanned = scan_dated (db, map, &store, &load);
  g_assert_cmpuint (scanned->set->n_unreadable_dates, ==, 2);
  /* The oracle: the one case is records 1, 2 and 3, of one text. */
  g_assert_cmpuint (pr_clustering_get_n_clusters (scanned->clustering), ==, 1);
  g_assert_cmpuint (pr_clustering_get_cluster (scanned->clustering, 0)->n_members, ==, 3);

  opened = pr_scan_open_stored (db, store, "dated", map, &load, NULL, &missing, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (opened);
  g_assert_cmpuint (pr_clustering_get_n_clusters (opened->clustering), ==, 1);
  cluster = pr_clustering_get_cluster (opened->clustering, 0);
  g_assert_cmpuint (cluster->n_members, ==, 3);
  for (guint m = 0; m < cluster->n_members; m++)
    {
      const char *id = opened->set->ids->pdata[cluster->members[m]];
      gint64 date = opened->set->dates[cluster->members[m]];

      if (g_str_equal (id, "1"))
        g_assert_cmpint (date, !=, PR_DATE_NONE);
      else
        g_assert_cmpint (date, ==, PR_DATE_NONE);
    }
}

/* An intake check finds records 1 and 3 for record 2: record 1's 9:15 is
 * 09:15, as the scan read it by the 15:00 of records 4 to 9. */
static void
test_intake_clock (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL, *err = NULL;
  int status;

  pr_test_execute (db, "DROP DATABASE IF EXISTS intakeclock");
  pr_test_execute (db, "DROP DATABASE IF EXISTS intakeclockstore");
  pr_test_execute (db, "CREATE DATABASE intakeclock CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE intakeclockstore");
  pr_test_execute (db, "CREATE TABLE intakeclock.dated (id INT PRIMARY KEY, date VARCHAR(30), body TEXT)");
  pr_test_execute (db, "INSERT INTO intakeclock.dated VALUES "
                       "(1, '2026-01-04 9:15', " BODY "), (2, '2026-01-05 下午3:00', " BODY "), "
                       "(3, '2026-01-06 下午4:00', " BODY "), "
                       "(4, '2026-01-10 15:00', " OTHER "), (5, '2026-01-11 15:00', " OTHER "), "
                       "(6, '2026-01-12 15:00', " OTHER "), (7, '2026-01-13 15:00', " OTHER "), "
                       "(8, '2026-01-14 15:00', " OTHER "), (9, '2026-01-15 15:00', " OTHER ")");
#define FLAGS "--db", "URI", "--table", "dated", "--id", "id", "--text", "body", "--date", "date", \
              "--store", "intakeclockstore"
  g_assert_cmpint (pr_test_server_run_cli ("intakeclock", NULL, NULL, "scan", FLAGS, "--out", "/dev/null", NULL),
                   ==, 0);
  status = pr_test_server_run_cli ("intakeclock", &out, &err, "check", FLAGS, "--record", "2", "--format", "csv",
                                   NULL);
  g_test_message ("%s%s", out, err);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "2026-01-04 09:15"));
#undef FLAGS
}

/* explain --no-parts reads the two records' dates by the whole column,
 * as the scan does: 9:15 counts as none beside 下午 dates, and is 09:15
 * once an unmarked 15:00 shows a 24-hour clock. */
static void
test_explain_clock (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL, *err = NULL, *out24 = NULL, *err24 = NULL;

  pr_test_execute (db, "DROP DATABASE IF EXISTS explainclock");
  pr_test_execute (db, "CREATE DATABASE explainclock CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE TABLE explainclock.dated (id INT PRIMARY KEY, date VARCHAR(30), body TEXT)");
  pr_test_execute (db, "INSERT INTO explainclock.dated VALUES "
                       "(1, '2026-01-04 9:15', " BODY "), (2, '2026-01-05 下午3:00', " BODY "), "
                       "(3, '2026-01-06 下午4:00', " OTHER "), (4, '2026-01-07 下午4:00', " OTHER ")");
#define FLAGS "--db", "URI", "--table", "dated", "--id", "id", "--text", "body", "--date", "date", "--no-parts"
  g_assert_cmpint (pr_test_server_run_cli ("explainclock", &out, &err, "explain", FLAGS, "1", "2", NULL), ==, 0);
  g_assert_nonnull (strstr (err, "the date “2026-01-04 9:15” counts as none, as a scan reads its column"));
  g_assert_null (strstr (out, "days apart"));

  pr_test_execute (db, "INSERT INTO explainclock.dated VALUES (5, '2026-01-08 15:00', " OTHER ")");
  g_assert_cmpint (pr_test_server_run_cli ("explainclock", &out24, &err24, "explain", FLAGS, "1", "2", NULL), ==, 0);
  g_test_message ("%s", out24);
  g_assert_null (strstr (err24, "counts as none"));
  g_assert_nonnull (strstr (out24, "days apart"));
#undef FLAGS
}

/* Reopens the last scan of a table whose case (records 1 to 3, one text)
 * has @case_dates and @case_accepted and whose other six records
 * @other_date and @other_accepted (formats with the day of the month), in
 * its date column and its accepted-date column: each member has the date
 * and the accepted date the scan gave it, each read by its own whole
 * column's clock, and a number as a date only in a column of numbers. */
static void
check_reopened (const char        *database,
                const char *const  case_dates[3],
                const char *const  case_accepted[3],
                const char        *other_date,
                const char        *other_accepted,
                guint              n_scan_unreadable)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, database);
  g_autoptr(PrMapping) map = pr_mapping_new ();
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrScanResult) scanned = NULL, opened = NULL;
  g_autoptr(GPtrArray) missing = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) sql = g_string_new ("INSERT INTO dated VALUES ");
  PrLoadOptions load = { 0 };
  const PrCluster *cluster;

  pr_test_execute (db, "CREATE TABLE dated (id INT PRIMARY KEY, date VARCHAR(30), body TEXT, accepted VARCHAR(30))");
  for (guint i = 1; i <= 3; i++)
    g_string_append_printf (sql, "%s(%u, '%s', " BODY ", '%s')", i > 1 ? ", " : "", i, case_dates[i - 1],
                            case_accepted[i - 1]);
  for (guint i = 4; i <= 9; i++)
    {
      g_autofree char *body = pr_test_petition_body (i);
      g_autofree char *date = g_strdup_printf (other_date, i + 6);
      g_autofree char *accepted = g_strdup_printf (other_accepted, i + 6);

      g_string_append_printf (sql, ", (%u, '%s', '%s', '%s')", i, date, body, accepted);
    }
  pr_test_execute (db, sql->str);
  pr_mapping_add (map, "accepted", PR_COLUMN_ROLE_ACCEPTED, 0, NULL);
  scanned = scan_dated (db, map, &store, &load);
  g_assert_cmpuint (scanned->set->n_unreadable_dates, ==, n_scan_unreadable);
  g_assert_cmpuint (pr_clustering_get_n_clusters (scanned->clustering), ==, 1);

  opened = pr_scan_open_stored (db, store, "dated", map, &load, NULL, &missing, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (opened);
  cluster = pr_clustering_get_cluster (opened->clustering, 0);
  g_assert_cmpuint (cluster->n_members, ==, 3);
  for (guint m = 0; m < cluster->n_members; m++)
    {
      const char *id = opened->set->ids->pdata[cluster->members[m]];
      guint s;

      for (s = 0; !g_str_equal (scanned->set->ids->pdata[s], id); s++)
        ;
      g_test_message ("record %s: scanned %" G_GINT64_FORMAT ", reopened %" G_GINT64_FORMAT, id,
                      scanned->set->dates[s], opened->set->dates[cluster->members[m]]);
      g_assert_cmpint (opened->set->dates[cluster->members[m]], ==, scanned->set->dates[s]);
      g_test_message ("record %s: accepted %" G_GINT64_FORMAT ", reopened %" G_GINT64_FORMAT, id,
                      pr_case_columns_get_accepted (scanned->set->cases, s),
                      pr_case_columns_get_accepted (opened->set->cases, cluster->members[m]));
      g_assert_cmpint (pr_case_columns_get_accepted (opened->set->cases, cluster->members[m]), ==,
                       pr_case_columns_get_accepted (scanned->set->cases, s));
    }
}

/* The 15:00 of the other records shows a 24-hour clock: 9:15 is 09:15. */
static void
test_open_stored_24_hour (void)
{
  const char *const dates[3] = { "2026-01-04 9:15", "2026-01-05 下午3:00", "2026-01-06 下午4:00" };

  check_reopened ("chosenclock24", dates, dates, "2026-01-%02u 15:00", "2026-01-%02u 15:00", 0);
}

/* The 下午 of the other records leaves the case's unmarked hours
 * unreadable, as the scan has them. */
static void
test_open_stored_day_part (void)
{
  const char *const dates[3] = { "2026-01-04 9:15", "2026-01-05 10:00", "2026-01-06 11:00" };

  check_reopened ("chosenclock12", dates, dates, "2026-01-%02u 下午3:00", "2026-01-%02u 下午3:00", 3);
}

/* The two columns keep two clocks: the date column 24-hour (15:00), the
 * accepted-date column 12-hour (下午3:00). The scan reads the case's 9:15
 * as 09:15 in the first and as none in the second; so does the reopen. */
static void
test_open_stored_two_clocks (void)
{
  const char *const dates[3] = { "2026-01-04 9:15", "2026-01-05 10:00", "2026-01-06 11:00" };

  check_reopened ("chosentwoclocks", dates, dates, "2026-01-%02u 15:00", "2026-01-%02u 下午3:00", 0);
}

/* A case whose members all hold numbers (Excel's day numbers, Unix
 * seconds) in a column of written dates: the scan reads them as none
 * (3 unreadable), and so does the reopen, in either column. */
static void
test_open_stored_numbers (void)
{
  const char *const serials[3] = { "45300", "45301", "45302" };
  const char *const seconds[3] = { "1767225600", "1767312000", "1767398400" };
  const char *const written[3] = { "2026-01-04", "2026-01-05", "2026-01-06" };

  check_reopened ("chosenserials", serials, written, "2026-01-%02u 15:00", "2026-01-%02u", 3);
  check_reopened ("chosenseconds", seconds, written, "2026-01-%02u 15:00", "2026-01-%02u", 3);
  check_reopened ("chosenaccserials", written, serials, "2026-01-%02u 15:00", "2026-01-%02u", 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/intake/few-unreadable-dates", test_few_unreadable);
  g_test_add_func ("/db/scan-stored/few-unreadable-dates", test_open_stored);
  g_test_add_func ("/db/explain/clock-of-the-column", test_explain_clock);
  g_test_add_func ("/db/intake/clock-of-the-column", test_intake_clock);
  g_test_add_func ("/db/scan-stored/clock-of-the-column", test_open_stored_24_hour);
  g_test_add_func ("/db/scan-stored/day-part-of-the-column", test_open_stored_day_part);
  g_test_add_func ("/db/scan-stored/two-clocks", test_open_stored_two_clocks);
  g_test_add_func ("/db/scan-stored/numbers-of-the-column", test_open_stored_numbers);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
