/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The intake check against a real throwaway server: the earlier records it
 * finds are those a brute-force scan of every stored fingerprint finds
 * (from the block index in memory and from the server's block columns, for
 * a record of the table and for a typed one); and check --format csv tells
 * each earlier record's case, kind, identity evidence, state, dates and
 * disposition, hand-computed from the rules.
 */
#include "config.h"

#include <string.h>

#include "pr-case-rules.h"
#include "pr-store-cases.h"
#include "pr-fingerprinter.h"
#include "pr-intake.h"
#include "pr-record-reader.h"
#include "pr-store.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("intake", __VA_ARGS__)

static const char *const words[] = {
  "小区", "夜间", "施工", "噪音", "扰民", "请求", "查处", "工地", "围挡", "医保", "报销", "比例",
  "调整", "退休", "职工", "门诊", "慢性病", "拆迁", "补偿", "标准", "过低", "物业", "停车", "收费",
};

/* intake.many: 400 records of 8 to 14 words from a small vocabulary, every
 * fifth a copy of an earlier one with a word changed, so that many are
 * within k of one another; scanned into intakestore. */
static void
make_many (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) sql = g_string_new ("INSERT INTO intake.many VALUES ");

  pr_test_execute (db, "DROP DATABASE IF EXISTS intake");
  pr_test_execute (db, "DROP DATABASE IF EXISTS intakestore");
  pr_test_execute (db, "CREATE DATABASE intake CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE intakestore");
  pr_test_execute (db, "CREATE TABLE intake.many (id INT PRIMARY KEY, body TEXT)");
  for (guint i = 0; i < 400; i++)
    {
      GString *text = g_string_new (NULL);

      if (i % 5 == 4)
        {
          g_auto(GStrv) copy = g_strsplit (texts->pdata[g_rand_int_range (rand, 0, i)], " ", -1);
          guint n = g_strv_length (copy);

          guint changed = g_rand_int_range (rand, 0, n);

          g_free (copy[changed]);
          copy[changed] = g_strdup (words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
          g_string_append (text, copy[0]);
          for (guint w = 1; w < n; w++)
            g_string_append_printf (text, " %s", copy[w]);
        }
      else
        for (guint w = 0, n = g_rand_int_range (rand, 8, 15); w < n; w++)
          g_string_append_printf (text, "%s%s", w > 0 ? " " : "", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
      g_string_append_printf (sql, "%s(%u, '%s')", i > 0 ? ", " : "", i + 1, text->str);
      g_ptr_array_add (texts, g_string_free (text, FALSE));
    }
  pr_test_execute (db, sql->str);
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "many", "--id", "id", "--text", "body",
                        "--store", "intakestore", "--out", "/dev/null", NULL), ==, 0);
}

/* The oracle: every stored fingerprint of @version within @k of @fp, but
 * @self, as "id:distance" sorted by distance then id. */
static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static char *
brute_force (GHashTable *stored,
             guint64     version,
             guint64     fp,
             guint       k,
             const char *self)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key, value;
  GString *out = g_string_new (NULL);

  g_hash_table_iter_init (&iter, stored);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const PrStoredFingerprint *s = value;
      guint d = __builtin_popcountll (s->fingerprint ^ fp);

      if (s->sparse || s->mapping_version != version || d > k || g_strcmp0 (key, self) == 0)
        continue;
      /* Distance first, then the id as the answer sorts it (strcmp). */
      g_ptr_array_add (found, g_strdup_printf ("%02u %s", d, (char *) key));
    }
  g_ptr_array_sort (found, compare_rows);
  for (guint i = 0; i < found->len; i++)
    {
      const char *row = found->pdata[i];

      g_string_append_printf (out, "%s:%u ", row + 3, (guint) g_ascii_strtoull (row, NULL, 10));
    }
  return g_string_free (out, FALSE);
}

static char *
answer_to_string (GArray *answer)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < answer->len; i++)
    {
      const PrIntakeCase *c = &g_array_index (answer, PrIntakeCase, i);

      /* Those found by shared passages beyond k are not the brute force's:
       * test-intake-cases.c holds them to the scan's cases. */
      if (!c->by_passages)
        g_string_append_printf (out, "%s:%u ", c->id, c->distance);
    }
  return g_string_free (out, FALSE);
}

static void
test_oracle (void)
{
  g_autoptr(PrConnection) db = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  g_autoptr(GHashTable) stored = NULL;
  g_autoptr(GError) error = NULL;
  PrPartMethod method = { 0 };
  PrLoadOptions load = { 0 };
  g_autoptr(GPtrArray) cases = NULL;
  g_autoptr(GHashTable) case_of = g_hash_table_new (g_str_hash, g_str_equal);
  guint64 version;
  guint n_nonempty = 0, n_in_cases = 0;

  make_many ();
  db = pr_test_connect (server, "intake");
  store = pr_store_open (db, "intakestore", &error);
  g_assert_no_error (error);
  pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, PR_TEXT_DEFAULT_WEIGHT, NULL);
  /* The CLI's defaults, which the scan above fingerprinted with. */
  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = PR_DEFAULT_MIN_TOKENS;
  version = pr_fingerprint_version (mapping, load.flags, load.min_tokens, &method);
  stored = pr_store_load_fingerprints (store, "many", version, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (stored), ==, 400);
  /* The second oracle: every open case of the table, read whole. */
  cases = pr_store_list_cases (store, "many", FALSE, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < cases->len; i++)
    {
      PrStoredCase *c = cases->pdata[i];

      for (guint m = 0; m < c->n_members; m++)
        g_hash_table_insert (case_of, c->member_ids[m], c);
    }

  for (int in_memory = 0; in_memory <= 1; in_memory++)
    {
      g_autoptr(PrIntake) intake = pr_intake_new (db, store, "many", mapping, &load, version, 3, rules,
                                                  in_memory, &error);

      g_assert_no_error (error);
      for (guint r = 5; r <= 400; r += 5)
        {
          g_autofree char *id = g_strdup_printf ("%u", r);
          const PrStoredFingerprint *self = g_hash_table_lookup (stored, id);
          g_autoptr(GArray) answer = pr_intake_check_record (intake, id, NULL, NULL, &error);
          g_autofree char *got = NULL, *expected = NULL, *typed_got = NULL, *typed_expected = NULL;
          g_autoptr(GArray) typed = NULL;
          char **values;

          g_assert_no_error (error);
          got = answer_to_string (answer);
          expected = brute_force (stored, version, self->fingerprint, 3, id);
          g_assert_cmpstr (got, ==, expected);
          n_nonempty += answer->len > 0;
          for (guint i = 0; i < answer->len; i++)
            {
              const PrIntakeCase *c = &g_array_index (answer, PrIntakeCase, i);
              const PrStoredCase *in = g_hash_table_lookup (case_of, c->id);

              g_assert_cmpuint (c->case_number, ==, in != NULL ? in->number : 0);
              g_assert_cmpstr (c->primary_id, ==, in != NULL ? in->primary_id : NULL);
              n_in_cases += in != NULL;
            }

          /* Typed, not in the table: the record itself is an earlier one. */
          values = pr_record_reader_fetch (db, "many", mapping, id, PR_ADVICE_FLAGS, &error);
          g_assert_no_error (error);
          g_free (values[0]);
          values[0] = g_strdup ("");
          typed = pr_intake_check (intake, (const char *const *) values, NULL, NULL, &error);
          g_assert_no_error (error);
          typed_got = answer_to_string (typed);
          typed_expected = brute_force (stored, version, self->fingerprint, 3, NULL);
          g_assert_cmpstr (typed_got, ==, typed_expected);
          g_free (values[0]);
          g_free (values[1]);
          g_free (values);
        }
    }
  /* The oracle's answers are not all empty: the comparison tells something. */
  g_assert_cmpuint (n_nonempty, >, 10);
  g_assert_cmpuint (n_in_cases, >, 10);
}

#define BODY "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 影响 休息'"
#define OTHER "'医保 报销 比例 调整 退休 职工 门诊 慢性病 药费'"

/* A valid ID card number: @first17 and its check character. */
static char *
id_card (const char *first17)
{
  return g_strdup_printf ("%s%c", first17, pr_id_card_check_character (first17));
}

static void
test_csv (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *a = id_card ("11010519491231002");
  g_autofree char *b = id_card ("44030419800101123");
  g_autofree char *sql = NULL;
  g_autofree char *out = NULL, *err = NULL;

  pr_test_execute (db, "DROP DATABASE IF EXISTS intake");
  pr_test_execute (db, "DROP DATABASE IF EXISTS intakestore");
  pr_test_execute (db, "CREATE DATABASE intake CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE intakestore");
  pr_test_execute (db, "CREATE TABLE intake.cases (id INT PRIMARY KEY, name VARCHAR(20), id_card VARCHAR(20), "
                       "phone VARCHAR(30), unit VARCHAR(20), status VARCHAR(10), accepted DATE, "
                       "date DATE, body TEXT)");
  /* 1: 张伟's case, being handled; 2: 张伟 again, the ID card written
   * with a space and his phone in another form; 3: another person on the
   * same matter, whose case is concluded; 4: another matter. */
  sql = g_strdup_printf ("INSERT INTO intake.cases VALUES "
                         "(1, '张伟', '%s', '13800001111', '市信访局', '办理中', '2026-01-05', '2026-01-04', " BODY "), "
                         "(2, '张 伟', '%.6s %s', '+86 138-0000-1111', '市信访局', NULL, NULL, '2026-02-01', " BODY "), "
                         "(3, '李娜', '%s', '13900002222', '市信访局', '办结', '2026-01-12', '2026-01-10', " BODY "), "
                         "(4, '王芳', NULL, NULL, '市信访局', NULL, NULL, '2026-01-11', " OTHER ")",
                         a, a, a + 6, b);
  pr_test_execute (db, sql);
#define FLAGS "--db", "URI", "--table", "cases", "--id", "id", "--text", "body", "--date", "date", \
              "--name", "name", "--id-card", "id_card", "--phone", "phone", "--unit", "unit", \
              "--status", "status", "--accepted", "accepted", "--store", "intakestore"
  g_assert_cmpint (RUN (NULL, NULL, "scan", FLAGS, "--out", "/dev/null", NULL), ==, 0);

  g_assert_cmpint (RUN (&out, &err, "check", FLAGS, "--record", "2", "--format", "csv", NULL), ==, 0);
  g_test_message ("%s", err);
  /* 1: a repeat by the same person (equal ID card), being handled: remind
   * within the period (60 days from 2026-01-05, docs/petition-rules.md);
   * the dates as scan --out writes them. The probabilities are
   * the model's own (the shipped set for the body alone, one text column,
   * on equal bodies: the same petitioner 0.997, another 0.989), checked
   * here only as the column's format; the weights' choice has its own
   * tests. */
  g_assert_cmpstr (out, ==,
                   "id,distance,case,primary_id,kind,evidence,status,state,date,accepted,disposition,due,found_by,"
                   "probability\r\n"
                   "1,0,1,1,repeat,id_card,办理中,handling,2026-01-04 00:00,2026-01-05 00:00,remind,2026-03-06,distance,"
                   "0.997\r\n"
                   "3,0,1,1,same-matter,,办结,concluded,2026-01-10 00:00,2026-01-12 00:00,,,distance,0.989\r\n");

  /* The text output stays as it was. */
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (RUN (&out, NULL, "check", FLAGS, "--record", "2", NULL), ==, 0);
  g_assert_cmpstr (out, ==, "id,distance\r\n1,0\r\n3,0\r\n");

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (RUN (&out, &err, "check", FLAGS, "--record", "2", "--format", "xml", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--format xml: give text or csv"));
}


/* Record 2's words written to @letter as a new letter (not in the
 * table), checked with check --csv; returns the output. */
static char *
check_letter (const char *letter,
              const char *min_tokens)
{
  char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_true (g_file_set_contents (letter, "id,user,subject,body,time\n"
                                      "9,u9,金星小区工地扰民,金星小区夜里施工噪音太大，半夜十二点还在打桩，居民都无法休息，望尽快处理,2024-03-09\n",
                                      -1, NULL));
  g_assert_cmpint (RUN (&out, &err, "check", "--db", "URI", "--table", "short", "--id-column", "id", "--petitioner",
                        "user", "--text", "subject", "--text", "body", "--date", "time", "--store", "intakestore",
                        "--csv", letter, "--format", "csv", min_tokens != NULL ? "--min-tokens" : NULL, min_tokens,
                        NULL), ==, 0);
  g_test_message ("%s%s", out, err);
  return out;
}

/* Two short letters about one building site, reworded: no passage shared,
 * fingerprints far apart, but half the shorter's character 3-grams are
 * the other's (tests/test-cli-second-stage.c counts them by hand). The
 * judged scan with a store is the oracle: when it pairs 1 and 2 and puts
 * them in one case, the check of record 2, and of its words typed as a
 * new letter, finds record 1 in that case, by its short text. */
static void
test_short_text (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *clusters = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *letter = g_build_filename (dir, "letter.csv", NULL);
  g_autofree char *text = NULL, *out = NULL, *err = NULL, *expected = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) first = NULL;
  const char *case_1 = NULL, *case_2 = NULL;

  pr_test_execute (db, "DROP DATABASE IF EXISTS intake");
  pr_test_execute (db, "DROP DATABASE IF EXISTS intakestore");
  pr_test_execute (db, "CREATE DATABASE intake CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE intakestore");
  pr_test_execute (db, "CREATE TABLE intake.short (id INT PRIMARY KEY, user VARCHAR(10), subject TEXT, body TEXT, "
                       "time DATE)");
  pr_test_execute (db, "INSERT INTO intake.short VALUES "
                       "(1, 'u1', '夜间施工噪音', '金星小区夜间施工噪音太大，晚上十二点还在打桩，居民无法休息，请领导尽快调查处理', '2024-03-01'), "
                       "(2, 'u2', '金星小区工地扰民', '金星小区夜里施工噪音太大，半夜十二点还在打桩，居民都无法休息，望尽快处理', '2024-03-03'), "
                       "(3, 'u3', '路灯不亮', '银湖花园东门外的路灯已经坏了一个多月，晚上出行很不方便，老人小孩容易摔倒，希望修复', '2024-03-05'), "
                       "(4, 'u4', '垃圾站臭气', '东塘街道垃圾中转站臭气熏天，夏天更严重，附近居民窗户都不敢开，请相关部门处理', '2024-03-07')");
#define SHORT_FLAGS "--db", "URI", "--table", "short", "--id", "id", "--petitioner", "user", "--text", "subject", \
                    "--text", "body", "--date", "time", "--store", "intakestore"
  g_assert_cmpint (RUN (NULL, &err, "scan", SHORT_FLAGS, "--second-stage", "--probability", "0.2", "--pairs", pairs,
                        "--out", clusters, NULL), ==, 0);
  /* The oracle: the scan's one candidate is 1 with 2, at no distance
   * within k, and its clusters join them. */
  g_assert_true (g_file_get_contents (pairs, &text, NULL, NULL));
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_true (g_str_has_prefix (lines[1], "1,2,"));
  first = g_strsplit (lines[1], ",", -1);
  g_clear_pointer (&text, g_free);
  g_strfreev (lines);
  g_assert_true (g_file_get_contents (clusters, &text, NULL, NULL));
  lines = g_strsplit (text, "\r\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);

      if (g_strv_length (fields) < 6)
        continue;
      if (g_str_equal (fields[1], "1"))
        case_1 = g_intern_string (fields[5]);
      if (g_str_equal (fields[1], "2"))
        case_2 = g_intern_string (fields[5]);
    }
  g_assert_nonnull (case_1);
  g_assert_cmpstr (case_1, ==, case_2);

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (RUN (&out, &err, "check", SHORT_FLAGS, "--record", "2", "--format", "csv", NULL), ==, 0);
  g_test_message ("%s%s", out, err);
  expected = g_strdup_printf ("1,%s,%s,1,", first[2], case_1);
  g_assert_true (g_str_has_prefix (strchr (out, '\n') + 1, expected));
  g_assert_nonnull (strstr (out, ",short-text,"));
  g_assert_null (strstr (strchr (out, '\n') + 1, "\n3,"));

  /* Record 2's words as a new letter, not in the table. */
  g_clear_pointer (&out, g_free);
  out = check_letter (letter, NULL);
  {
    const char *row = strstr (out, "\n9,1,");

    g_assert_nonnull (row);
    g_assert_true (g_str_has_prefix (strchr (row + 5, ',') + 1, case_1));
    g_assert_nonnull (strstr (row, ",short-text,"));
  }
  pr_test_remove_tree (dir);
}

/* A store of version 12 (no short texts kept, a judged scan done) gains
 * the table as a new store has it; the check then finds no short-text
 * candidate, as the scan before kept none, until the next judged scan. */
static void
test_short_text_migrated (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL, *err = NULL, *n_rows = NULL;

  /* The table and store test_short_text () left. */
  pr_test_execute (db, "DROP TABLE intakestore.pr_short_bodies");
  pr_test_execute (db, "DROP TABLE intakestore.pr_short_grams");
  pr_test_execute (db, "UPDATE intakestore.pr_meta SET value = '12' WHERE name = 'schema_version'");
  pr_test_execute (db, "DROP DATABASE IF EXISTS intakestore_new");
  pr_test_execute (db, "CREATE DATABASE intakestore_new");
  pr_test_assert_migrated (db, "intakestore", "intakestore_new", "pr_short_bodies");
  pr_test_assert_migrated (db, "intakestore", "intakestore_new", "pr_short_grams");
  g_assert_cmpint (RUN (&out, &err, "check", SHORT_FLAGS, "--record", "2", "--format", "csv", NULL), ==, 0);
  g_assert_null (strstr (out, "short-text"));
  /* Said, not silent: the scan before kept none. */
  g_assert_nonnull (strstr (err, "kept no short texts"));

  g_assert_cmpint (RUN (NULL, NULL, "scan", SHORT_FLAGS, "--second-stage", "--probability", "0.2", "--out",
                        "/dev/null", NULL), ==, 0);
  n_rows = pr_test_query_value (db, "SELECT COUNT(*) FROM intakestore.pr_short_bodies");
  g_assert_cmpstr (n_rows, ==, "4");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (RUN (&out, &err, "check", SHORT_FLAGS, "--record", "2", "--format", "csv", NULL), ==, 0);
  g_assert_nonnull (strstr (out, ",short-text,"));
  g_assert_null (strstr (err, "kept no short texts"));
}

/* Records too short to fingerprint (--min-tokens above their words) are
 * still paired by their short texts in a judged scan: the scan is the
 * oracle, and the check of record 2 at the same --min-tokens must find
 * record 1 as the scan paired them, not answer nothing. */
static void
test_short_text_sparse (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *clusters = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *letter = g_build_filename (dir, "letter.csv", NULL);
  g_autofree char *text = NULL, *out = NULL, *err = NULL;

  /* The table test_short_text () left, scanned again with every record sparse. */
  g_assert_cmpint (RUN (NULL, &err, "scan", SHORT_FLAGS, "--min-tokens", "60", "--second-stage", "--probability",
                        "0.2", "--out", clusters, NULL), ==, 0);
  g_assert_true (g_file_get_contents (clusters, &text, NULL, NULL));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, ",1,1,"));
  g_assert_nonnull (strstr (text, ",2,1,"));

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (RUN (&out, &err, "check", SHORT_FLAGS, "--min-tokens", "60", "--record", "2", "--format", "csv",
                        NULL), ==, 0);
  g_test_message ("%s%s", out, err);
  g_assert_true (g_str_has_prefix (strchr (out, '\n') + 1, "1,"));
  g_assert_nonnull (strstr (out, ",short-text,"));

  /* Record 2's words as a new letter, not in the table (--csv). */
  g_clear_pointer (&out, g_free);
  out = check_letter (letter, "60");
  g_assert_nonnull (strstr (out, "\n9,1,"));
  g_assert_nonnull (strstr (strstr (out, "\n9,1,"), ",short-text,"));
  pr_test_remove_tree (dir);
}

/* Damaged short texts are refused, and the advice deletes only this
 * table's rows, not those the schema keeps for its other tables. */
static void
test_short_text_damaged (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL, *err = NULL, *n_rows = NULL;

  /* The store test_short_text_sparse () left, with another table's row. */
  pr_test_execute (db, "INSERT INTO intakestore.pr_short_grams SELECT 'other', source_table, bucket, scan_id, "
                       "grams FROM intakestore.pr_short_grams");
  pr_test_execute (db, "UPDATE intakestore.pr_short_grams SET grams = 'x' WHERE source_database = 'intake'");
  g_assert_cmpint (RUN (&out, &err, "check", SHORT_FLAGS, "--min-tokens", "60", "--record", "2", NULL), !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "are damaged"));
  g_assert_nonnull (strstr (err, "WHERE source_database = 'intake' AND source_table = 'short'"));
  /* The advice followed: the other table's row is left. */
  pr_test_execute (db, "DELETE FROM intakestore.pr_short_grams WHERE source_database = 'intake' AND "
                       "source_table = 'short'");
  n_rows = pr_test_query_value (db, "SELECT COUNT(*) FROM intakestore.pr_short_grams WHERE source_database = 'other'");
  g_assert_cmpstr (n_rows, !=, "0");
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/intake/oracle", test_oracle);
  g_test_add_func ("/cli/check/format-csv", test_csv);
  g_test_add_func ("/db/intake/short-text", test_short_text);
  g_test_add_func ("/db/intake/short-text-migrated", test_short_text_migrated);
  g_test_add_func ("/db/intake/short-text-sparse", test_short_text_sparse);
  g_test_add_func ("/db/intake/short-text-damaged", test_short_text_damaged);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
