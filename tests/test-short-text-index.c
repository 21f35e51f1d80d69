/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The intake check's short-text candidates against a brute force over
 * the same bodies: for every stored short body and for many new ones,
 * the records pr_store_find_short_texts () returns are those a scan of
 * the stored bodies and the new one pairs with it — 3-grams counted as
 * strings of three characters here, rare when in 2 to 30 of that set's
 * short bodies, at least half the smaller body's distinct 3-grams. Then
 * the same store taken back to version 13 (its short bodies packed as
 * that version kept them, a decision in it) and opened again: the
 * upgraded store answers the same, the decision kept.
 */
#include "config.h"

#include <string.h>

#include "pr-short-pairs.h"
#include "pr-store.h"
#include "pr-store-private.h"
#include "pr-store-short-texts.h"
#include "pr-test-server.h"

/* That @sql's one value on @db is @expected. */
static void
assert_value (PrConnection *db,
              const char   *sql,
              const char   *expected)
{
  g_autofree char *value = pr_test_query_value (db, sql);

  g_assert_cmpstr (value, ==, expected);
}

static const PrConnectionParams *server;

#define N_RECORDS 360
#define RUN(...) pr_test_server_run_cli ("shortidx", __VA_ARGS__)

static const char alphabet[] = "小区夜间施工噪音扰民请求查处工地医保报销比例调整退休职工门诊拆迁补偿标准物业停车收费";

/* Sentences each in about 30 bodies, a few more or fewer: whether their
 * 3-grams are rare depends on the new body being one more holder. */
static const char *const near_cap[] = {
  "甲乙丙丁戊己庚辛壬癸子丑", "寅卯辰巳午未申酉戌亥天地", "玄黄宇宙洪荒日月盈昃辰宿",
  "列张寒来暑往秋收冬藏闰余", "成岁律吕调阳云腾致雨露结", "为霜金生丽水玉出昆冈剑号",
};

typedef struct {
  char       *id;
  char       *body;
  GHashTable *grams;  /* (element-type utf8) its distinct 3-grams, NULL when not short */
} Body;

static GHashTable *
grams_of (const char *body)
{
  glong n = g_utf8_strlen (body, -1);
  GHashTable *grams;
  const char *p = body;

  if (n < 20 || n > 250)
    return NULL;
  grams = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (glong i = 0; i + 3 <= n; i++, p = g_utf8_next_char (p))
    {
      const char *end = g_utf8_offset_to_pointer (p, 3);

      g_hash_table_add (grams, g_strndup (p, end - p));
    }
  return grams;
}

static void
random_text (GRand   *rand,
             GString *out,
             guint    n_chars)
{
  glong n = g_utf8_strlen (alphabet, -1);

  for (guint i = 0; i < n_chars; i++)
    {
      const char *c = g_utf8_offset_to_pointer (alphabet, g_rand_int_range (rand, 0, n));

      g_string_append_len (out, c, g_utf8_next_char (c) - c);
    }
}

/* @base with a quarter to a half of its characters changed, dropped or
 * added: some such pairs share half their rare 3-grams, some do not. */
static char *
reworded (GRand      *rand,
          const char *base)
{
  GString *out = g_string_new (NULL);
  double rate = g_rand_double_range (rand, 0.05, 0.35);

  for (const char *p = base; *p != '\0'; p = g_utf8_next_char (p))
    {
      double r = g_rand_double (rand);

      if (r < rate / 3)
        continue;
      if (r < 2 * rate / 3)
        random_text (rand, out, 1);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      if (r > 1 - rate / 3)
        random_text (rand, out, 1);
    }
  return g_string_free (out, FALSE);
}

static char *
make_body (GRand     *rand,
           GPtrArray *earlier)
{
  GString *out = g_string_new (NULL);
  guint kind = g_rand_int_range (rand, 0, 10);

  if (earlier->len > 0 && kind < 4)
    {
      const Body *base = earlier->pdata[g_rand_int_range (rand, 0, earlier->len)];

      g_string_free (out, TRUE);
      return reworded (rand, base->body);
    }
  /* A template sentence in many bodies: its 3-grams are not rare. */
  if (kind < 7)
    g_string_append (out, "请领导重视尽快解决");
  random_text (rand, out, kind == 9 ? g_rand_int_range (rand, 5, 300) : g_rand_int_range (rand, 10, 50));
  return g_string_free (out, FALSE);
}

static void
body_free (gpointer data)
{
  Body *body = data;

  g_free (body->id);
  g_free (body->body);
  g_clear_pointer (&body->grams, g_hash_table_unref);
  g_free (body);
}

/* Each 3-gram's short bodies in @stored but @except's, into @counts. */
static void
count_holders (GPtrArray  *stored,
               const char *except,
               GHashTable *counts)
{
  GHashTableIter iter;
  gpointer gram;

  for (guint i = 0; i < stored->len; i++)
    {
      const Body *b = stored->pdata[i];

      if (b->grams == NULL || g_strcmp0 (b->id, except) == 0)
        continue;
      g_hash_table_iter_init (&iter, b->grams);
      while (g_hash_table_iter_next (&iter, &gram, NULL))
        g_hash_table_insert (counts, gram, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, gram)) + 1));
    }
}

/* The brute force: the stored bodies @own excepted that a scan of
 * @stored, with @grams as @own's body (its text now, which may not be
 * the one stored) or as one more when @own is NULL, pairs with @grams. */
static GPtrArray *
brute_force (GPtrArray  *stored,
             GHashTable *grams,
             const char *own)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer gram;

  if (grams == NULL)
    return found;
  count_holders (stored, own, counts);
  for (guint i = 0; i < stored->len; i++)
    {
      const Body *b = stored->pdata[i];
      guint shared = 0, smaller;

      if (b->grams == NULL || g_strcmp0 (b->id, own) == 0)
        continue;
      g_hash_table_iter_init (&iter, grams);
      while (g_hash_table_iter_next (&iter, &gram, NULL))
        {
          guint count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, gram)) + 1;

          if (count >= 2 && count <= 30 && g_hash_table_contains (b->grams, gram))
            shared++;
        }
      smaller = MIN (g_hash_table_size (b->grams), g_hash_table_size (grams));
      if ((double) shared / smaller >= 0.5)
        g_ptr_array_add (found, g_strdup (b->id));
    }
  return found;
}

static int
compare_strings (gconstpointer x,
                 gconstpointer y)
{
  return strcmp (*(const char *const *) x, *(const char *const *) y);
}

static char *
joined (GPtrArray *ids)
{
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    g_ptr_array_add (sorted, ids->pdata[i]);

  g_ptr_array_sort (sorted, compare_strings);
  for (guint i = 0; i < sorted->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? " " : "", (const char *) sorted->pdata[i]);
  return g_strdup (out->str);
}

/* Asks @schema for every stored body, @queries new ones, and @queries
 * again each as the text of a stored record changed since the scan;
 * returns how many answers held a candidate. */
static guint
assert_answers (PrConnection *db,
                const char   *schema,
                GPtrArray    *stored,
                GPtrArray    *queries)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrStore) store = pr_store_open (db, schema, &error);
  g_autoptr(GArray) grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  PrShortPairOptions options;
  guint non_empty = 0;

  g_assert_no_error (error);
  pr_short_pair_options_default (&options);
  for (guint i = 0; i < stored->len + 2 * queries->len; i++)
    {
      gboolean is_stored = i < stored->len;
      const Body *b = is_stored ? stored->pdata[i] : queries->pdata[(i - stored->len) % queries->len];
      const char *own = is_stored ? b->id : NULL;
      g_autoptr(GPtrArray) found = NULL;
      g_autoptr(GPtrArray) expected = NULL;
      g_autofree char *got = NULL, *want = NULL;
      gboolean kept = FALSE;

      if (i >= stored->len + queries->len)
        own = ((const Body *) stored->pdata[(i * 7) % stored->len])->id;
      expected = brute_force (stored, b->grams, own);
      pr_short_pairs_body_grams (&options, b->body, -1, grams);
      g_assert_true (pr_store_find_short_texts (store, "t", &options, (const guint64 *) (gpointer) grams->data,
                                                grams->len, own, &found, &kept, &error));
      g_assert_no_error (error);
      g_assert_true (kept);
      got = joined (found);
      want = joined (expected);
      if (g_strcmp0 (got, want) != 0)
        g_test_message ("answer %u (own %s) differs", i, own != NULL ? own : "none");
      g_assert_cmpstr (got, ==, want);
      non_empty += expected->len > 0;
    }
  return non_empty;
}

/* Appends the row of version 13 holding @blob's @n_bodies, as chunk @chunk. */
static void
add_version_13_row (GString    *sql,
                    guint       chunk,
                    guint       n_bodies,
                    GByteArray *blob)
{
  g_string_append_printf (sql, "%s('shortidx', 't', %u, (SELECT MAX(id) FROM shortstore.pr_scans), %u, 0x",
                          chunk > 0 ? ", " : "", chunk, n_bodies);
  for (guint i = 0; i < blob->len; i++)
    g_string_append_printf (sql, "%02x", blob->data[i]);
  g_string_append (sql, ")");
}

/* Packs @stored's short bodies as version 13 kept them, @per_row bodies
 * a row (chunks numbered with gaps, as nothing said they follow on). */
static void
keep_as_version_13 (PrConnection *db,
                    GPtrArray    *stored,
                    guint         per_row)
{
  g_autoptr(GByteArray) blob = g_byte_array_new ();
  g_autoptr(GArray) grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GString) sql = g_string_new ("INSERT INTO shortstore.pr_short_texts VALUES ");
  PrShortPairOptions options;
  guint n_bodies = 0, chunk = 0;

  pr_short_pair_options_default (&options);
  for (guint i = 0; i < stored->len; i++)
    {
      const Body *b = stored->pdata[i];
      guint16 id_length = GUINT16_TO_LE (strlen (b->id));
      guint32 n;

      if (!pr_short_pairs_body_grams (&options, b->body, -1, grams))
        continue;
      if (n_bodies == per_row)
        {
          add_version_13_row (sql, 3 * chunk++, n_bodies, blob);
          g_byte_array_set_size (blob, 0);
          n_bodies = 0;
        }
      n = GUINT32_TO_LE (grams->len);
      g_byte_array_append (blob, (const guint8 *) &id_length, 2);
      g_byte_array_append (blob, (const guint8 *) b->id, strlen (b->id));
      g_byte_array_append (blob, (const guint8 *) &n, 4);
      for (guint g = 0; g < grams->len; g++)
        {
          guint64 gram = GUINT64_TO_LE (g_array_index (grams, guint64, g));

          g_byte_array_append (blob, (const guint8 *) &gram, 8);
        }
      n_bodies++;
    }
  pr_test_execute (db, "CREATE TABLE shortstore.pr_short_texts ("
                       "  source_database VARCHAR(64) NOT NULL, source_table VARCHAR(64) NOT NULL,"
                       "  chunk INT UNSIGNED NOT NULL, scan_id BIGINT NOT NULL, n_bodies INT UNSIGNED NOT NULL,"
                       "  bodies MEDIUMBLOB NOT NULL, PRIMARY KEY (source_database, source_table, chunk)"
                       ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4");
  add_version_13_row (sql, 3 * chunk++, n_bodies, blob);
  g_test_message ("version 13 kept the short bodies in %u rows", chunk);
  pr_test_execute (db, sql->str);
  pr_test_execute (db, "DROP TABLE shortstore.pr_short_bodies");
  pr_test_execute (db, "DROP TABLE shortstore.pr_short_grams");
  pr_test_execute (db, "UPDATE shortstore.pr_meta SET value = '13' WHERE name = 'schema_version'");
}

/* A digest of @schema's index rows: each row of both tables, whole. */
static char *
index_rows (PrConnection *db,
            const char   *schema)
{
  g_autofree char *sql = g_strdup_printf (
    "SELECT CONCAT((SELECT CONCAT(COUNT(*), '/', SUM(CRC32(CONCAT_WS(',', source_database, source_table, body, "
    "scan_id, record_id, n_grams))), '/', MAX(body)) FROM %s.pr_short_bodies), ' ', "
    "(SELECT CONCAT(COUNT(*), '/', SUM(CRC32(CONCAT_WS(',', source_database, source_table, bucket, scan_id, "
    "HEX(grams)))), '/', SUM(LENGTH(grams))) FROM %s.pr_short_grams))", schema, schema);
  char *rows = pr_test_query_value (db, sql);

  g_test_message ("index rows of %s: %s", schema, rows);
  return rows;
}

static void
test_index_oracle (void)
{
  g_autoptr(PrConnection) admin = pr_test_connect (server, NULL);
  g_autoptr(PrConnection) db = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);
  g_autoptr(GPtrArray) stored = g_ptr_array_new_with_free_func (body_free);
  g_autoptr(GPtrArray) queries = g_ptr_array_new_with_free_func (body_free);
  g_autoptr(GString) sql = g_string_new ("INSERT INTO shortidx.t VALUES ");
  g_autofree char *err = NULL, *decisions = NULL, *after = NULL, *bodies = NULL;
  g_autofree char *fresh = NULL, *migrated = NULL;
  guint non_empty, non_empty_13;

  pr_test_execute (admin, "DROP DATABASE IF EXISTS shortidx");
  pr_test_execute (admin, "DROP DATABASE IF EXISTS shortstore");
  pr_test_execute (admin, "DROP DATABASE IF EXISTS shortstore_new");
  pr_test_execute (admin, "CREATE DATABASE shortidx CHARACTER SET utf8mb4");
  pr_test_execute (admin, "CREATE DATABASE shortstore");
  pr_test_execute (admin, "CREATE DATABASE shortstore_new");
  db = pr_test_connect (server, "shortidx");
  pr_test_execute (db, "CREATE TABLE shortidx.t (id INT PRIMARY KEY, user VARCHAR(10), body TEXT)");
  for (guint i = 0; i < N_RECORDS; i++)
    {
      Body *b = g_new0 (Body, 1);

      b->id = g_strdup_printf ("%u", i + 1);
      b->body = make_body (rand, stored);
      g_ptr_array_add (stored, b);
    }
  /* After the rewording, so that each sentence is in the bodies chosen. */
  for (guint i = 0; i < N_RECORDS; i++)
    {
      Body *b = stored->pdata[i];

      if (i / G_N_ELEMENTS (near_cap) < 28 + i % G_N_ELEMENTS (near_cap))
        {
          char *with = g_strconcat (near_cap[i % G_N_ELEMENTS (near_cap)], b->body, NULL);

          g_free (b->body);
          b->body = with;
        }
      b->grams = grams_of (b->body);
      g_string_append_printf (sql, "%s(%u, 'u%u', '%s')", i > 0 ? ", " : "", i + 1, i + 1, b->body);
    }
  pr_test_execute (db, sql->str);
  for (guint i = 0; i < 300; i++)
    {
      Body *b = g_new0 (Body, 1);

      b->body = i % 3 == 2 ? make_body (rand, queries)
                           : reworded (rand, ((Body *) stored->pdata[g_rand_int_range (rand, 0, N_RECORDS)])->body);
      b->grams = grams_of (b->body);
      g_ptr_array_add (queries, b);
    }

  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--petitioner", "user",
                        "--text", "body", "--second-stage", "--store", "shortstore", "--out", "/dev/null", NULL), ==, 0);
  {
    g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
    guint at[3] = { 0 };
    GHashTableIter iter;
    gpointer count;

    count_holders (stored, NULL, counts);
    g_hash_table_iter_init (&iter, counts);
    while (g_hash_table_iter_next (&iter, NULL, &count))
      if (GPOINTER_TO_UINT (count) >= 29 && GPOINTER_TO_UINT (count) <= 31)
        at[GPOINTER_TO_UINT (count) - 29]++;
    g_test_message ("3-grams in 29, 30, 31 short bodies: %u, %u, %u", at[0], at[1], at[2]);
    /* At the cap, a 3-gram is rare for a stored body and not for a new one. */
    g_assert_cmpuint (at[1], >, 0);
  }
  bodies = pr_test_query_value (db, "SELECT COUNT(*) FROM shortstore.pr_short_bodies");
  g_test_message ("%s short bodies kept", bodies);
  non_empty = assert_answers (db, "shortstore", stored, queries);
  g_test_message ("%u of %u answers hold a candidate", non_empty, stored->len + 2 * queries->len);
  /* Not a trivial oracle: many answers have candidates, many have none. */
  g_assert_cmpuint (non_empty, >, 60);
  g_assert_cmpuint (non_empty, <, stored->len + 2 * queries->len - 60);

  /* Back to version 13, with a decision; upgraded, nothing lost. */
  pr_test_execute (db, "INSERT INTO shortstore.pr_decisions (source_database, source_table, record_id, primary_id, "
                       "verdict, reviewer) VALUES ('shortidx', 't', '2', '1', 'repeat', 'clerk')");
  decisions = pr_test_query_value (db, "SELECT CONCAT(COUNT(*), ':', GROUP_CONCAT(record_id, verdict)) "
                                       "FROM shortstore.pr_decisions");
  fresh = index_rows (db, "shortstore");
  keep_as_version_13 (db, stored, 7);
  pr_test_assert_migrated (db, "shortstore", "shortstore_new", "pr_short_bodies");
  pr_test_assert_migrated (db, "shortstore", "shortstore_new", "pr_short_grams");
  assert_value (db, "SELECT COUNT(*) FROM information_schema.TABLES WHERE "
                    "TABLE_SCHEMA = 'shortstore' AND TABLE_NAME = 'pr_short_texts'", "0");
  after = pr_test_query_value (db, "SELECT CONCAT(COUNT(*), ':', GROUP_CONCAT(record_id, verdict)) "
                                   "FROM shortstore.pr_decisions");
  g_assert_cmpstr (after, ==, decisions);
  assert_value (db, "SELECT COUNT(*) FROM shortstore.pr_short_bodies", bodies);
  /* Read a row at a time, written as a scan writes it. */
  migrated = index_rows (db, "shortstore");
  g_assert_cmpstr (migrated, ==, fresh);
  non_empty_13 = assert_answers (db, "shortstore", stored, queries);
  g_assert_cmpuint (non_empty_13, ==, non_empty);
}

/* A table @table of @database (@uri_database in a URI) with 80 bodies,
 * some reworded from others, scanned with the store @store; the bodies
 * into @stored. */
static void
scan_small (PrConnection *admin,
            const char   *database,
            const char   *uri_database,
            const char   *table,
            const char   *store,
            GPtrArray    *stored)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GString) sql = g_string_new (NULL);
  g_autofree char *q_database = pr_connection_quote_identifier (database);
  g_autofree char *q_table = pr_connection_quote_identifier (table);
  g_autofree char *q_store = pr_connection_quote_identifier (store);
  g_autofree char *uri = pr_test_server_uri (uri_database, NULL);
  g_autofree char *err = NULL;
  const char *args[] = { "scan", "--db", uri, "--table", table, "--id", "id", "--petitioner", "user",
                         "--text", "body", "--second-stage", "--store", store, "--out", "/dev/null", NULL };

  g_string_printf (sql, "DROP DATABASE IF EXISTS %s", q_database);
  pr_test_execute (admin, sql->str);
  g_string_printf (sql, "DROP DATABASE IF EXISTS %s", q_store);
  pr_test_execute (admin, sql->str);
  g_string_printf (sql, "CREATE DATABASE %s CHARACTER SET utf8mb4", q_database);
  pr_test_execute (admin, sql->str);
  g_string_printf (sql, "CREATE DATABASE %s", q_store);
  pr_test_execute (admin, sql->str);
  g_string_printf (sql, "CREATE TABLE %s.%s (id INT PRIMARY KEY, user VARCHAR(10), body TEXT)", q_database, q_table);
  pr_test_execute (admin, sql->str);
  g_string_printf (sql, "INSERT INTO %s.%s VALUES ", q_database, q_table);
  for (guint i = 0; i < 80; i++)
    {
      Body *b = g_new0 (Body, 1);

      b->id = g_strdup_printf ("%u", i + 1);
      b->body = make_body (rand, stored);
      b->grams = grams_of (b->body);
      g_ptr_array_add (stored, b);
      g_string_append_printf (sql, "%s(%u, 'u%u', '%s')", i > 0 ? ", " : "", i + 1, i + 1, b->body);
    }
  pr_test_execute (admin, sql->str);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
}

/* pr_store_find_short_texts () for @body as a new text in @store. */
static gboolean
find_for (const char    *database,
          const char    *store,
          const char    *table,
          const PrShortPairOptions *options,
          const char    *body,
          GPtrArray    **found,
          GError       **error)
{
  g_autoptr(PrConnection) source = pr_test_connect (server, database);
  g_autoptr(PrStore) opened = pr_store_open (source, store, error);
  g_autoptr(GArray) grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  gboolean kept = FALSE;

  g_assert_nonnull (opened);
  pr_short_pairs_body_grams (options, body, -1, grams);
  if (!pr_store_find_short_texts (opened, table, options, (const guint64 *) (gpointer) grams->data, grams->len,
                                  NULL, found, &kept, error))
    return FALSE;
  g_assert_true (kept);
  return TRUE;
}

/* The refusal of @body as a new text in @store: its message, which says
 * what to do (--store @store). */
static char *
refused (const char               *database,
         const char               *store,
         const char               *table,
         const PrShortPairOptions *options,
         const char               *body)
{
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *word = g_shell_quote (store);

  g_assert_false (find_for (database, store, table, options, body, &found, &error));
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_assert_null (found);
  g_test_message ("%s", error->message);
  g_assert_true (strstr (error->message, "--store ") != NULL &&
                 (strstr (error->message, store) != NULL || strstr (error->message, word) != NULL));
  return g_strdup (error->message);
}

/* A stored body whose answer holds more than itself, and that answer. */
static const Body *
body_with_candidates (GPtrArray  *stored,
                      GPtrArray **expected)
{
  for (guint i = 0; i < stored->len; i++)
    {
      const Body *b = stored->pdata[i];

      *expected = brute_force (stored, b->grams, NULL);
      if ((*expected)->len >= 2)
        return b;
      g_clear_pointer (expected, g_ptr_array_unref);
    }
  g_assert_not_reached ();
}

/* A text its 3-grams name but without its row in pr_short_bodies (a
 * damaged or partly written store) is refused, not left out. */
static void
test_missing_body (void)
{
  g_autoptr(PrConnection) admin = pr_test_connect (server, NULL);
  g_autoptr(GPtrArray) stored = g_ptr_array_new_with_free_func (body_free);
  g_autoptr(GPtrArray) expected = NULL;
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL, *want = NULL, *delete = NULL, *said = NULL;
  PrShortPairOptions options;
  const Body *b;

  pr_short_pair_options_default (&options);
  scan_small (admin, "shortmiss", "shortmiss", "t", "shortmiss_store", stored);
  b = body_with_candidates (stored, &expected);
  g_assert_true (find_for ("shortmiss", "shortmiss_store", "t", &options, b->body, &found, &error));
  g_assert_no_error (error);
  got = joined (found);
  want = joined (expected);
  g_assert_cmpstr (got, ==, want);
  g_clear_pointer (&found, g_ptr_array_unref);

  /* Another candidate's row gone: the answer would be smaller. */
  delete = g_strdup_printf ("DELETE FROM shortmiss_store.pr_short_bodies WHERE record_id = '%s'",
                            (const char *) (g_strcmp0 (expected->pdata[0], b->id) != 0 ? expected->pdata[0]
                                                                                     : expected->pdata[1]));
  pr_test_execute (admin, delete);
  said = refused ("shortmiss", "shortmiss_store", "t", &options, b->body);
  g_assert_nonnull (strstr (said, "`shortmiss_store`.`pr_short_bodies`"));
  g_assert_nonnull (strstr (said, "1 of the texts"));
  g_assert_nonnull (strstr (said, "--store shortmiss_store"));
}

/* Every part of the rule the index was made by is kept with it, and a
 * check by another rule is refused rather than answered by two. */
static void
test_rule_recorded (void)
{
  g_autoptr(PrConnection) admin = pr_test_connect (server, NULL);
  g_autoptr(GPtrArray) stored = g_ptr_array_new_with_free_func (body_free);
  g_autoptr(GPtrArray) expected = NULL;
  g_autoptr(GError) error = NULL;
  const char *header = "UPDATE shortrule_store.pr_short_grams SET grams = %s WHERE bucket = 4294967295";
  struct {
    guint  min_chars, max_chars, max_records;
    double min_containment;
  } others[] = {
    { 21, 250, 30, 0.5 }, { 20, 249, 30, 0.5 }, { 19, 251, 30, 0.5 },
    { 20, 250, 29, 0.5 }, { 20, 250, 31, 0.5 }, { 20, 250, 30, 0.6 }, { 20, 250, 30, 0.4999 },
  };
  /* The rules version and the 3-gram's size, changed in the header. */
  const char *changed[] = { "INSERT(grams, 13, 4, UNHEX('03000000'))", "INSERT(grams, 17, 4, UNHEX('04000000'))" };
  PrShortPairOptions options;
  const Body *b;

  scan_small (admin, "shortrule", "shortrule", "t", "shortrule_store", stored);
  b = body_with_candidates (stored, &expected);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autofree char *said = NULL;

      pr_short_pair_options_default (&options);
      options.min_chars = others[i].min_chars;
      options.max_chars = others[i].max_chars;
      options.max_records = others[i].max_records;
      options.min_containment = others[i].min_containment;
      said = refused ("shortrule", "shortrule_store", "t", &options, b->body);
      g_assert_nonnull (strstr (said, "another rule"));
    }
  pr_short_pair_options_default (&options);
  for (guint i = 0; i < G_N_ELEMENTS (changed); i++)
    {
      g_autofree char *said = NULL;
      g_autofree char *update = g_strdup_printf (header, changed[i]);
      g_autofree char *undo = g_strdup_printf (header, i == 0 ? "INSERT(grams, 13, 4, UNHEX('02000000'))"
                                                      : "INSERT(grams, 17, 4, UNHEX('03000000'))");

      pr_test_execute (admin, update);
      said = refused ("shortrule", "shortrule_store", "t", &options, b->body);
      g_assert_nonnull (strstr (said, "another rule"));
      pr_test_execute (admin, undo);
    }
  /* The program's own rule answers. A header of the first layout was
   * written by programs that knew only rules version 1, which read white
   * space as characters: refused. */
  {
    g_autoptr(GPtrArray) found = NULL;
    g_autofree char *got = NULL, *want = joined (expected);
    g_autofree char *update = g_strdup_printf (header, "LEFT(grams, 12)");
    g_autofree char *said = NULL;

    g_assert_true (find_for ("shortrule", "shortrule_store", "t", &options, b->body, &found, &error));
    g_assert_no_error (error);
    got = joined (found);
    g_assert_cmpstr (got, ==, want);
    pr_test_execute (admin, update);
    said = refused ("shortrule", "shortrule_store", "t", &options, b->body);
    g_assert_nonnull (strstr (said, "rules version 1"));
  }
}

/* The statements a damaged index's message gives run as shown where the
 * names hold a backtick, a quote and a backslash, and delete that table's
 * rows only. */
static void
test_damage_quoted (void)
{
  g_autoptr(PrConnection) admin = pr_test_connect (server, NULL);
  g_autoptr(GPtrArray) stored = g_ptr_array_new_with_free_func (body_free);
  g_auto(GStrv) lines = NULL;
  PrShortPairOptions options;
  const char *store = "short`s'tore";
  const char *q_store = "`short``s'tore`";
  /* A backslash too: an escape in the server's default sql_mode. */
  const char *table = "t`'\\q";
  guint n_statements = 0;
  g_autofree char *sql = NULL, *left = NULL, *said = NULL;

  pr_short_pair_options_default (&options);
  scan_small (admin, "short`d'b", "short%60d%27b", table, store, stored);
  /* Another table's index, which the statements must leave. */
  sql = g_strdup_printf ("INSERT INTO %s.pr_short_grams SELECT 'other', source_table, bucket, scan_id, grams "
                         "FROM %s.pr_short_grams", q_store, q_store);
  pr_test_execute (admin, sql);
  g_free (sql);
  sql = g_strdup_printf ("UPDATE %s.pr_short_grams SET grams = 'x' WHERE source_database = 'short`d''b' AND "
                         "bucket = 4294967295", q_store);
  pr_test_execute (admin, sql);
  said = refused ("short`d'b", store, table, &options, ((Body *) stored->pdata[0])->body);
  lines = g_strsplit (said, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "DELETE FROM "))
      {
        pr_test_execute (admin, lines[i]);
        n_statements++;
      }
  g_assert_cmpuint (n_statements, ==, 2);
  g_free (sql);
  sql = g_strdup_printf ("SELECT CONCAT((SELECT COUNT(*) FROM %s.pr_short_grams WHERE source_database = 'short`d''b'), "
                         "' ', (SELECT COUNT(*) FROM %s.pr_short_bodies WHERE source_database = 'short`d''b'), ' ', "
                         "(SELECT COUNT(*) > 0 FROM %s.pr_short_grams WHERE source_database = 'other'))",
                         q_store, q_store, q_store);
  left = pr_test_query_value (admin, sql);
  g_assert_cmpstr (left, ==, "0 0 1");
}

/* Rows of another scan's index than the header's (as a read between a
 * scan's commit and the next meets them) are refused, never mixed: the
 * bodies' numbers of one scan name other records in another. */
static void
test_rows_of_two_scans (void)
{
  g_autoptr(PrConnection) admin = pr_test_connect (server, NULL);
  g_autoptr(GPtrArray) stored = g_ptr_array_new_with_free_func (body_free);
  g_autoptr(GPtrArray) expected = NULL;
  const char *moves[][2] = {
    { "UPDATE shorttwo_store.pr_short_bodies SET scan_id = scan_id + 1",
      "UPDATE shorttwo_store.pr_short_bodies SET scan_id = scan_id - 1" },
    { "UPDATE shorttwo_store.pr_short_grams SET scan_id = scan_id + 1 WHERE bucket <> 4294967295",
      "UPDATE shorttwo_store.pr_short_grams SET scan_id = scan_id - 1 WHERE bucket <> 4294967295" },
  };
  PrShortPairOptions options;
  const Body *b;

  pr_short_pair_options_default (&options);
  scan_small (admin, "shorttwo", "shorttwo", "t", "shorttwo_store", stored);
  b = body_with_candidates (stored, &expected);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autofree char *said = NULL;
      g_autoptr(GPtrArray) found = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *got = NULL, *want = joined (expected);

      pr_test_execute (admin, moves[i][0]);
      said = refused ("shorttwo", "shorttwo_store", "t", &options, b->body);
      g_assert_nonnull (strstr (said, "different scans"));
      pr_test_execute (admin, moves[i][1]);
      g_assert_true (find_for ("shorttwo", "shorttwo_store", "t", &options, b->body, &found, &error));
      g_assert_no_error (error);
      got = joined (found);
      g_assert_cmpstr (got, ==, want);
    }
}

typedef struct {
  guint    stage;    /* where the scan commits */
  gboolean scanned;
} Between;

/* What a scan that keeps no short texts commits for shortsnap.t (as
 * _pr_store_write_short_texts () does with none kept), from a
 * connection of its own. */
static void
scan_between_reads (guint    stage,
                    gpointer data)
{
  Between *between = data;
  g_autoptr(PrConnection) scan = NULL;

  if (stage != between->stage || between->scanned)
    return;
  between->scanned = TRUE;
  scan = pr_test_connect (server, NULL);
  pr_test_execute (scan, "START TRANSACTION");
  pr_test_execute (scan, "DELETE FROM shortsnap_store.pr_short_grams "
                         "WHERE source_database = 'shortsnap' AND source_table = 't'");
  pr_test_execute (scan, "DELETE FROM shortsnap_store.pr_short_bodies "
                         "WHERE source_database = 'shortsnap' AND source_table = 't'");
  pr_test_execute (scan, "COMMIT");
}

/* A scan that keeps no short texts, committed between the check's
 * reads of the index (after the header; after the 3-grams' rows), does
 * not change the check's answer: that of the index at its start, as
 * the brute force finds it, neither empty nor refused as damaged. */
static void
test_scan_between_reads (void)
{
  g_autoptr(PrConnection) admin = pr_test_connect (server, NULL);
  g_autoptr(GPtrArray) stored = g_ptr_array_new_with_free_func (body_free);
  g_autoptr(GPtrArray) expected = NULL;
  g_autofree char *want = NULL;
  PrShortPairOptions options;
  const Body *b;

  pr_short_pair_options_default (&options);
  for (guint stage = 0; stage < 2; stage++)
    {
      Between between = { stage, FALSE };
      g_autoptr(GPtrArray) found = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *got = NULL;

      g_ptr_array_set_size (stored, 0);
      g_clear_pointer (&expected, g_ptr_array_unref);
      scan_small (admin, "shortsnap", "shortsnap", "t", "shortsnap_store", stored);
      b = body_with_candidates (stored, &expected);
      g_free (want);
      want = joined (expected);
      _pr_store_short_texts_between_reads = scan_between_reads;
      _pr_store_short_texts_between_reads_data = &between;
      find_for ("shortsnap", "shortsnap_store", "t", &options, b->body, &found, &error);
      _pr_store_short_texts_between_reads = NULL;
      g_assert_true (between.scanned);
      g_assert_no_error (error);
      got = joined (found);
      g_assert_cmpstr (got, ==, want);
      /* The scan did delete them. */
      assert_value (admin, "SELECT (SELECT COUNT(*) FROM shortsnap_store.pr_short_grams) + "
                           "(SELECT COUNT(*) FROM shortsnap_store.pr_short_bodies)", "0");
    }
}

/* A check on a connection inside its caller's transaction leaves that
 * transaction open, its writes not committed; outside one, it leaves
 * none open. */
static void
test_caller_transaction_kept (void)
{
  g_autoptr(PrConnection) admin = pr_test_connect (server, NULL);
  g_autoptr(PrConnection) source = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GPtrArray) stored = g_ptr_array_new_with_free_func (body_free);
  g_autoptr(GPtrArray) expected = NULL;
  g_autoptr(GArray) grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GError) error = NULL;
  PrShortPairOptions options;
  const Body *b;

  pr_short_pair_options_default (&options);
  scan_small (admin, "shortopen", "shortopen", "t", "shortopen_store", stored);
  b = body_with_candidates (stored, &expected);
  pr_short_pairs_body_grams (&options, b->body, -1, grams);
  pr_test_execute (admin, "CREATE TABLE shortopen.mark (n INT)");
  source = pr_test_connect (server, "shortopen");
  store = pr_store_open (source, "shortopen_store", &error);
  g_assert_no_error (error);
  for (guint open = 0; open < 2; open++)
    {
      g_autoptr(GPtrArray) found = NULL;
      g_autofree char *got = NULL, *want = joined (expected);
      gboolean kept = FALSE;

      if (open)
        {
          pr_test_execute (source, "START TRANSACTION");
          pr_test_execute (source, "INSERT INTO shortopen.mark VALUES (1)");
        }
      g_assert_true (pr_store_find_short_texts (store, "t", &options, (const guint64 *) (gpointer) grams->data,
                                                grams->len, NULL, &found, &kept, &error));
      g_assert_no_error (error);
      got = joined (found);
      g_assert_cmpstr (got, ==, want);
      assert_value (source, "SELECT @@in_transaction", open ? "1" : "0");
    }
  pr_test_execute (source, "ROLLBACK");
  assert_value (admin, "SELECT COUNT(*) FROM shortopen.mark", "0");
}

/* An account that may not drop pr_short_texts cannot upgrade a version
 * 13 store: it is told the privilege to ask for, and the short texts it
 * could not drop are upgraded, nothing lost, by an account that may. */
static void
test_upgrade_without_drop (void)
{
  g_autoptr(PrConnection) admin = pr_test_fresh_database (server, "nodrop");
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (server);
  g_autoptr(PrConnection) clerk = NULL;
  g_autoptr(PrStore) made = NULL;
  g_autoptr(PrStore) refused = NULL;
  g_autoptr(PrStore) upgraded = NULL;
  g_autoptr(GError) error = NULL;

  made = pr_store_open (admin, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&made, pr_store_free);
  pr_test_execute (admin, "CREATE TABLE nodrop.pr_short_texts ("
                          "  source_database VARCHAR(64) NOT NULL, source_table VARCHAR(64) NOT NULL,"
                          "  chunk INT UNSIGNED NOT NULL, scan_id BIGINT NOT NULL, n_bodies INT UNSIGNED NOT NULL,"
                          "  bodies MEDIUMBLOB NOT NULL, PRIMARY KEY (source_database, source_table, chunk)"
                          ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4");
  pr_test_execute (admin, "INSERT INTO nodrop.pr_short_texts VALUES ('nodrop', 't', 0, 1, 0, '')");
  pr_test_execute (admin, "DROP TABLE nodrop.pr_short_bodies");
  pr_test_execute (admin, "DROP TABLE nodrop.pr_short_grams");
  pr_test_execute (admin, "UPDATE nodrop.pr_meta SET value = '13' WHERE name = 'schema_version'");
  pr_test_execute (admin, "CREATE USER IF NOT EXISTS nodropper IDENTIFIED BY 'pw'");
  pr_test_execute (admin, "GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, INDEX ON nodrop.* TO nodropper");

  g_free (params->user);
  params->user = g_strdup ("nodropper");
  g_free (params->password);
  params->password = g_strdup ("pw");
  g_free (params->database);
  params->database = g_strdup ("nodrop");
  clerk = pr_connection_open (params, &error);
  g_assert_no_error (error);
  refused = pr_store_open (clerk, NULL, &error);
  g_assert_null (refused);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE);
  g_test_message ("%s", error->message);
  /* What to ask for, not only the server's words. */
  g_assert_nonnull (strstr (error->message, "lacks the DROP privilege"));
  g_assert_nonnull (strstr (error->message, "pr_short_texts"));
  assert_value (admin, "SELECT value FROM nodrop.pr_meta WHERE name = 'schema_version'", "13");
  g_clear_error (&error);

  upgraded = pr_store_open (admin, NULL, &error);
  g_assert_no_error (error);
  assert_value (admin, "SELECT COUNT(*) FROM information_schema.TABLES WHERE "
                       "TABLE_SCHEMA = 'nodrop' AND TABLE_NAME = 'pr_short_texts'", "0");
  assert_value (admin, "SELECT COUNT(*) FROM nodrop.pr_short_grams WHERE "
                       "source_table = 't'", "1");
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();
  g_test_add_func ("/db/short-text-index/oracle", test_index_oracle);
  g_test_add_func ("/db/short-text-index/upgrade-without-drop", test_upgrade_without_drop);
  g_test_add_func ("/db/short-text-index/missing-body", test_missing_body);
  g_test_add_func ("/db/short-text-index/rule-recorded", test_rule_recorded);
  g_test_add_func ("/db/short-text-index/damage-quoted", test_damage_quoted);
  g_test_add_func ("/db/short-text-index/rows-of-two-scans", test_rows_of_two_scans);
  g_test_add_func ("/db/short-text-index/scan-between-reads", test_scan_between_reads);
  g_test_add_func ("/db/short-text-index/caller-transaction-kept", test_caller_transaction_kept);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
