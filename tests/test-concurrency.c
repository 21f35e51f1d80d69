/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Concurrent reviewers against a real, throwaway MariaDB server: two and
 * then eight threads, each with its own connection and store, deciding on
 * the overlapping clusters of one stored scan (repeat, not a repeat,
 * merge, primary), with random pauses, each undoing some of its own
 * steps. The oracle is each reviewer's own account of what it did; the
 * log must hold exactly those decisions (none lost, none twice), in each
 * reviewer's order, the undone ones undone by their own reviewer only.
 * With write-back on, the source row of every record must end holding
 * what the last decision on it still standing wrote. The rounds per
 * second are printed, not asserted.
 */
#include "config.h"

#include <string.h>

#include "pr-connection-private.h"
#include "pr-scan.h"
#include "pr-store.h"
#include "pr-test-server.h"
#include "pr-write-back.h"

static const PrConnectionParams *server;

/* Rounds in all per run, shared among the reviewers. */
#define ROUNDS 1000

/* Eight matters, each written again a few times with its punctuation
 * changed (which the fingerprint does not see): eight clusters, all the
 * reviewers at work in them at once. */
static const char *const matters[] = {
  "小区物业长期不维修电梯，老人上下楼非常困难，多次反映没有结果，请有关部门督促物业尽快维修更换电梯。",
  "学校门口道路每天早晚严重拥堵，没有交警疏导，学生过马路很危险，希望增设红绿灯和人行横道。",
  "工厂夜间排放刺鼻气体，周边居民无法开窗睡觉，孩子经常咳嗽，请环保部门调查处理并公开结果。",
  "本人在建筑工地务工半年，被拖欠工资两万多元，多次讨要没有结果，恳请劳动监察部门责令公司支付。",
  "楼下餐馆油烟直排居民楼，厨房噪音从早到晚不停，投诉多次无人处理，请城管和环保部门联合执法。",
  "村里的自来水管道老化经常停水，夏天连续一周没有水用，村委会说没有经费，请水务部门帮助解决。",
  "小区门口的公交站被取消以后，老人孩子要走两公里才能坐车，请公交公司恢复原来的站点和线路。",
  "医院挂号排队时间太长，网上预约总是约不上，老年人不会用手机，请卫生部门改进预约挂号的办法。",
};
static const char *const marks[] = { "", "！", "！！", "……", "。。" };

/* The source table conc.petitions: each matter 3 to 5 times, ids
 * "m-c" (matter, copy), and a few records of their own. */
static PrConnection *
fresh_source (void)
{
  g_autoptr(PrConnection) admin = pr_test_connect (server, NULL);
  PrConnection *connection;

  pr_test_execute (admin, "DROP DATABASE IF EXISTS conc");
  pr_test_execute (admin, "CREATE DATABASE conc CHARACTER SET utf8mb4");
  connection = pr_test_connect (server, "conc");
  pr_test_execute (connection, "CREATE TABLE petitions (id VARCHAR(20) PRIMARY KEY, body TEXT, "
                               "repeat_of VARCHAR(20) NULL, status VARCHAR(20) NULL DEFAULT '待审') ENGINE=InnoDB");
  for (guint m = 0; m < G_N_ELEMENTS (matters); m++)
    for (guint c = 0; c < 3 + m % 3; c++)
      {
        g_autofree char *sql = g_strdup_printf ("INSERT INTO petitions (id, body) VALUES ('%u-%u', '%s%s')",
                                                m, c, matters[m], marks[c]);

        pr_test_execute (connection, sql);
      }
  pr_test_execute (connection, "INSERT INTO petitions (id, body) VALUES "
                               "('x-1', '公园的路灯坏了三个月一直不亮，晚上散步很不安全，请尽快修理。'), "
                               "('x-2', '申请办理居住证需要的材料太多，跑了五趟还没有办下来，请简化手续。')");
  return connection;
}

/* The clusters of a stored scan of conc.petitions, as record ids: the
 * primary first. */
static GPtrArray *
scan_clusters (PrConnection *connection,
               PrStore      *store)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrScanResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *clusters = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  PrLoadOptions load = { 0 };

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  load.min_tokens = 3;
  result = pr_scan_run (connection, store, "petitions", NULL, mapping, &load, 3, &PR_PART_MATCH_OPTIONS_DEFAULT,
                        NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (result->scan_id, >, 0);

  for (guint c = 0; c < pr_clustering_get_n_clusters (result->clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (result->clustering, c);
      char **ids = g_new0 (char *, cluster->n_members + 1);

      for (guint i = 0; i < cluster->n_members; i++)
        ids[i] = g_strdup (result->set->ids->pdata[cluster->members[i]]);
      g_ptr_array_add (clusters, ids);
    }
  /* The planted matters, each a cluster of its own. */
  g_assert_cmpuint (clusters->len, ==, G_N_ELEMENTS (matters));
  for (guint c = 0; c < clusters->len; c++)
    {
      char **ids = clusters->pdata[c];
      const char *dash = strchr (ids[0], '-');

      g_assert_nonnull (dash);
      for (guint i = 1; ids[i] != NULL; i++)
        g_assert_cmpint (strncmp (ids[i], ids[0], dash - ids[0] + 1), ==, 0);
    }
  return clusters;
}

/* ---- a reviewer ---- */

/* One decision as its reviewer made it. */
typedef struct {
  gint64     id;
  char      *note;         /* reviewer, round and place in the step: names the intent */
  char      *record_id;
  char      *primary_id;
  PrVerdict  verdict;
  gint64     undoes;       /* for an undo */
} Made;

static void
made_clear (Made *made)
{
  g_free (made->note);
  g_free (made->record_id);
  g_free (made->primary_id);
}

/* The undo of a step refused because a later decision on one of its
 * records still stands: the decisions it would have undone. */
typedef struct {
  GArray    *targets;    /* gint64 */
  GPtrArray *records;    /* their record ids */
} Refused;

static void
refused_clear (Refused *refused)
{
  g_array_unref (refused->targets);
  g_ptr_array_unref (refused->records);
}

typedef struct {
  guint              number;
  char              *name;
  guint              rounds;
  guint32            seed;
  const GPtrArray   *clusters;
  const PrWriteBack *write_back;   /* nullable */
  GArray            *made;         /* Made, in the order made */
  GArray            *refused;      /* Refused */
  GError            *error;
} Reviewer;

/* One step logged as the application logs it, in one transaction (a
 * merge of several records, or the undo of one, whole or not at all),
 * and noted in reviewer->made, their indices there in @step. FALSE with
 * reviewer->error set when it was not. */
static gboolean
log_step (Reviewer  *reviewer,
          PrStore   *store,
          GPtrArray *decisions,
          GArray    *step)
{
  if (!pr_store_add_decisions_written_back (store, decisions, reviewer->write_back, &reviewer->error))
    return FALSE;
  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *decision = decisions->pdata[i];
      Made made = { 0 };

      g_assert_cmpint (decision->id, >, 0);
      made.id = decision->id;
      made.note = g_strdup (decision->note);
      made.record_id = g_strdup (decision->record_id);
      made.primary_id = g_strdup (decision->primary_id);
      made.verdict = decision->verdict;
      made.undoes = decision->undoes;
      g_array_append_val (reviewer->made, made);
      if (step != NULL)
        g_array_append_val (step, (guint) { reviewer->made->len - 1 });
    }
  return TRUE;
}

static PrDecision *
decision_new (Reviewer   *reviewer,
              guint       round,
              guint       part,
              const char *record_id,
              const char *primary_id,
              PrVerdict   verdict)
{
  PrDecision *decision = g_new0 (PrDecision, 1);

  decision->table = g_strdup ("petitions");
  decision->record_id = g_strdup (record_id);
  decision->primary_id = g_strdup (primary_id);
  decision->verdict = verdict;
  decision->reviewer = g_strdup (reviewer->name);
  decision->note = g_strdup_printf ("%s/%u/%u", reviewer->name, round, part);
  return decision;
}

/* Undoes @step (indices into reviewer->made), its last decision first,
 * as the application does. With write-back, an undo refused because a
 * later decision on one of its records still stands is noted. */
static gboolean
undo_step (Reviewer *reviewer,
           PrStore  *store,
           GArray   *step,
           guint     round)
{
  g_autoptr(GPtrArray) undos = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
  Refused refused;

  for (guint i = step->len; i-- > 0;)
    {
      Made *target = &g_array_index (reviewer->made, Made, g_array_index (step, guint, i));
      PrDecision *undo = decision_new (reviewer, round, undos->len, target->record_id, target->primary_id,
                                       PR_VERDICT_UNDO);

      undo->undoes = target->id;
      g_ptr_array_add (undos, undo);
    }
  if (log_step (reviewer, store, undos, NULL))
    return TRUE;
  if (reviewer->write_back == NULL || !g_error_matches (reviewer->error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT))
    return FALSE;

  g_clear_error (&reviewer->error);
  refused.targets = g_array_new (FALSE, FALSE, sizeof (gint64));
  refused.records = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < step->len; i++)
    {
      Made *target = &g_array_index (reviewer->made, Made, g_array_index (step, guint, i));

      g_array_append_val (refused.targets, target->id);
      g_ptr_array_add (refused.records, g_strdup (target->record_id));
    }
  g_array_append_val (reviewer->refused, refused);
  return TRUE;
}

static gpointer
review_thread (gpointer data)
{
  Reviewer *reviewer = data;
  g_autoptr(PrConnection) connection = pr_test_connect (server, "conc");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (reviewer->seed);
  g_autoptr(GPtrArray) undo = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  store = pr_store_open (connection, NULL, &reviewer->error);
  if (store == NULL)
    return NULL;
  for (guint round = 0; round < reviewer->rounds; round++)
    {
      char **cluster = reviewer->clusters->pdata[g_rand_int_range (rand, 0, reviewer->clusters->len)];
      guint n = g_strv_length (cluster);
      const char *member = cluster[g_rand_int_range (rand, 1, n)];
      guint what = g_rand_int_range (rand, 0, 100);
      GArray *step = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GPtrArray) decisions = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);

      /* A pause, so that the reviewers interleave in ever other ways. */
      g_usleep (g_rand_int_range (rand, 0, 2000));

      if (what < 25 && undo->len > 0)
        {
          g_autoptr(GArray) last = g_ptr_array_steal_index (undo, undo->len - 1);

          g_array_unref (step);
          if (!undo_step (reviewer, store, last, round))
            return NULL;
          continue;
        }

      if (what < 85 || what >= 95)
        {
          PrVerdict verdict = what < 60 ? PR_VERDICT_REPEAT : what < 85 ? PR_VERDICT_NOT_REPEAT : PR_VERDICT_PRIMARY;

          g_ptr_array_add (decisions, decision_new (reviewer, round, 0, member,
                                                    verdict == PR_VERDICT_PRIMARY ? NULL : cluster[0], verdict));
        }
      else
        {
          /* A merge: every member but the primary, one decision each. */
          for (guint m = 1; m < n; m++)
            g_ptr_array_add (decisions, decision_new (reviewer, round, m - 1, cluster[m], cluster[0],
                                                      PR_VERDICT_MERGED));
        }
      if (!log_step (reviewer, store, decisions, step))
        {
          g_array_unref (step);
          return NULL;
        }
      g_ptr_array_add (undo, step);
    }
  return NULL;
}

/* ---- the oracle ---- */

typedef struct {
  char *repeat_of;
  char *status;
} Row;

static void
check_log (Reviewer         *reviewers,
           guint             n_reviewers,
           PrStore          *store,
           PrConnection     *connection,
           gboolean          written_back)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = pr_store_list_decisions (store, "petitions", &error);
  g_autoptr(GHashTable) by_note = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GHashTable) undone_by = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GHashTable) last_standing = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) ids = NULL;
  guint made = 0;
  guint at[8] = { 0 };

  g_assert_no_error (error);
  g_assert_cmpuint (n_reviewers, <=, G_N_ELEMENTS (at));
  for (guint t = 0; t < n_reviewers; t++)
    made += reviewers[t].made->len;

  /* Exactly the decisions made: as many, none twice (each intent, named
   * by its note, once), each with what its reviewer asked for. */
  g_assert_cmpuint (log->len, ==, made);
  for (guint i = 0; i < log->len; i++)
    {
      PrDecision *d = log->pdata[i];

      g_assert_nonnull (d->note);
      g_assert_false (g_hash_table_contains (by_note, d->note));
      g_hash_table_insert (by_note, d->note, d);
      g_hash_table_insert (by_id, &d->id, d);
    }

  /* In each reviewer's order: the reviewer's rows of the log, in the
   * log's order, are its decisions in the order it made them. */
  for (guint i = 0; i < log->len; i++)
    {
      PrDecision *d = log->pdata[i];
      guint t;
      Made *m;

      for (t = 0; t < n_reviewers; t++)
        if (strcmp (d->reviewer, reviewers[t].name) == 0)
          break;
      g_assert_cmpuint (t, <, n_reviewers);
      g_assert_cmpuint (at[t], <, reviewers[t].made->len);
      m = &g_array_index (reviewers[t].made, Made, at[t]);
      at[t]++;
      g_assert_cmpint (d->id, ==, m->id);
      g_assert_cmpstr (d->note, ==, m->note);
      g_assert_cmpstr (d->record_id, ==, m->record_id);
      g_assert_cmpstr (d->primary_id, ==, m->primary_id);
      g_assert_cmpint (d->verdict, ==, m->verdict);
      g_assert_cmpint (d->undoes, ==, m->undoes);
      /* Written back: each decision but a primary (and the undo of one)
       * keeps what it changed. */
      if (d->verdict == PR_VERDICT_UNDO)
        {
          PrDecision *target = g_hash_table_lookup (by_id, &d->undoes);

          g_assert_nonnull (target);
          g_assert_true ((d->old_values != NULL) == (written_back && target->verdict != PR_VERDICT_PRIMARY));
        }
      else
        g_assert_true ((d->old_values != NULL) == (written_back && d->verdict != PR_VERDICT_PRIMARY));
    }
  for (guint t = 0; t < n_reviewers; t++)
    g_assert_cmpuint (at[t], ==, reviewers[t].made->len);

  /* What a session looking again reads: the log after an id, exactly. */
  for (guint from = 0; from <= log->len; from += log->len / 3 + 1)
    {
      gint64 after = from > 0 ? ((PrDecision *) log->pdata[from - 1])->id : 0;
      g_autoptr(GPtrArray) since = pr_store_list_decisions_after (store, "petitions", after, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (since->len, ==, log->len - from);
      for (guint i = 0; i < since->len; i++)
        g_assert_cmpint (((PrDecision *) since->pdata[i])->id, ==, ((PrDecision *) log->pdata[from + i])->id);
    }

  /* Undone once at most, and only by the one who made it. */
  for (guint i = 0; i < log->len; i++)
    {
      PrDecision *d = log->pdata[i];
      PrDecision *target;

      if (d->verdict != PR_VERDICT_UNDO)
        continue;
      target = g_hash_table_lookup (by_id, &d->undoes);
      g_assert_nonnull (target);
      g_assert_cmpint (target->id, <, d->id);
      g_assert_cmpint (target->verdict, !=, PR_VERDICT_UNDO);
      g_assert_cmpstr (target->reviewer, ==, d->reviewer);
      g_assert_cmpstr (target->record_id, ==, d->record_id);
      g_assert_false (g_hash_table_contains (undone_by, &d->undoes));
      g_hash_table_insert (undone_by, &d->undoes, d);
    }

  /* An undo refused stood refused: none of its step is undone, and a
   * later decision on one of its records was written back. */
  for (guint t = 0; t < n_reviewers; t++)
    for (guint r = 0; r < reviewers[t].refused->len; r++)
      {
        Refused *refused = &g_array_index (reviewers[t].refused, Refused, r);
        gboolean later = FALSE;

        g_assert_true (written_back);
        for (guint k = 0; k < refused->targets->len; k++)
          {
            gint64 target = g_array_index (refused->targets, gint64, k);

            g_assert_false (g_hash_table_contains (undone_by, &target));
            for (guint i = 0; i < log->len && !later; i++)
              {
                PrDecision *d = log->pdata[i];

                later = d->id > target && d->verdict != PR_VERDICT_UNDO && d->old_values != NULL &&
                        strcmp (d->record_id, refused->records->pdata[k]) == 0;
              }
          }
        g_assert_true (later);
      }

  if (!written_back)
    return;

  /* The source: each record holds what the last decision on it that
   * still stands wrote; a record without one, what it held at first. */
  for (guint i = 0; i < log->len; i++)
    {
      PrDecision *d = log->pdata[i];

      if (d->verdict != PR_VERDICT_UNDO && d->verdict != PR_VERDICT_PRIMARY &&
          !g_hash_table_contains (undone_by, &d->id))
        g_hash_table_insert (last_standing, d->record_id, d);
    }
  ids = pr_test_query_column (connection, "SELECT id FROM petitions ORDER BY id");
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = ids->pdata[i];
      PrDecision *d = g_hash_table_lookup (last_standing, id);
      g_autofree char *sql = g_strdup_printf ("SELECT CONCAT(IFNULL(repeat_of, 'NULL'), '/', IFNULL(status, 'NULL')) "
                                              "FROM petitions WHERE id = '%s'", id);
      g_autofree char *row = pr_test_query_value (connection, sql);
      g_autofree char *expected = NULL;

      if (d == NULL)
        expected = g_strdup ("NULL/待审");
      else if (d->verdict == PR_VERDICT_NOT_REPEAT)
        expected = g_strdup ("NULL/不重复");
      else
        expected = g_strdup_printf ("%s/重复", d->primary_id);
      g_assert_cmpstr (row, ==, expected);
    }
}

static void
run_reviewers (guint    n_reviewers,
               gboolean write_back_on)
{
  g_autoptr(PrConnection) connection = fresh_source ();
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GPtrArray) clusters = NULL;
  g_autoptr(PrWriteBack) write_back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree Reviewer *reviewers = g_new0 (Reviewer, n_reviewers);
  g_autofree GThread **threads = g_new0 (GThread *, n_reviewers);
  guint32 seed = g_test_rand_int ();
  guint made = 0, undos = 0, refused = 0;
  gint64 start, end;

  /* Made once before, so that the threads race on decisions only. */
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);
  clusters = scan_clusters (connection, store);
  if (write_back_on)
    {
      write_back = pr_write_back_new ("petitions", "id", "repeat_of", "status", "重复", "不重复");
      pr_store_check_write_back (store, write_back, &error);
      g_assert_no_error (error);
    }

  for (guint t = 0; t < n_reviewers; t++)
    {
      reviewers[t].number = t;
      reviewers[t].name = g_strdup_printf ("审核员%u", t + 1);
      reviewers[t].rounds = ROUNDS / n_reviewers;
      reviewers[t].seed = seed + t;
      reviewers[t].clusters = clusters;
      reviewers[t].write_back = write_back;
      reviewers[t].made = g_array_new (FALSE, FALSE, sizeof (Made));
      g_array_set_clear_func (reviewers[t].made, (GDestroyNotify) made_clear);
      reviewers[t].refused = g_array_new (FALSE, FALSE, sizeof (Refused));
      g_array_set_clear_func (reviewers[t].refused, (GDestroyNotify) refused_clear);
    }
  start = g_get_monotonic_time ();
  for (guint t = 0; t < n_reviewers; t++)
    threads[t] = g_thread_new ("reviewer", review_thread, &reviewers[t]);
  for (guint t = 0; t < n_reviewers; t++)
    g_thread_join (threads[t]);
  end = g_get_monotonic_time ();

  for (guint t = 0; t < n_reviewers; t++)
    {
      g_assert_no_error (reviewers[t].error);
      made += reviewers[t].made->len;
      refused += reviewers[t].refused->len;
      for (guint i = 0; i < reviewers[t].made->len; i++)
        undos += g_array_index (reviewers[t].made, Made, i).verdict == PR_VERDICT_UNDO;
    }
  check_log (reviewers, n_reviewers, store, connection, write_back_on);

  g_test_message ("%u reviewers, write-back %s: %u rounds, %u decisions (%u undos; %u steps whose undo was refused) "
                  "in %.2f s: %.0f rounds/s, %.0f decisions/s (with pauses of up to 2 ms per round)",
                  n_reviewers, write_back_on ? "on" : "off", (ROUNDS / n_reviewers) * n_reviewers, made, undos,
                  refused, (end - start) / 1e6, (ROUNDS / n_reviewers) * n_reviewers / ((end - start) / 1e6),
                  made / ((end - start) / 1e6));

  for (guint t = 0; t < n_reviewers; t++)
    {
      g_free (reviewers[t].name);
      g_array_unref (reviewers[t].made);
      g_array_unref (reviewers[t].refused);
    }
}

static void
test_two (void)
{
  run_reviewers (2, FALSE);
}

static void
test_eight (void)
{
  run_reviewers (8, FALSE);
}

static void
test_two_written_back (void)
{
  run_reviewers (2, TRUE);
}

static void
test_eight_written_back (void)
{
  run_reviewers (8, TRUE);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/store/concurrency/two", test_two);
  g_test_add_func ("/db/store/concurrency/eight", test_eight);
  g_test_add_func ("/db/store/concurrency/two-written-back", test_two_written_back);
  g_test_add_func ("/db/store/concurrency/eight-written-back", test_eight_written_back);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
