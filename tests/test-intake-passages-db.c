/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The stored passages by hash (pr_passages) against a real throwaway
 * server. The oracles: the records' parts as pr_fingerprints stores them
 * (each record's distinct parts with their most words must be its rows,
 * after a first scan, a rescan with a changed, a retired and a returning
 * record, and a store upgraded from before the table), and the intake's
 * answer with every stored passage read into memory, which the answer
 * from the index must equal for every record and for each typed as new.
 * The letters are made of shared sentences, some held by more records
 * than the boilerplate cap, so that both sides of the cap are tested. And
 * the answer in memory against a brute force of the scan's rule.
 */
#include "config.h"

#include <string.h>

#include "pr-case-rules.h"
#include "pr-fingerprinter.h"
#include "pr-intake.h"
#include "pr-pair-judge.h"
#include "pr-record-reader.h"
#include "pr-store.h"
#include "pr-stored-parts.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

#define N_LETTERS 240
#define N_SENTENCES 400

#define RUN(...) pr_test_server_run_cli ("passages", __VA_ARGS__)

static const char *const words[] = {
  "小区", "夜间", "施工", "噪音", "扰民", "请求", "查处", "工地", "围挡", "医保", "报销", "比例",
  "调整", "退休", "职工", "门诊", "慢性病", "拆迁", "补偿", "标准", "过低", "物业", "停车", "收费",
  "学校", "食堂", "卫生", "道路", "积水", "路灯", "损坏", "供暖", "温度", "不足", "欠薪", "工资",
  "农民工", "土地", "征收", "承包", "合同", "违约", "垃圾", "清运", "污水", "排放", "河道", "养殖",
};

/* Sentence @s of the pool: twelve words drawn by its number. */
static char *
sentence (guint s)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1000 + s);
  GString *text = g_string_new (NULL);

  for (guint w = 0; w < 12; w++)
    g_string_append_printf (text, "%s%s", w > 0 ? " " : "", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
  g_string_append (text, "。");
  return g_string_free (text, FALSE);
}

/* The sentences of letter @i: three to five of the pool, the first ten
 * drawn most often, so that they are held by more records than the cap
 * (boilerplate), the others by a few; every third letter retells an
 * earlier one, a sentence left out and one or two added, as a repeat
 * does. @variant gives another letter. */
static GArray *
letter_sentences (guint i,
                  guint variant)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (i * 7 + variant * 100003);
  GArray *sentences = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n = g_rand_int_range (rand, 3, 6);

  if (i % 3 == 0 && i > 3)
    {
      g_autoptr(GArray) earlier = letter_sentences (g_rand_int_range (rand, 1, i), 0);
      guint left_out = g_rand_int_range (rand, 0, earlier->len + 2);

      for (guint k = 0; k < earlier->len; k++)
        if (k != left_out)
          g_array_append_val (sentences, g_array_index (earlier, guint, k));
      n = g_rand_int_range (rand, 1, 3);
    }
  for (guint k = 0; k < n; k++)
    {
      guint s = g_rand_int_range (rand, 0, 4) == 0 ? g_rand_int_range (rand, 0, 10)
                                                   : g_rand_int_range (rand, 10, N_SENTENCES);

      g_array_append_val (sentences, s);
    }
  return sentences;
}

static char *
letter (guint i,
        guint variant)
{
  g_autoptr(GArray) sentences = letter_sentences (i, variant);
  GString *text = g_string_new (NULL);

  for (guint k = 0; k < sentences->len; k++)
    {
      g_autofree char *one = sentence (g_array_index (sentences, guint, k));

      g_string_append_printf (text, "%s%s", k > 0 ? " " : "", one);
    }
  return g_string_free (text, FALSE);
}

static void
insert_letter (PrConnection *db,
               guint         id,
               guint         variant)
{
  g_autofree char *body = letter (id, variant);
  g_autofree char *sql = g_strdup_printf ("INSERT INTO passages.letters VALUES (%u, 'p%u', '%s')",
                                          id, id % 40, body);

  pr_test_execute (db, sql);
}

/* An empty table of letters and store. */
static void
new_letters (PrConnection *db)
{
  pr_test_execute (db, "DROP DATABASE IF EXISTS passages");
  pr_test_execute (db, "DROP DATABASE IF EXISTS passagestore");
  pr_test_execute (db, "CREATE DATABASE passages CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE passagestore");
  pr_test_execute (db, "CREATE TABLE passages.letters (id INT PRIMARY KEY, petitioner VARCHAR(20), body TEXT)");
}

/* Four words of the pool drawn by @seed: a letter's own. */
static char *
own_words (guint seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  GString *own = g_string_new (NULL);

  for (guint w = 0; w < 4; w++)
    g_string_append_printf (own, "%s%s", w > 0 ? " " : "", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
  return g_string_free (own, FALSE);
}

static void
scan_without_index (void)
{
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--no-second-stage", "--db", "URI", "--table", "letters",
                        "--id", "id", "--petitioner", "petitioner", "--text", "body",
                        "--store", "passagestore", "--out", "/dev/null", NULL), ==, 0);
}

static void
scan (void)
{
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--no-second-stage", "--db", "URI", "--table", "letters",
                        "--id", "id", "--petitioner", "petitioner", "--text", "body",
                        "--store", "passagestore", "--index-passages", "--out", "/dev/null", NULL), ==, 0);
}

static PrMapping *
make_mapping (void)
{
  PrMapping *mapping = pr_mapping_new ();

  /* As the CLI maps --petitioner: a short field of weight 2. */
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, PR_TEXT_DEFAULT_WEIGHT, NULL));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, PR_SHORT_DEFAULT_WEIGHT, NULL));
  g_assert_true (pr_mapping_set_identity (mapping, "petitioner", PR_IDENTITY_PETITIONER, NULL));
  return mapping;
}

static int
compare_parts (const void *a,
               const void *b)
{
  const PrPart *x = a, *y = b;

  if (x->hash != y->hash)
    return x->hash < y->hash ? -1 : 1;
  return x->n_tokens > y->n_tokens ? -1 : x->n_tokens < y->n_tokens;
}

/* The oracle's rows: "id hash words" for each record's distinct part. */
static gboolean
add_rows (const char  *record_id,
          PrPart      *parts,
          guint        n_parts,
          gpointer     user_data,
          GError     **error)
{
  GPtrArray *rows = user_data;

  if (n_parts > 1)
    qsort (parts, n_parts, sizeof (PrPart), compare_parts);
  for (guint i = 0; i < n_parts; i++)
    if (i == 0 || parts[i].hash != parts[i - 1].hash)
      g_ptr_array_add (rows, g_strdup_printf ("%s %" G_GUINT64_FORMAT " %u", record_id,
                                              (guint64) parts[i].hash, (guint) parts[i].n_tokens));
  g_free (parts);
  return TRUE;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static char *
join_sorted (GPtrArray *rows)
{
  g_ptr_array_add (rows, NULL);
  g_ptr_array_set_size (rows, rows->len - 1);
  g_ptr_array_sort (rows, compare_strings);
  return g_strjoinv ("\n", (char **) rows->pdata);
}

/* pr_passages holds exactly the stored parts of the live records. */
static void
assert_passages_mirror_parts (PrConnection *db,
                              PrStore      *store,
                              guint64       version)
{
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) got = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected_text = NULL, *got_text = NULL;

  g_assert_true (pr_store_read_passages (store, "letters", version, add_rows, expected, &error));
  g_assert_no_error (error);
  got = pr_test_query_column (db, "SELECT CONCAT(record_id, ' ', hash, ' ', words) FROM passagestore.pr_passages "
                                  "WHERE source_database = 'passages' AND source_table = 'letters'");
  g_assert_cmpuint (expected->len, >, N_LETTERS * 3);
  expected_text = join_sorted (expected);
  got_text = join_sorted (got);
  g_assert_cmpstr (got_text, ==, expected_text);

  /* The holders' counts are those of the rows (a count of 0 may stay). */
  g_clear_pointer (&expected_text, g_free);
  g_clear_pointer (&got_text, g_free);
  expected_text = pr_test_query_value (db, "SELECT GROUP_CONCAT(CONCAT(hash, ':', c) ORDER BY hash) FROM "
                                           "(SELECT hash, COUNT(*) c FROM passagestore.pr_passages "
                                           "WHERE source_table = 'letters' GROUP BY hash) x");
  got_text = pr_test_query_value (db, "SELECT GROUP_CONCAT(CONCAT(hash, ':', n) ORDER BY hash) FROM "
                                      "passagestore.pr_passage_counts WHERE source_table = 'letters' AND n > 0");
  g_assert_cmpstr (got_text, ==, expected_text);
}

static char *
answer_to_string (GArray *answer)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < answer->len; i++)
    {
      const PrIntakeCase *c = &g_array_index (answer, PrIntakeCase, i);

      g_string_append_printf (out, "%s:%u:%d:%u:%d:%d ", c->id, c->distance, c->by_passages, c->case_number,
                              c->kind, c->evidence);
    }
  return g_string_free (out, FALSE);
}

typedef struct {
  guint n_answers;       /* non-empty */
  guint n_by_passages;   /* records found by passages alone */
} Tally;

/* Every stored record, and each typed as a new petition: the index's
 * answer is the in-memory one, with the boilerplate's counts asked at
 * each check and read ahead (pr_intake_load_passages ()). */
static void
assert_index_answers_as_memory (PrConnection *db,
                                PrStore      *store,
                                GPtrArray    *ids,
                                Tally        *tally)
{
  g_autoptr(PrMapping) mapping = make_mapping ();
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  g_autoptr(PrIntake) indexed = NULL;
  g_autoptr(PrIntake) in_memory = NULL;
  g_autoptr(PrIntake) read_ahead = NULL;
  g_autoptr(GError) error = NULL;
  PrPartMethod method = { 0 };
  PrLoadOptions load = { 0 };
  guint64 version;
  gboolean has = FALSE;

  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = PR_DEFAULT_MIN_TOKENS;
  version = pr_fingerprint_version (mapping, load.flags, load.min_tokens, &method);
  g_assert_true (pr_store_has_passages (store, "letters", &has, &error));
  g_assert_no_error (error);
  g_assert_true (has);
  indexed = pr_intake_new (db, store, "letters", mapping, &load, version, 3, rules, FALSE, &error);
  g_assert_no_error (error);
  in_memory = pr_intake_new (db, store, "letters", mapping, &load, version, 3, rules, FALSE, &error);
  g_assert_no_error (error);
  pr_intake_set_passages_in_memory (in_memory, TRUE);
  read_ahead = pr_intake_new (db, store, "letters", mapping, &load, version, 3, rules, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (pr_intake_load_passages (read_ahead, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = ids->pdata[i];
      g_autoptr(GArray) got = pr_intake_check_record (indexed, id, NULL, NULL, &error);
      g_autoptr(GArray) expected = NULL;
      g_autoptr(GArray) typed_got = NULL, typed_expected = NULL;
      g_autofree char *got_text = NULL, *expected_text = NULL;
      char **values;

      g_assert_no_error (error);
      expected = pr_intake_check_record (in_memory, id, NULL, NULL, &error);
      g_assert_no_error (error);
      got_text = answer_to_string (got);
      expected_text = answer_to_string (expected);
      g_assert_cmpstr (got_text, ==, expected_text);
      tally->n_answers += got->len > 0;
      for (guint c = 0; c < got->len; c++)
        tally->n_by_passages += g_array_index (got, PrIntakeCase, c).by_passages;

      /* Typed, not in the table: the record itself counts as a holder. */
      values = pr_record_reader_fetch (db, "letters", mapping, id, PR_ADVICE_FLAGS, &error);
      g_assert_no_error (error);
      g_free (values[0]);
      values[0] = g_strdup ("");
      typed_got = pr_intake_check (indexed, (const char *const *) values, NULL, NULL, &error);
      g_assert_no_error (error);
      typed_expected = pr_intake_check (in_memory, (const char *const *) values, NULL, NULL, &error);
      g_assert_no_error (error);
      g_free (got_text);
      g_free (expected_text);
      got_text = answer_to_string (typed_got);
      expected_text = answer_to_string (typed_expected);
      g_assert_cmpstr (got_text, ==, expected_text);
      {
        g_autoptr(GArray) ahead = pr_intake_check_record (read_ahead, id, NULL, NULL, &error);
        g_autoptr(GArray) typed_ahead = NULL;
        g_autofree char *ahead_text = NULL, *typed_ahead_text = NULL, *record_text = answer_to_string (expected);

        g_assert_no_error (error);
        typed_ahead = pr_intake_check (read_ahead, (const char *const *) values, NULL, NULL, &error);
        g_assert_no_error (error);
        ahead_text = answer_to_string (ahead);
        typed_ahead_text = answer_to_string (typed_ahead);
        g_assert_cmpstr (ahead_text, ==, record_text);
        g_assert_cmpstr (typed_ahead_text, ==, expected_text);
      }
      for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
        g_free (values[c]);
      g_free (values);
    }
}

static GPtrArray *
live_ids (PrConnection *db)
{
  return pr_test_query_column (db, "SELECT id FROM passages.letters ORDER BY id");
}

static guint64
current_version (void)
{
  g_autoptr(PrMapping) mapping = make_mapping ();
  PrPartMethod method = { 0 };

  return pr_fingerprint_version (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, PR_DEFAULT_MIN_TOKENS, &method);
}

static void
test_index (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autoptr(PrConnection) source = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *boilerplate = NULL, *rows_of = NULL;
  guint64 version = current_version ();
  Tally tally = { 0 };

  new_letters (db);
  for (guint i = 1; i <= N_LETTERS; i++)
    insert_letter (db, i, 0);
  scan ();

  source = pr_test_connect (server, "passages");
  store = pr_store_open (source, "passagestore", &error);
  g_assert_no_error (error);
  assert_passages_mirror_parts (db, store, version);
  /* Both sides of the cap are there: parts held by more records than it. */
  boilerplate = pr_test_query_value (db, "SELECT COUNT(*) FROM (SELECT hash FROM passagestore.pr_passages "
                                         "GROUP BY hash HAVING COUNT(*) > 12) x");
  g_assert_cmpuint (g_ascii_strtoull (boilerplate, NULL, 10), >, 5);
  ids = live_ids (db);
  assert_index_answers_as_memory (source, store, ids, &tally);
  g_test_message ("%u of %u records found something, %u records found by passages alone",
                  tally.n_answers, ids->len, tally.n_by_passages);
  g_assert_cmpuint (tally.n_answers, >, N_LETTERS / 4);
  g_assert_cmpuint (tally.n_by_passages, >, 20);

  /* A changed record, a retired one, a new one. */
  {
    g_autofree char *body = letter (7, 1);
    g_autofree char *sql = g_strdup_printf ("UPDATE passages.letters SET body = '%s' WHERE id = 7", body);

    pr_test_execute (db, sql);
  }
  pr_test_execute (db, "DELETE FROM passages.letters WHERE id = 11");
  insert_letter (db, N_LETTERS + 1, 0);
  scan ();
  rows_of = pr_test_query_value (db, "SELECT COUNT(*) FROM passagestore.pr_passages WHERE record_id = '11'");
  g_assert_cmpstr (rows_of, ==, "0");
  assert_passages_mirror_parts (db, store, version);
  g_clear_pointer (&ids, g_ptr_array_unref);
  ids = live_ids (db);
  assert_index_answers_as_memory (source, store, ids, &tally);

  /* The retired record comes back as it was: live again unchanged. */
  insert_letter (db, 11, 0);
  scan ();
  g_clear_pointer (&rows_of, g_free);
  rows_of = pr_test_query_value (db, "SELECT COUNT(*) FROM passagestore.pr_passages WHERE record_id = '11'");
  g_assert_cmpstr (rows_of, !=, "0");
  assert_passages_mirror_parts (db, store, version);
}

/* A store from before the table: its scans did not write it. The intake
 * reads the passages into memory then, and the next scan fills the table
 * with every live record's, unchanged ones too. */
static void
test_upgraded (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autoptr(PrConnection) source = pr_test_connect (server, "passages");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrMapping) mapping = make_mapping ();
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  g_autoptr(PrIntake) intake = NULL;
  g_autoptr(GArray) answer = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  PrLoadOptions load = { 0 };
  gboolean has = TRUE;
  Tally tally = { 0 };
  g_autofree char *n_rows = NULL;

  pr_test_execute (db, "UPDATE passagestore.pr_scans SET passages_stored = 0");
  pr_test_execute (db, "DELETE FROM passagestore.pr_passages");
  pr_test_execute (db, "DELETE FROM passagestore.pr_passage_counts");
  store = pr_store_open (source, "passagestore", &error);
  g_assert_no_error (error);
  g_assert_true (pr_store_has_passages (store, "letters", &has, &error));
  g_assert_no_error (error);
  g_assert_false (has);
  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = PR_DEFAULT_MIN_TOKENS;
  intake = pr_intake_new (source, store, "letters", mapping, &load, current_version (), 3, rules, FALSE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (pr_intake_get_notice (intake), "reads every stored record's passages"));
  answer = pr_intake_check_record (intake, "1", NULL, NULL, &error);
  g_assert_no_error (error);

  /* A scan not asked for the index does not build it... */
  scan_without_index ();
  g_assert_true (pr_store_has_passages (store, "letters", &has, &error));
  g_assert_false (has);
  n_rows = pr_test_query_value (db, "SELECT COUNT(*) FROM passagestore.pr_passages");
  g_assert_cmpstr (n_rows, ==, "0");
  /* ...one asked for it does... */
  scan ();
  assert_passages_mirror_parts (db, store, current_version ());
  ids = live_ids (db);
  assert_index_answers_as_memory (source, store, ids, &tally);
  /* ...and a later scan keeps it, asked or not. */
  scan_without_index ();
  g_assert_true (pr_store_has_passages (store, "letters", &has, &error));
  g_assert_true (has);
  assert_passages_mirror_parts (db, store, current_version ());
}

/* One scan of the table "revive" committed as a caller of the store
 * does: @ids with @parts (two a record, the first record repeating a
 * part with more words), marked changed or not. */
static void
commit_scan (PrStore           *store,
             const char *const *ids,
             guint              n,
             const guint8      *changed,
             const PrPart      *parts)
{
  g_autoptr(GError) error = NULL;
  guint64 fingerprints[3] = { 1, 2, 3 }, hashes[3] = { 11, 12, 13 };
  guint64 offsets[3] = { 0, 3, 5 };
  guint32 counts[3] = { 3, 2, 2 };
  PrPartTable table = { n, offsets, counts, (PrPart *) parts, NULL };
  gint64 scan_id = pr_store_begin_scan (store, "revive", "id:id body:text", 1, 3, &error);

  g_assert_no_error (error);
  g_assert_true (pr_store_commit_scan (store, scan_id, "revive", 1, n, (char *const *) ids, fingerprints, hashes,
                                       NULL, changed, parts != NULL ? &table : NULL, NULL, NULL, NULL, FALSE,
                                       &error));
  g_assert_no_error (error);
}

/* A record retired, then live again unchanged: its passages go with it
 * and come back from its stored parts. */
static void
test_revived (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autoptr(PrConnection) source = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  const char *const ids[] = { "a", "b" };
  const PrPart parts[] = { { 101, 5 }, { 102, 6 }, { 101, 7 }, { 103, 4 }, { 102, 6 } };
  const guint8 all[] = { 1, 1 }, none[] = { 0, 0 };
  const char *rows_sql = "SELECT GROUP_CONCAT(CONCAT(record_id, ':', hash, ':', words) ORDER BY record_id, hash) "
                         "FROM revivestore.pr_passages WHERE source_table = 'revive'";
  g_autofree char *first = NULL, *retired = NULL, *revived = NULL;

  pr_test_execute (db, "DROP DATABASE IF EXISTS revive");
  pr_test_execute (db, "DROP DATABASE IF EXISTS revivestore");
  pr_test_execute (db, "CREATE DATABASE revive CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE revivestore");
  pr_test_execute (db, "CREATE TABLE revive.revive (id VARCHAR(10) PRIMARY KEY, body TEXT)");
  source = pr_test_connect (server, "revive");
  store = pr_store_open (source, "revivestore", &error);
  g_assert_no_error (error);
  pr_store_set_index_passages (store, TRUE);
  commit_scan (store, ids, 2, all, parts);
  first = pr_test_query_value (db, rows_sql);
  g_assert_cmpstr (first, ==, "a:101:7,a:102:6,b:102:6,b:103:4");
  commit_scan (store, ids, 1, none, NULL);
  retired = pr_test_query_value (db, rows_sql);
  g_assert_cmpstr (retired, ==, "a:101:7,a:102:6");
  commit_scan (store, ids, 2, none, NULL);
  revived = pr_test_query_value (db, rows_sql);
  g_assert_cmpstr (revived, ==, first);
}

/* assert_index_answers_as_memory () for every live letter. */
static void
every_record_answers_as_memory (PrConnection *db,
                                Tally        *tally)
{
  g_autoptr(PrConnection) source = pr_test_connect (server, "passages");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GPtrArray) ids = live_ids (db);
  g_autoptr(GError) error = NULL;

  store = pr_store_open (source, "passagestore", &error);
  g_assert_no_error (error);
  assert_index_answers_as_memory (source, store, ids, tally);
  g_test_message ("%u of %u records found something, %u records found by passages alone",
                  tally->n_answers, ids->len, tally->n_by_passages);
}

/* Sentences held by exactly the cap's number of records, one fewer and
 * one more, each letter one of them and a few words of its own: a record
 * asked about by its id leaves itself out of the count, and a text typed
 * as new adds itself, so each side of the cap is met. */
static void
test_cap_edge (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  const guint holders[] = { PR_PART_DEFAULT_MAX_RECORDS - 1, PR_PART_DEFAULT_MAX_RECORDS,
                            PR_PART_DEFAULT_MAX_RECORDS + 1 };
  guint id = 1;
  Tally tally = { 0 };

  new_letters (db);
  for (guint g = 0; g < G_N_ELEMENTS (holders); g++)
    {
      g_autofree char *shared = sentence (g);

      for (guint h = 0; h < holders[g]; h++, id++)
        {
          g_autofree char *own = own_words (5000 + id);
          g_autofree char *sql = g_strdup_printf ("INSERT INTO passages.letters VALUES (%u, 'p1', '%s %s。')",
                                                  id, shared, own);

          pr_test_execute (db, sql);
        }
    }
  scan ();

  /* The edge is there: a passage held by each number of records. */
  for (guint g = 0; g < G_N_ELEMENTS (holders); g++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT COUNT(*) FROM passagestore.pr_passage_counts "
                                              "WHERE source_table = 'letters' AND n = %u", holders[g]);
      g_autofree char *count = pr_test_query_value (db, sql);

      g_assert_cmpuint (g_ascii_strtoull (count, NULL, 10), >, 0);
    }
  every_record_answers_as_memory (db, &tally);
  g_assert_cmpuint (tally.n_by_passages, >, 0);
}

/* A record checked by its id whose text changed since the scan: its
 * stored passages, not its text's, are left out of the counts. Two
 * passages it held are held by one more record than the cap with it, by
 * the cap without it: not boilerplate, they keep the one record sharing
 * its new text's first two sentences too long to be a repeat (counted as
 * boilerplate, that record would pass). */
static void
test_changed_since_scan (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *s1 = sentence (100), *s2 = sentence (106), *q1 = sentence (101), *q2 = sentence (102);
  g_autofree char *s = g_strdup_printf ("%s %s", s1, s2);
  g_autofree char *l1 = sentence (103), *l2 = sentence (104), *l3 = sentence (105);
  g_autofree char *old_x = g_strdup_printf ("%s %s %s", s, q1, q2);
  g_autofree char *new_x = g_strdup_printf ("%s %s %s %s", s, l1, l2, l3);
  g_autofree char *sql = NULL;
  Tally tally = { 0 };

  new_letters (db);
  sql = g_strdup_printf ("INSERT INTO passages.letters VALUES (1, 'p1', '%s'), (2, 'p1', '%s')", old_x, old_x);
  pr_test_execute (db, sql);
  for (guint id = 3; id < 3 + PR_PART_DEFAULT_MAX_RECORDS - 1; id++)
    {
      g_autofree char *own = own_words (7000 + id);

      g_free (sql);
      sql = g_strdup_printf ("INSERT INTO passages.letters VALUES (%u, 'p1', '%s %s %s。')", id, q1, q2, own);
      pr_test_execute (db, sql);
    }
  scan ();
  g_free (sql);
  sql = g_strdup_printf ("UPDATE passages.letters SET body = '%s' WHERE id = 1", new_x);
  pr_test_execute (db, sql);

  every_record_answers_as_memory (db, &tally);
}


/* @n letters scanned into a new store, and the store. */
/* A short letter: two sentences (24 words) of the first 60 of the pool,
 * so that many pairs share one sentence and no more. */
static void
insert_short_letter (PrConnection *db,
                     guint         id)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (id * 13 + 5);
  g_autofree char *first = sentence (g_rand_int_range (rand, 10, 60));
  g_autofree char *second = sentence (g_rand_int_range (rand, 10, 60));
  g_autofree char *sql = g_strdup_printf ("INSERT INTO passages.letters VALUES (%u, 'p%u', '%s %s')",
                                          id, id % 40, first, second);

  pr_test_execute (db, sql);
}

static PrStore *
scanned_letters (PrConnection  *db,
                 guint          n,
                 gboolean       short_letters,
                 PrConnection **source)
{
  g_autoptr(GError) error = NULL;
  PrStore *store;

  new_letters (db);
  for (guint i = 1; i <= n; i++)
    {
      if (short_letters)
        insert_short_letter (db, i);
      else
        insert_letter (db, i, 0);
    }
  scan ();
  *source = pr_test_connect (server, "passages");
  store = pr_store_open (*source, "passagestore", &error);
  g_assert_no_error (error);
  return store;
}

/* One stored record's parts, for the brute-force oracle. */
typedef struct {
  char   *id;
  PrPart *parts;
  guint   n_parts;
} Stored;

static void
stored_free (gpointer data)
{
  Stored *stored = data;

  g_free (stored->id);
  g_free (stored->parts);
  g_free (stored);
}

static gboolean
keep_stored (const char  *record_id,
             PrPart      *parts,
             guint        n_parts,
             gpointer     user_data,
             GError     **error)
{
  Stored *stored = g_new (Stored, 1);

  *stored = (Stored) { g_strdup (record_id), parts, n_parts };
  g_ptr_array_add (user_data, stored);
  return TRUE;
}

static int
compare_u64 (gconstpointer a,
             gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

/* The passages in memory answer each stored record as the scan's rule does,
 * computed here by brute force: the table's boilerplate (parts more
 * records hold than the cap), every other record's overlap with it
 * (pr_part_overlap ()), and the rule for one petitioner or another; under
 * three sets of thresholds, so that candidates dropped early for their
 * containment are dropped only when the rule would drop them. */
static guint
assert_as_brute_force (guint     n_letters,
                       gboolean  short_letters,
                       guint    *n_short_found)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autoptr(PrConnection) source = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrStoredParts) passages = NULL;
  g_autoptr(GPtrArray) stored = g_ptr_array_new_with_free_func (stored_free);
  g_autoptr(GHashTable) holders = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GError) error = NULL;
  guint64 version = current_version ();
  const double thresholds[][2] = { { PR_PART_DEFAULT_MIN_CONTAINMENT, PR_PART_DEFAULT_MIN_CONTAINMENT_SAME_PETITIONER },
                                   { 0.25, 0.2 }, { 0.8, 0.7 } };
  guint n_found = 0;

  *n_short_found = 0;
  store = scanned_letters (db, n_letters, short_letters, &source);
  g_assert_true (pr_store_read_passages (store, "letters", version, keep_stored, stored, &error));
  g_assert_no_error (error);
  passages = pr_stored_parts_new (store, "letters", version, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->len, >, n_letters / 2);

  /* How many records hold each part, each record once. */
  for (guint r = 0; r < stored->len; r++)
    {
      const Stored *one = stored->pdata[r];
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

      for (guint i = 0; i < one->n_parts; i++)
        {
          guint64 hash = one->parts[i].hash;
          gpointer count;

          if (!g_hash_table_add (seen, g_memdup2 (&hash, sizeof hash)))
            continue;
          count = g_hash_table_lookup (holders, &hash);
          g_hash_table_replace (holders, g_memdup2 (&hash, sizeof hash), GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
        }
    }

  for (guint t = 0; t < G_N_ELEMENTS (thresholds); t++)
    {
      PrPartMatchOptions options = PR_PART_MATCH_OPTIONS_DEFAULT;
      g_autoptr(GArray) boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
      GHashTableIter iter;
      gpointer key, value;

      options.min_containment = thresholds[t][0];
      options.min_containment_same_petitioner = thresholds[t][1];
      options.min_shared_tokens_short = PR_PAIR_CANDIDATE_MIN_SHARED_SHORT;
      g_hash_table_iter_init (&iter, holders);
      while (g_hash_table_iter_next (&iter, &key, &value))
        if (GPOINTER_TO_UINT (value) > options.max_records_per_part)
          g_array_append_val (boilerplate, *(guint64 *) key);
      g_array_sort (boilerplate, compare_u64);

      for (guint r = 0; r < stored->len; r++)
        {
          const Stored *one = stored->pdata[r];
          g_autoptr(GPtrArray) expected = g_ptr_array_new ();
          g_autoptr(GPtrArray) got = g_ptr_array_new ();
          g_autoptr(GArray) found = pr_stored_parts_find_record (passages, one->id, &options);
          g_autofree char *expected_text = NULL, *got_text = NULL;

          for (guint o = 0; o < stored->len; o++)
            {
              const Stored *other = stored->pdata[o];
              PrPartOverlap overlap;

              if (o == r)
                continue;
              pr_part_overlap (one->parts, one->n_parts, other->parts, other->n_parts, boilerplate, &overlap);
              if (pr_part_match_accepts (&options, overlap.words_shared, overlap.words_a, overlap.words_b,
                                         overlap.all_words_a, overlap.all_words_b, FALSE) ||
                  pr_part_match_accepts (&options, overlap.words_shared, overlap.words_a, overlap.words_b,
                                         overlap.all_words_a, overlap.all_words_b, TRUE))
                {
                  g_ptr_array_add (expected, other->id);
                  /* Under the general minimum: found by the short records' own. */
                  *n_short_found += overlap.words_shared < options.min_shared_tokens &&
                                    overlap.words_shared < MIN (overlap.all_words_a, overlap.all_words_b);
                }
            }
          for (guint f = 0; f < found->len; f++)
            g_ptr_array_add (got, g_array_index (found, PrStoredPartMatch, f).record_id);
          expected_text = join_sorted (expected);
          got_text = join_sorted (got);
          g_assert_cmpstr (got_text, ==, expected_text);
          n_found += found->len;
        }
    }
  return n_found;
}

static void
test_brute_force (void)
{
  guint n_short;
  guint n_found = assert_as_brute_force (N_LETTERS, FALSE, &n_short);

  g_test_message ("%u records found by their passages under the three thresholds", n_found);
  g_assert_cmpuint (n_found, >, 50);
}

/* Letters of 24 words, many pairs sharing one sentence of twelve: the
 * stored passages find those whose shared words reach the short records'
 * minimum (10, not 20) as the scan's rule does, and there are such. */
static void
test_short_letters (void)
{
  guint n_short;
  guint n_found = assert_as_brute_force (120, TRUE, &n_short);

  g_test_message ("%u records found by their passages, %u of them by the short records' minimum", n_found, n_short);
  g_assert_cmpuint (n_short, >, 10);
}

/* Reading every stored passage ahead of the first check, stopped before it
 * began: a cancelled error, nothing kept; read again, every record. */
static void
test_read_ahead_stopped (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autoptr(PrConnection) source = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrStoredParts) passages = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  guint64 version = current_version ();

  store = scanned_letters (db, 40, FALSE, &source);
  g_cancellable_cancel (cancellable);
  passages = pr_stored_parts_new_full (store, "letters", version, 40, NULL, NULL, cancellable, &error);
  g_assert_null (passages);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  passages = pr_stored_parts_new_full (store, "letters", version, 40, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pr_stored_parts_get_n_records (passages), ==, 40);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/intake-passages/index", test_index);
  g_test_add_func ("/db/intake-passages/upgraded", test_upgraded);
  g_test_add_func ("/db/intake-passages/revived", test_revived);
  g_test_add_func ("/db/intake-passages/cap-edge", test_cap_edge);
  g_test_add_func ("/db/intake-passages/changed-since-scan", test_changed_since_scan);
  g_test_add_func ("/db/intake-passages/brute-force", test_brute_force);
  g_test_add_func ("/db/intake-passages/short-letters", test_short_letters);
  g_test_add_func ("/db/intake-passages/read-ahead-stopped", test_read_ahead_stopped);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
