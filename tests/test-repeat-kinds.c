/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The office's kinds of repeat (pr-repeat-kind.c) on hand-built records
 * loaded through the CSV loader: a repeat, the same matter from another
 * person, one letter sent to several bodies (at the window's last day and
 * the day after), one person's other words in a category (at the window's
 * last day and the day after, checked also against a brute-force scan of
 * all pairs), and the disposition of a repeat by its earlier case's state.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-case-columns.h"
#include "pr-repeat-kind.h"
#include "pr-test-util.h"

static char *tmpdir;

/* id, petitioner, category, unit, status, accepted, date */
static const char records_csv[] =
  "id,petitioner,category,unit,status,accepted,date,body\n"
  "r1,张三,土地征收,市信访局, 办理中 ,2026-03-02,2026-03-01,征地补偿款至今未发放请求尽快解决\n"
  "r2,张三,土地征收,市信访局,,,2026-04-10,征地补偿款至今未发放请求尽快解决\n"
  "r3,张三,土地征收,省信访局,,,2026-03-04,征地补偿款至今未发放请求尽快解决\n"   /* 3 days after r1 */
  "r4,张三,土地征收,区信访局,,,2026-03-05,征地补偿款至今未发放请求尽快解决\n"   /* 4 days after r1 */
  "r5,李四,土地征收,市信访局,,,2026-03-04,征地补偿款至今未发放请求尽快解决\n"
  "r6,张三,土地 征收,市信访局,,,2026-05-30,村里土地被占用后没有安置房\n"       /* 90 days after r1 */
  "r7,张三,土地征收,市信访局,,,2026-05-31 08:00,耕地被挖坏了要求恢复原状\n"    /* 91 days after r1 */
  "r8,张三,劳动社保,市信访局,,,2026-03-10,工资拖欠三个月\n"
  "r9,,土地征收,市信访局,,,2026-03-11,征地补偿款至今未发放请求尽快解决\n"
  "r10,张三,土地征收,,,,2026-03-02,征地补偿款至今未发放请求尽快解决\n"        /* no unit: a repeat */
  "r11,王五,土地征收,市信访局,复核,2025-01-10,2025-01-02,宅基地纠纷\n"
  "r12,王五,土地征收,市信访局,已办结,2025-06-01,2025-05-20,宅基地纠纷\n"
  "r13,王五,土地征收,市信访局,待结案,,2025-08-20,宅基地纠纷\n"
  "r14,王五,土地征收,市信访局,,,2025-09-20,宅基地纠纷\n";

static PrRecordSet *
load (const char *csv)
{
  g_autofree char *path = g_build_filename (tmpdir, "records.csv", NULL);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GError) error = NULL;
  PrLoadOptions options = { .min_tokens = 1, .n_threads = 1, .date_order = PR_DATE_ORDER_YMD };
  PrRecordSet *set;

  g_assert_true (g_file_set_contents (path, csv, -1, &error));
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, &error));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2, &error));
  g_assert_true (pr_mapping_add (mapping, "category", PR_COLUMN_ROLE_SHORT, 2, &error));
  g_assert_true (pr_mapping_add (mapping, "unit", PR_COLUMN_ROLE_UNIT, 0, &error));
  g_assert_true (pr_mapping_add (mapping, "status", PR_COLUMN_ROLE_STATUS, 0, &error));
  g_assert_true (pr_mapping_add (mapping, "accepted", PR_COLUMN_ROLE_ACCEPTED, 0, &error));
  g_assert_true (pr_mapping_add (mapping, "date", PR_COLUMN_ROLE_DATE, 0, &error));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, &error));
  g_assert_true (pr_mapping_set_petitioner (mapping, "petitioner", &error));
  g_assert_true (pr_mapping_set_category (mapping, "category", &error));
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return set;
}

static guint32
record (PrRecordSet *set,
        const char  *id)
{
  for (guint32 r = 0; r < set->n_records; r++)
    if (strcmp (set->ids->pdata[r], id) == 0)
      return r;
  g_assert_not_reached ();
}

static const char *
kind (PrRecordSet       *set,
      const PrCaseRules *rules,
      const char        *a,
      const char        *b)
{
  return pr_repeat_kind_to_string (pr_repeat_kind_of_pair (set, rules, record (set, a), record (set, b)));
}

static void
test_kinds (void)
{
  g_autoptr(PrRecordSet) set = load (records_csv);
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCaseRules) none = pr_case_rules_new_from_data ("[kinds]\nmulti-send-days=0\n", "test", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (kind (set, rules, "r1", "r2"), ==, "repeat");
  /* Another unit 3 days later: a copy of one letter; 4 days, a repeat. */
  g_assert_cmpstr (kind (set, rules, "r1", "r3"), ==, "multi-send");
  g_assert_cmpstr (kind (set, rules, "r1", "r4"), ==, "repeat");
  g_assert_cmpstr (kind (set, rules, "r3", "r4"), ==, "multi-send");
  g_assert_cmpstr (kind (set, none, "r1", "r3"), ==, "repeat");
  g_assert_cmpstr (kind (set, rules, "r1", "r5"), ==, "same-matter");
  /* No petitioner for one side: not told. */
  g_assert_cmpstr (kind (set, rules, "r1", "r9"), ==, "");
  /* No unit for one side: a copy cannot be told from a repeat. */
  g_assert_cmpstr (kind (set, rules, "r1", "r10"), ==, "repeat");
  g_assert_cmpstr (kind (set, rules, "r2", "r3"), ==, "repeat");  /* the same unit… */
  g_assert_cmpstr (kind (set, rules, "r2", "r6"), ==, "repeat");
}

static const char *
disposition (PrRecordSet       *set,
             const PrCaseRules *rules,
             const char        *a,
             const char        *b,
             char             **due)
{
  gint64 day;
  guint32 ra = record (set, a), rb = record (set, b);
  PrDisposition d = pr_repeat_disposition (set, rules, pr_repeat_kind_of_pair (set, rules, ra, rb), ra, rb, &day);

  *due = day == PR_DATE_NONE ? g_strdup ("") : pr_date_format_day (day);
  return pr_disposition_to_string (d);
}

static void
test_dispositions (void)
{
  g_autoptr(PrRecordSet) set = load (records_csv);
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  g_autofree char *due1 = NULL, *due2 = NULL, *due3 = NULL, *due4 = NULL, *due5 = NULL, *due6 = NULL;

  /* r1 is handled, accepted 2026-03-02: due 2026-05-01. */
  g_assert_cmpstr (disposition (set, rules, "r1", "r2", &due1), ==, "remind");
  g_assert_cmpstr (due1, ==, "2026-05-01");
  /* A copy, or the same matter from another person, is no repeat on the same facts. */
  g_assert_cmpstr (disposition (set, rules, "r1", "r3", &due2), ==, "");
  g_assert_cmpstr (disposition (set, rules, "r1", "r5", &due3), ==, "");
  g_assert_cmpstr (disposition (set, rules, "r11", "r14", &due4), ==, "not-again");
  g_assert_cmpstr (disposition (set, rules, "r12", "r14", &due5), ==, "new-case");
  /* A state the rules do not know: nothing guessed. */
  g_assert_cmpstr (disposition (set, rules, "r13", "r14", &due6), ==, "");
  g_assert_cmpstr (pr_case_columns_get_status (set->cases, record (set, "r1")), ==, "办理中");
  g_assert_cmpstr (pr_case_columns_get_status (set->cases, record (set, "r2")), ==, "");
}

/* The pairs the kind finder should give: every pair, tried. */
static GHashTable *
brute_force_same_person (PrRecordSet   *set,
                         guint          days,
                         const guint32 *cluster_of)
{
  GHashTable *pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint32 a = 0; a < set->n_records; a++)
    for (guint32 b = 0; b < set->n_records; b++)
      {
        gint64 da, db;

        if (a == b || set->dates[a] == PR_DATE_NONE || set->dates[b] == PR_DATE_NONE)
          continue;
        da = set->dates[a] / 86400;
        db = set->dates[b] / 86400;
        if (da > db || (da == db && a > b) || db - da > days)
          continue;
        if (pr_case_columns_get_category (set->cases, a) == 0 ||
            pr_case_columns_get_category (set->cases, a) != pr_case_columns_get_category (set->cases, b) ||
            pr_record_set_petitioner_kind (set, a, b) != PR_PETITIONER_SAME ||
            (cluster_of != NULL && cluster_of[a] != G_MAXUINT32 && cluster_of[a] == cluster_of[b]))
          continue;
        g_hash_table_add (pairs, g_strdup_printf ("%s %s", (char *) set->ids->pdata[a], (char *) set->ids->pdata[b]));
      }
  return pairs;
}

static void
assert_same_person (PrRecordSet       *set,
                    const PrCaseRules *rules,
                    const guint32     *cluster_of)
{
  g_autoptr(GArray) pairs = pr_repeat_kind_same_person (set, rules, cluster_of);
  g_autoptr(GHashTable) expected = brute_force_same_person (set, pr_case_rules_get_same_person_days (rules), cluster_of);

  for (guint i = 0; i < pairs->len; i++)
    {
      PrRecordPair *pair = &g_array_index (pairs, PrRecordPair, i);
      g_autofree char *key = g_strdup_printf ("%s %s", (char *) set->ids->pdata[pair->earlier],
                                              (char *) set->ids->pdata[pair->later]);

      if (!g_hash_table_remove (expected, key))
        g_error ("same person: %s found, not expected (or twice)", key);
    }
  g_assert_cmpuint (g_hash_table_size (expected), ==, 0);
}

static gboolean
has_pair (GArray      *pairs,
          PrRecordSet *set,
          const char  *a,
          const char  *b)
{
  for (guint i = 0; i < pairs->len; i++)
    {
      PrRecordPair *pair = &g_array_index (pairs, PrRecordPair, i);

      if (pair->earlier == record (set, a) && pair->later == record (set, b))
        return TRUE;
    }
  return FALSE;
}

static void
test_same_person (void)
{
  g_autoptr(PrRecordSet) set = load (records_csv);
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCaseRules) short_window = pr_case_rules_new_from_data ("[kinds]\nsame-person-days = 5\n", "t", &error);
  g_autofree guint32 *cluster_of = g_new (guint32, set->n_records);
  g_autoptr(GArray) pairs = NULL;

  g_assert_no_error (error);
  /* r1–r5 and r10 are one cluster (one text): repeats already. */
  for (guint32 r = 0; r < set->n_records; r++)
    cluster_of[r] = G_MAXUINT32;
  for (guint i = 0; i < 6; i++)
    cluster_of[record (set, (const char *[]) { "r1", "r2", "r3", "r4", "r5", "r10" }[i])] = 0;

  pairs = pr_repeat_kind_same_person (set, rules, cluster_of);
  /* 90 days after r1, in “土地 征收” (a space): offered; 91 days: not. */
  g_assert_true (has_pair (pairs, set, "r1", "r6"));
  g_assert_false (has_pair (pairs, set, "r1", "r7"));
  g_assert_true (has_pair (pairs, set, "r2", "r7"));
  g_assert_true (has_pair (pairs, set, "r6", "r7"));
  /* One cluster, another category, another person: not offered. */
  g_assert_false (has_pair (pairs, set, "r1", "r2"));
  g_assert_false (has_pair (pairs, set, "r1", "r8"));
  g_assert_false (has_pair (pairs, set, "r9", "r6"));
  assert_same_person (set, rules, cluster_of);
  assert_same_person (set, rules, NULL);
  assert_same_person (set, short_window, cluster_of);
}

static void
test_without_columns (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "plain.csv", NULL);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GError) error = NULL;
  PrLoadOptions options = { .min_tokens = 1, .n_threads = 1 };
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  g_autoptr(GArray) pairs = NULL;

  g_assert_true (g_file_set_contents (path, "id,petitioner,body\na,张三,同一封信\nb,张三,同一封信\n", -1, &error));
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, &error));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2, &error));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, &error));
  g_assert_true (pr_mapping_set_petitioner (mapping, "petitioner", &error));
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (set->cases);
  g_assert_cmpstr (pr_repeat_kind_to_string (pr_repeat_kind_of_pair (set, rules, 0, 1)), ==, "repeat");
  g_assert_cmpint (pr_repeat_disposition (set, rules, PR_REPEAT_KIND_REPEAT, 0, 1, NULL), ==, PR_DISPOSITION_NONE);
  pairs = pr_repeat_kind_same_person (set, rules, NULL);
  g_assert_cmpuint (pairs->len, ==, 0);
}

/* The case a cluster member repeats: the latest earlier record of the
 * same person with a state, not the cluster's primary. */
static void
test_earlier_case (void)
{
  g_autoptr(PrRecordSet) set = load (
    "id,petitioner,category,unit,status,accepted,date,body\n"
    "a,李四,土地征收,市信访局,办理中,2025-01-05,2025-01-01,征地补偿款至今未发放\n"
    "b,张三,土地征收,市信访局,已办结,2025-03-01,2025-02-20,征地补偿款至今未发放\n"
    "c,张三,土地征收,市信访局,办理中,2026-03-02,2026-03-01,征地补偿款至今未发放\n"
    "d,张三,土地征收,市信访局,,,2026-04-10,征地补偿款至今未发放\n"
    "e,张三,土地征收,省信访局,办理中,2026-04-11,2026-04-11,征地补偿款至今未发放\n"
    "f,张三,土地征收,市信访局,,,2026-04-20,征地补偿款至今未发放\n"
    "g,王五,土地征收,市信访局,,,2026-04-20,征地补偿款至今未发放\n"
    "h,张三,土地征收,市信访局,,,,征地补偿款至今未发放\n");
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  guint32 members[8];
  g_autofree char *due = NULL;

  /* The cluster as a scan orders it: the primary (the earliest) first. */
  for (guint i = 0; i < 8; i++)
    members[i] = record (set, (const char *[]) { "a", "b", "c", "d", "e", "f", "g", "h" }[i]);
#define EARLIER(m) ((const char *) set->ids->pdata[pr_repeat_earlier_case (set, rules, members, 8, m)])
  /* d: c (handled) rather than b (closed) or a (another person's). */
  g_assert_cmpstr (EARLIER (3), ==, "c");
  g_assert_cmpstr (disposition (set, rules, "c", "d", &due), ==, "remind");
  /* e, to another body: d has no state, so is no case; c is e's. */
  g_assert_cmpstr (EARLIER (4), ==, "c");
  /* f: e, 9 days before to another body, is a repeat, not a copy, and
   * the latest case. */
  g_assert_cmpstr (EARLIER (5), ==, "e");
  /* g, another person, and b, the first of 张三's: none of their own
   * before them; the primary. */
  g_assert_cmpstr (EARLIER (6), ==, "a");
  g_assert_cmpstr (EARLIER (1), ==, "a");
  /* h has no date and cannot be placed: the primary. */
  g_assert_cmpstr (EARLIER (7), ==, "a");
#undef EARLIER
}

/* A state moving on is no edit: the content hash, which tells a store
 * what to fingerprint again, does not change with the case columns. */
static void
test_state_is_no_edit (void)
{
  g_autoptr(PrRecordSet) before = load (records_csv);
  g_autofree char *moved = g_strdup (records_csv);
  g_autoptr(PrRecordSet) after = NULL;
  char *at = strstr (moved, " 办理中 ,2026-03-02");

  /* The same bytes' length: “ 办理中 ” to “已办结  ”, and another day. */
  memcpy (at, "已办结  ,2026-03-09", strlen ("已办结  ,2026-03-09"));
  after = load (moved);
  g_assert_cmpstr (pr_case_columns_get_status (after->cases, 0), ==, "已办结");
  for (guint32 r = 0; r < before->n_records; r++)
    g_assert_cmpuint (before->content_hashes[r], ==, after->content_hashes[r]);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = pr_test_make_temp_dir ();
  g_test_add_func ("/engine/repeat-kinds/kinds", test_kinds);
  g_test_add_func ("/engine/repeat-kinds/dispositions", test_dispositions);
  g_test_add_func ("/engine/repeat-kinds/same-person", test_same_person);
  g_test_add_func ("/engine/repeat-kinds/without-columns", test_without_columns);
  g_test_add_func ("/engine/repeat-kinds/state-is-no-edit", test_state_is_no_edit);
  g_test_add_func ("/engine/repeat-kinds/earlier-case", test_earlier_case);
  status = g_test_run ();
  pr_test_remove_tree (tmpdir);
  return status;
}
