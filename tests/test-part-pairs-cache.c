/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The passage pairs a rescan takes from the store (pr-store-part-pairs.c),
 * on the bundled sample in a throwaway server. The oracle of every rescan
 * is a scan of the same table into a fresh store, which matches every
 * record's passages: the rescan's --out, --pairs and --new-repeats must be
 * the same bytes, and the match the store keeps the same as the fresh
 * store's. A record edited, added or removed since, or another boilerplate
 * threshold, must be matched again; each of those tests first makes sure
 * that the change takes a passage pair away or adds one, so that a rescan
 * reusing what it should not cannot pass.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-store.h"
#include "pr-test-petitions.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

#define TAKEN "Passages: not matched again, the pairs sharing them taken from the last scan"

static PrTestSample *sample;

/* Scans @table into the store @store with the second stage (the default). */
static void
scan (const char *table,
      const char *store,
      PrTestScan *result)
{
  pr_test_sample_scan (sample, table, store, NULL, result);
}

static gboolean
taken (const PrTestScan *scan)
{
  return strstr (scan->err, TAKEN) != NULL;
}

/* The match @store keeps for @table, as text to compare. */
static char *
kept_match (PrConnection *db,
            const char   *store,
            const char   *table)
{
  g_autofree char *sql = g_strdup_printf ("SELECT GROUP_CONCAT(CONCAT_WS(':', chunk, match_key, n_pairs, MD5(pairs), "
                                          "n_boilerplate, MD5(boilerplate)) ORDER BY chunk) FROM %s.pr_part_pairs "
                                          "WHERE source_table = '%s'", store, table);

  return pr_test_query_value (db, sql);
}

/* How many pairs @store keeps for @table. */
static guint
kept_pairs (PrConnection *db,
            const char   *store,
            const char   *table)
{
  g_autofree char *sql = g_strdup_printf ("SELECT SUM(n_pairs) FROM %s.pr_part_pairs WHERE source_table = '%s'",
                                          store, table);
  g_autofree char *n = pr_test_query_value (db, sql);

  return (guint) g_ascii_strtoull (n, NULL, 10);
}

/* @store's scan of @table, then a fresh store's (@oracle_store): the files
 * are the same, and so is the match each store keeps. The clusters' case
 * numbers are compared only where @with_cases: a rescan whose clusters
 * changed goes on from the last scan's numbers, a fresh store from 1. */
static void
assert_as_fresh (PrConnection *db,
                 const char   *table,
                 const char   *store,
                 const char   *oracle_store,
                 gboolean      with_cases,
                 const PrTestScan *rescan,
                 PrTestScan   *oracle)
{
  g_autofree char *kept = NULL;
  g_autofree char *fresh = NULL;

  pr_test_fresh_store (db, oracle_store);
  scan (table, oracle_store, oracle);
  g_assert_false (taken (oracle));
  g_assert_true (g_str_equal (rescan->pairs, oracle->pairs));
  g_assert_true (with_cases ? g_str_equal (rescan->out, oracle->out) : pr_test_same_but_cases (rescan->out, oracle->out));
  kept = kept_match (db, store, table);
  fresh = kept_match (db, oracle_store, table);
  g_assert_nonnull (fresh);
  g_assert_cmpstr (kept, ==, fresh);
}

/* The first pair of @pairs (scan --pairs) beyond k = 3: one that only
 * sharing passages made a candidate. */
static void
passage_pair (const char  *pairs,
              char       **a,
              char       **b)
{
  g_auto(GStrv) lines = g_strsplit (pairs, "\n", -1);

  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cells = g_strsplit (g_strstrip (lines[i]), ",", -1);

      if (g_strv_length (cells) == 6 && g_ascii_strtoull (cells[2], NULL, 10) > 3)
        {
          *a = g_strdup (cells[0]);
          *b = g_strdup (cells[1]);
          return;
        }
    }
  g_assert_not_reached ();
}

static gboolean
has_pair (const char *pairs,
          const char *a,
          const char *b)
{
  g_autofree char *ab = g_strdup_printf ("\n%s,%s,", a, b);
  g_autofree char *ba = g_strdup_printf ("\n%s,%s,", b, a);

  return strstr (pairs, ab) != NULL || strstr (pairs, ba) != NULL;
}

/* Nothing changed: the passage pairs are taken, and every file is the
 * fresh store's. */
static void
test_unchanged (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "same", "parts_a");
  g_auto(PrTestScan) first = { 0 };
  g_auto(PrTestScan) again = { 0 };
  g_auto(PrTestScan) oracle = { 0 };
  g_autofree char *a = NULL, *b = NULL;

  scan ("same", "parts_a", &first);
  g_assert_false (taken (&first));
  /* The sample has pairs that only their passages make candidates. */
  passage_pair (first.pairs, &a, &b);
  scan ("same", "parts_a", &again);
  g_assert_true (taken (&again));
  scan ("same", "parts_a", &again);
  g_assert_true (taken (&again));
  g_assert_true (g_str_equal (again.pairs, first.pairs));
  assert_as_fresh (db, "same", "parts_a", "parts_b", TRUE, &again, &oracle);
  /* Nothing new, nothing changed: no new repeat. */
  g_assert_cmpstr (again.repeats, ==, "id,existing_id,distance,kind\r\n");
}

/* One record of a passage pair edited into another letter: matched
 * again, the pair gone, as in a fresh store. */
static void
test_record_changed (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "edited", "parts_c");
  g_auto(PrTestScan) before = { 0 };
  g_auto(PrTestScan) after = { 0 };
  g_auto(PrTestScan) oracle = { 0 };
  g_autofree char *a = NULL, *b = NULL;
  g_autofree char *edit = NULL;

  scan ("edited", "parts_c", &before);
  passage_pair (before.pairs, &a, &b);
  edit = g_strdup_printf ("UPDATE edited SET body = '小区东门的路灯坏了三个月，夜里老人出行很不方便，物业说归街道管，"
                          "街道说归物业管，请有关部门督促解决，并答复处理结果。' WHERE id = '%s'", b);
  pr_test_execute (db, edit);

  scan ("edited", "parts_c", &after);
  g_assert_false (has_pair (after.pairs, a, b));
  assert_as_fresh (db, "edited", "parts_c", "parts_d", FALSE, &after, &oracle);
  g_assert_false (taken (&after));

  /* And the next rescan takes the new match. */
  scan ("edited", "parts_c", &after);
  g_assert_true (taken (&after));
  g_assert_true (g_str_equal (after.pairs, oracle.pairs));
  g_assert_true (pr_test_same_but_cases (after.out, oracle.out));
}

/* A record added with another's letter, and one removed: matched again,
 * as in a fresh store. */
static void
test_records_added_removed (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "grown", "parts_e");
  g_auto(PrTestScan) before = { 0 };
  g_auto(PrTestScan) after = { 0 };
  g_auto(PrTestScan) oracle = { 0 };
  g_autofree char *a = NULL, *b = NULL;
  g_autofree char *removal = NULL;

  scan ("grown", "parts_e", &before);
  passage_pair (before.pairs, &a, &b);
  removal = g_strdup_printf ("DELETE FROM grown WHERE id = '%s'", b);
  pr_test_execute (db, removal);
  scan ("grown", "parts_e", &after);
  g_assert_false (has_pair (after.pairs, a, b));
  assert_as_fresh (db, "grown", "parts_e", "parts_f", FALSE, &after, &oracle);
  g_assert_false (taken (&after));

  /* A new record (id beyond the sample's) holding half of a's letter and
   * a letter of its own: a passage pair with a, not within k. */
  {
    g_autofree char *insert = g_strdup_printf (
      "INSERT INTO grown (id, petitioner, submitted_at, subject, body) "
      "SELECT 900001, 'P-new', submitted_at, '另一件事', "
      "CONCAT(LEFT(body, CHAR_LENGTH(body) DIV 2), '此外，我家楼下的垃圾站每天清晨五点就开始作业，噪音很大，"
      "多次反映给街道和环卫所均无结果，请求调整作业时间，并在垃圾站周边加装隔音设施，保障居民休息。') "
      "FROM grown WHERE id = '%s'", a);

    pr_test_execute (db, insert);
  }
  scan ("grown", "parts_e", &after);
  assert_as_fresh (db, "grown", "parts_e", "parts_f", FALSE, &after, &oracle);
  g_assert_false (taken (&after));
}

/* Whether two --pairs files agree: the same pairs, the same number where
 * both have one, and a blank (proved below 0.5, not judged) in one only
 * where the other's number is below 0.5. A rescan keeps the number the
 * last scan judged for a pair a fresh scan leaves blank. */
static void
assert_pairs_agree (const char *pairs,
                    const char *oracle)
{
  g_auto(GStrv) lines = g_strsplit (pairs, "\n", -1);
  g_auto(GStrv) oracle_lines = g_strsplit (oracle, "\n", -1);

  g_assert_cmpuint (g_strv_length (lines), ==, g_strv_length (oracle_lines));
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *x = strrchr (lines[i], ','), *y = strrchr (oracle_lines[i], ',');

      if (x == NULL || y == NULL || g_str_equal (lines[i], oracle_lines[i]))
        {
          g_assert_cmpstr (lines[i], ==, oracle_lines[i]);
          continue;
        }
      g_assert_cmpint (x - lines[i], ==, y - oracle_lines[i]);
      g_assert_cmpint (strncmp (lines[i], oracle_lines[i], x - lines[i]), ==, 0);
      /* One of them blank (the line may end in \r). */
      g_assert_true (x[1] == '\0' || x[1] == '\r' || y[1] == '\0' || y[1] == '\r');
      g_assert_cmpfloat (g_ascii_strtod (x[1] != '\r' && x[1] != '\0' ? x + 1 : y + 1, NULL), <, 0.5);
    }
}

/* Another boilerplate threshold: matched again, as in a fresh store. */
static void
test_options_changed (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "capped", "parts_g");
  const char *const cap[] = { "--part-max-records", "2", NULL };
  g_autofree char *kept = NULL;
  g_autofree char *fresh = NULL;
  g_auto(PrTestScan) before = { 0 };
  g_auto(PrTestScan) after = { 0 };
  g_auto(PrTestScan) oracle = { 0 };

  scan ("capped", "parts_g", &before);
  pr_test_sample_scan (sample, "capped", "parts_g", cap, &after);
  g_assert_false (g_str_equal (after.pairs, before.pairs));
  pr_test_fresh_store (db, "parts_h");
  pr_test_sample_scan (sample, "capped", "parts_h", cap, &oracle);
  assert_pairs_agree (after.pairs, oracle.pairs);
  g_assert_false (taken (&after));
  kept = kept_match (db, "parts_g", "capped");
  fresh = kept_match (db, "parts_h", "capped");
  g_assert_cmpstr (kept, ==, fresh);
}

/* A store of version 9 gains the table, as a new store has it; its next
 * scan matches and keeps, the one after takes. */
static void
test_migrate (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "older", "parts_v9");
  g_auto(PrTestScan) first = { 0 };
  g_auto(PrTestScan) again = { 0 };

  scan ("older", "parts_v9", &first);
  pr_test_execute (db, "DROP TABLE parts_v9.pr_part_pairs");
  pr_test_execute (db, "UPDATE parts_v9.pr_meta SET value = '9' WHERE name = 'schema_version'");
  pr_test_fresh_store (db, "parts_new");
  pr_test_assert_migrated (db, "parts_v9", "parts_new", "pr_part_pairs");

  scan ("older", "parts_v9", &again);
  g_assert_false (taken (&again));
  g_assert_true (g_str_equal (again.pairs, first.pairs));
  scan ("older", "parts_v9", &again);
  g_assert_true (taken (&again));
  g_assert_true (g_str_equal (again.pairs, first.pairs));
}

/* Scans the table t (id, name, phone, body) into @store, the phone
 * given as a phone too if @with_phone: only the passages make pairs (no
 * second stage), and the same petitioner's pairs need less containment.
 * Its --out, and what it says. */
static void
scan_people (const char *store,
             gboolean    with_phone,
             PrTestScan *result)
{
  g_autofree char *out = g_build_filename (sample->dir, "people.csv", NULL);
  g_autofree char *store_arg = g_strdup_printf ("--store=%s", store);
  g_autofree char *out_arg = g_strdup_printf ("--out=%s", out);
  /* The phone's role last: without it, the list ends there. */
  const char *const args[] = { "scan", "--db", sample->uri, "--table=t", "--id=id", "--text=body", "--name=name",
                               "--short=phone", "--no-second-stage", "--containment=0.5", "--containment-same=0.3",
                               "--min-shared=3", store_arg, out_arg, with_phone ? "--phone=phone" : NULL, NULL };

  pr_test_scan_clear (result);
  g_assert_cmpint (pr_test_run_cli (NULL, &result->err, args), ==, 0);
  g_assert_true (g_file_get_contents (out, &result->out, NULL, NULL));
}

/* How many records @out (scan --out) puts in clusters. */
static guint
n_clustered (const char *out)
{
  g_auto(GStrv) lines = g_strsplit (out, "\r\n", -1);
  guint n = 0;

  for (guint i = 1; lines[0] != NULL && lines[i] != NULL; i++)
    n += lines[i][0] != '\0';
  return n;
}

/* Another identity role (the phone made a phone): two records of one
 * name and phone become one petitioner's, whose passages need less
 * containment; the rescan matches again, as a fresh store does, and
 * clusters them. The mapping version (and so the stored fingerprints)
 * does not change with an identity role, so only the match key can tell. */
static void
test_identity_changed (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autofree char *shared = pr_test_petition_body (1);
  g_autofree char *a1 = pr_test_petition_body (2), *a2 = pr_test_petition_body (3);
  g_autofree char *b1 = pr_test_petition_body (4), *b2 = pr_test_petition_body (5);
  g_autofree char *other = pr_test_petition_body (6);
  g_autofree char *insert = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *fresh = NULL;
  g_auto(PrTestScan) first = { 0 };
  g_auto(PrTestScan) again = { 0 };
  g_auto(PrTestScan) oracle = { 0 };

  pr_test_execute (db, "DROP TABLE IF EXISTS t");
  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(20), phone VARCHAR(20), body TEXT)");
  /* Each record: 60 characters the two share, 120 its own (a containment
   * of some 0.35, between the two thresholds), and one more record that
   * shares nothing. */
  insert = g_strdup_printf ("INSERT INTO t VALUES (1, '张三', '13800001111', '%s%s%s'), "
                            "(2, '张三', '13800001111', '%s%s%s'), (3, '李四', '13900002222', '%s')",
                            shared, a1, a2, shared, b1, b2, other);
  pr_test_execute (db, insert);
  pr_test_fresh_store (db, "people_a");
  pr_test_fresh_store (db, "people_b");

  /* A name alone says nothing of who sent them: no pair. */
  scan_people ("people_a", FALSE, &first);
  g_assert_cmpuint (n_clustered (first.out), ==, 0);
  scan_people ("people_a", TRUE, &again);
  scan_people ("people_b", TRUE, &oracle);
  g_assert_false (taken (&oracle));
  g_assert_cmpuint (n_clustered (oracle.out), ==, 2);
  g_assert_true (pr_test_same_but_cases (again.out, oracle.out));
  g_assert_false (taken (&again));
  kept = kept_match (db, "people_a", "t");
  fresh = kept_match (db, "people_b", "t");
  g_assert_cmpstr (kept, ==, fresh);
  pr_test_execute (db, "DROP TABLE t");
}

/* Scans the table s (id, body) into @store with the second stage, @flag
 * (nullable) given besides. What it says. */
static char *
scan_short (const char *store,
            const char *flag)
{
  g_autofree char *store_arg = g_strdup_printf ("--store=%s", store);
  const char *const args[] = { "scan", "--db", sample->uri, "--table=s", "--id=id", "--text=body", store_arg,
                               "--out=/dev/null", flag, NULL };
  char *err = NULL;

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  return err;
}

/* The short records' minimum of shared words is part of what the kept
 * match answers to: two letters of 22 words sharing a run of 14 (12 words
 * in shared passages of 27 in each one's, as explain counts them) pair
 * only under it (10 words), not under the general minimum (20). A store that
 * matched with the general minimum for short records too, as a matcher
 * without the rule did, is matched again, as a fresh store is. */
static void
test_short_rule_changed (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  static const char *const pool[] = {
    "小区", "夜间", "施工", "噪音", "扰民", "请求", "查处", "工地", "围挡", "医保", "报销", "比例",
    "调整", "退休", "职工", "门诊", "慢性病", "拆迁", "补偿", "标准", "过低", "物业", "停车", "收费",
    "学校", "食堂", "卫生", "道路", "积水", "路灯", "损坏", "供暖", "温度", "不足", "欠薪", "工资",
  };
  g_autoptr(GString) a = g_string_new (NULL), b = g_string_new (NULL);
  g_autofree char *insert = NULL;
  g_autofree char *err = NULL;
  g_autofree char *old_rule = NULL, *kept = NULL, *fresh = NULL;

  for (guint w = 0; w < 14; w++)
    {
      g_string_append_printf (a, "%s ", pool[w]);
      g_string_append_printf (b, "%s ", pool[w]);
    }
  for (guint w = 0; w < 8; w++)
    {
      g_string_append_printf (a, "%s ", pool[14 + w]);
      g_string_append_printf (b, "%s ", pool[22 + w]);
    }
  pr_test_execute (db, "DROP TABLE IF EXISTS s");
  pr_test_execute (db, "CREATE TABLE s (id INT PRIMARY KEY, body TEXT)");
  insert = g_strdup_printf ("INSERT INTO s VALUES (1, '%s'), (2, '%s')", a->str, b->str);
  pr_test_execute (db, insert);
  pr_test_fresh_store (db, "short_a");
  pr_test_fresh_store (db, "short_b");

  err = scan_short ("short_a", "--min-shared-short=20");
  old_rule = kept_match (db, "short_a", "s");
  g_clear_pointer (&err, g_free);
  err = scan_short ("short_a", NULL);
  g_assert_null (strstr (err, TAKEN));
  g_clear_pointer (&err, g_free);
  err = scan_short ("short_b", NULL);
  g_assert_null (strstr (err, TAKEN));
  kept = kept_match (db, "short_a", "s");
  fresh = kept_match (db, "short_b", "s");
  g_assert_cmpstr (kept, ==, fresh);
  /* The two rules keep other pairs: one pair against none. */
  g_assert_cmpstr (old_rule, !=, fresh);
  g_assert_cmpuint (kept_pairs (db, "short_b", "s"), ==, 1);
  pr_test_fresh_store (db, "short_b");
  g_free (scan_short ("short_b", "--min-shared-short=20"));
  g_assert_cmpuint (kept_pairs (db, "short_b", "s"), ==, 0);
  /* 0 turns the rule off: the general minimum, not the candidates' 10. */
  pr_test_fresh_store (db, "short_b");
  g_free (scan_short ("short_b", "--min-shared-short=0"));
  g_assert_cmpuint (kept_pairs (db, "short_b", "s"), ==, 0);
  /* And the next rescan takes the match. */
  g_clear_pointer (&err, g_free);
  err = scan_short ("short_a", NULL);
  g_assert_nonnull (strstr (err, TAKEN));
  pr_test_execute (db, "DROP TABLE s");
}

/* The kept match's last row lost (the rows of a small max_allowed_packet,
 * one deleted by hand): the rescan is refused as damaged, not given the
 * pairs of the rows left. */
static void
test_last_chunk_lost (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  const char *const args[] = { "scan", "--db", sample->uri, "--table=letters", "--id=id", "--text=body",
                               "--no-second-stage", "--store=parts_lost", NULL };
  g_autofree char *err = NULL;
  g_autofree char *last = NULL;
  g_autofree char *delete = NULL;
  g_autofree char *n_chunks = NULL;

  pr_test_execute (db, "CREATE TABLE letters (id INT PRIMARY KEY, body TEXT)");
  pr_test_add_petition_groups (db, "letters", 700, 3);
  pr_test_fresh_store (db, "parts_lost");
  /* New connections take the global value: the scan keeps 2,100 pairs in
   * rows of a few hundred. */
  pr_test_execute (db, "SET GLOBAL max_allowed_packet = 16384");
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  pr_test_execute (db, "SET GLOBAL max_allowed_packet = 16777216");
  n_chunks = pr_test_query_value (db, "SELECT COUNT(*) > 2 FROM parts_lost.pr_part_pairs");
  g_assert_cmpstr (n_chunks, ==, "1");
  last = pr_test_query_value (db, "SELECT MAX(chunk) FROM parts_lost.pr_part_pairs");
  delete = g_strdup_printf ("DELETE FROM parts_lost.pr_part_pairs WHERE chunk = %s", last);
  pr_test_execute (db, delete);

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), !=, 0);
  g_assert_nonnull (strstr (err, "the passage pairs kept for “letters” in the schema “parts_lost” are damaged"));
  pr_test_execute (db, "DROP TABLE letters");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  sample = pr_test_sample_start ();

  g_test_add_func ("/db/part-pairs-cache/unchanged", test_unchanged);
  g_test_add_func ("/db/part-pairs-cache/record-changed", test_record_changed);
  g_test_add_func ("/db/part-pairs-cache/records-added-removed", test_records_added_removed);
  g_test_add_func ("/db/part-pairs-cache/options-changed", test_options_changed);
  g_test_add_func ("/db/part-pairs-cache/identity-changed", test_identity_changed);
  g_test_add_func ("/db/part-pairs-cache/short-rule-changed", test_short_rule_changed);
  g_test_add_func ("/db/part-pairs-cache/last-chunk-lost", test_last_chunk_lost);
  g_test_add_func ("/db/part-pairs-cache/migrate", test_migrate);

  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
